import { describe, expect, it } from 'vitest';
import { SIGNALING_MAX_MESSAGE_BYTES, type WhiteboardElement } from '@podium/protocol';
import { whiteboardSlice } from './state.ts';
import { WhiteboardSync, frames } from './sync.ts';

const el = (id: string, version: number, versionNonce = 1, more = {}): WhiteboardElement => ({
  id,
  type: 'freedraw',
  version,
  versionNonce,
  isDeleted: false,
  x: 0,
  y: 0,
  width: 1,
  height: 1,
  ...more,
});

const reduce = whiteboardSlice.reduce!;
const room = {} as Parameters<typeof reduce>[2];

describe('the whiteboard slice', () => {
  it('takes the whole board after a welcome and reconciles what others change', () => {
    let slice = reduce(
      whiteboardSlice.initial,
      { type: 'whiteboard_scene', elements: [el('a', 2), el('b', 1)], full: true, by: null },
      room,
    );
    expect([...slice.elements.keys()]).toEqual(['a', 'b']);
    slice = reduce(
      slice,
      { type: 'whiteboard_scene', elements: [el('a', 1, 0), el('c', 1)], full: false, by: 'p2' },
      room,
    );
    // The older copy of "a" loses; "c" is new.
    expect(slice.elements.get('a')?.version).toBe(2);
    expect(slice.elements.has('c')).toBe(true);
    expect(slice.revision).toBe(2);
    slice = reduce(
      slice,
      {
        type: 'whiteboard_state',
        whiteboard: { open: true, editors: 'everyone', opened_by: 'p1', opened_by_name: 'Mai' },
      },
      room,
    );
    expect(slice.view.open).toBe(true);
  });
});

describe('what a drawing person sends', () => {
  it('sends only elements whose version grew, never echoes the room, never images', () => {
    const sent: WhiteboardElement[][] = [];
    const sync = new WhiteboardSync((batch) => sent.push(batch));
    sync.seen([el('remote', 3)]);
    sync.push([el('remote', 3), el('mine', 1), { ...el('pic', 1), type: 'image' }]);
    expect(sent.flat().map((e) => e.id)).toEqual(['mine']);
    sync.push([el('remote', 3), el('mine', 1)]);
    expect(sent).toHaveLength(1);
    sync.push([el('mine', 2), el('remote', 4)]);
    expect(sent[1]?.map((e) => `${e.id}@${e.version}`)).toEqual(['mine@2', 'remote@4']);
  });

  it('splits a large drawing into frames the socket takes', () => {
    const points = Array.from({ length: 400 }, (_, i) => [i, i]);
    const big = Array.from({ length: 40 }, (_, i) => el(`s${i}`, 1, 1, { points }));
    const batches = frames(big);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat()).toHaveLength(40);
    for (const batch of batches) {
      expect(
        JSON.stringify({ type: 'whiteboard_update', id: 'x', elements: batch }).length,
      ).toBeLessThan(SIGNALING_MAX_MESSAGE_BYTES);
    }
  });
});
