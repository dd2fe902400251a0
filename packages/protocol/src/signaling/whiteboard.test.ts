import { describe, expect, it } from 'vitest';
import { parseClientMessage } from '../signaling.ts';
import {
  WHITEBOARD_MAX_ELEMENT_CHARS,
  WHITEBOARD_MAX_UPDATE_ELEMENTS,
  canEditWhiteboard,
  whiteboardElement,
} from './whiteboard.ts';

/** A freehand stroke as Excalidraw 0.18 sends it. */
const stroke = {
  id: 'dA3kq9ZfV2x',
  type: 'freedraw',
  x: 120.5,
  y: 80,
  width: 60,
  height: 20,
  angle: 0,
  strokeColor: '#1e1e1e',
  backgroundColor: 'transparent',
  fillStyle: 'solid',
  strokeWidth: 2,
  strokeStyle: 'solid',
  roughness: 1,
  opacity: 100,
  groupIds: [],
  frameId: null,
  index: 'a0',
  roundness: null,
  seed: 1968410350,
  version: 12,
  versionNonce: 1359110582,
  isDeleted: false,
  boundElements: null,
  updated: 1764140000000,
  link: null,
  locked: false,
  points: [
    [0, 0],
    [30, 10],
    [60, 20],
  ],
  pressures: [],
  simulatePressure: true,
  lastCommittedPoint: [60, 20],
};

const update = (elements: unknown[]) =>
  parseClientMessage({ type: 'whiteboard_update', id: 'r1', elements });

describe('whiteboard elements at the boundary', () => {
  it('accepts an Excalidraw element and keeps the fields it does not check', () => {
    const parsed = whiteboardElement.parse(stroke);
    expect(parsed).toEqual(stroke);
    expect(update([stroke]).ok).toBe(true);
  });

  it('refuses images, embeds and unknown types', () => {
    for (const type of ['image', 'embeddable', 'iframe', 'selection', 'script']) {
      expect(whiteboardElement.safeParse({ ...stroke, type }).success, type).toBe(false);
    }
  });

  it('refuses a link that is not a web address', () => {
    expect(whiteboardElement.safeParse({ ...stroke, link: 'javascript:alert(1)' }).success).toBe(
      false,
    );
    expect(whiteboardElement.safeParse({ ...stroke, link: 'https://example.org/x' }).success).toBe(
      true,
    );
  });

  it('refuses missing or wrong sync fields', () => {
    const { version: _v, ...noVersion } = stroke;
    expect(whiteboardElement.safeParse(noVersion).success).toBe(false);
    expect(whiteboardElement.safeParse({ ...stroke, version: 0 }).success).toBe(false);
    expect(whiteboardElement.safeParse({ ...stroke, version: 1.5 }).success).toBe(false);
    expect(whiteboardElement.safeParse({ ...stroke, versionNonce: '1' }).success).toBe(false);
    expect(whiteboardElement.safeParse({ ...stroke, id: '' }).success).toBe(false);
    expect(whiteboardElement.safeParse({ ...stroke, x: 1e12 }).success).toBe(false);
  });

  it('refuses a __proto__ key, too many keys and an oversized element', () => {
    const poisoned = JSON.parse(
      `{"__proto__": {"admin": true}, ${JSON.stringify(stroke).slice(1)}`,
    );
    expect(whiteboardElement.safeParse(poisoned).success).toBe(false);
    const wide = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`k${i}`, i]));
    expect(whiteboardElement.safeParse({ ...stroke, ...wide }).success).toBe(false);
    const big = { ...stroke, customData: { note: 'x'.repeat(WHITEBOARD_MAX_ELEMENT_CHARS) } };
    expect(whiteboardElement.safeParse(big).success).toBe(false);
  });

  it('bounds an update: at least one element, at most the maximum', () => {
    expect(update([]).ok).toBe(false);
    const many = Array.from({ length: WHITEBOARD_MAX_UPDATE_ELEMENTS + 1 }, (_, i) => ({
      ...stroke,
      id: `e${i}`,
    }));
    expect(update(many).ok).toBe(false);
  });

  it('lets presenters and moderators edit, and everyone when the host allows it', () => {
    for (const role of ['host', 'co-host', 'presenter', 'speaker']) {
      expect(canEditWhiteboard(role, 'presenters'), role).toBe(true);
    }
    for (const role of ['participant', 'guest', 'interpreter']) {
      expect(canEditWhiteboard(role, 'presenters'), role).toBe(false);
      expect(canEditWhiteboard(role, 'everyone'), role).toBe(true);
    }
  });
});
