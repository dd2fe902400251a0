import { describe, expect, it } from 'vitest';
import {
  ROLES,
  WHITEBOARD_MAX_ELEMENTS,
  WHITEBOARD_OPEN_ROLES,
  canEditWhiteboard,
  WHITEBOARD_UPDATES_BURST,
  WHITEBOARD_UPDATES_PER_SECOND,
  type WhiteboardElement,
} from '@podium/protocol';
import { can } from '../../../rooms/index.ts';
import { Board } from './board.ts';
import { WhiteboardSlot } from './slot.ts';

const line = (id: string, version = 1, versionNonce = 1): WhiteboardElement => ({
  id,
  type: 'line',
  version,
  versionNonce,
  isDeleted: false,
  x: 0,
  y: 0,
  width: 1,
  height: 1,
  points: [
    [0, 0],
    [1, 1],
  ],
});

describe('a room board', () => {
  it('refuses growth past its element bound but still takes changes and deletions', () => {
    const board = new Board(
      Array.from({ length: WHITEBOARD_MAX_ELEMENTS }, (_, i) => line(`e${i}`)),
    );
    expect(board.apply([line('one-more')])).toEqual({ ok: false });
    expect(board.size).toBe(WHITEBOARD_MAX_ELEMENTS);
    const deleted = { ...line('e1', 2, 1), isDeleted: true };
    expect(board.apply([deleted])).toEqual({ ok: true, accepted: [deleted] });
    // A refused update leaves nothing of itself behind.
    expect(board.apply([line('e2', 2, 1), line('new')])).toEqual({ ok: false });
    expect(board.elements().find((e) => e.id === 'e2')?.version).toBe(1);
  });

  it('answers only what changed it', () => {
    const board = new Board([line('a', 3, 1)]);
    expect(board.apply([line('a', 2, 1)])).toEqual({ ok: true, accepted: [] });
    expect(board.apply([line('a', 4, 1), line('b')]).ok).toBe(true);
    expect(board.elements().map((e) => `${e.id}@${e.version}`)).toEqual(['a@4', 'b@1']);
  });
});

describe('the update rate of one person', () => {
  it('allows a burst, then the sustained rate', () => {
    const slot = new WhiteboardSlot(
      undefined,
      { open: true, editors: 'presenters', opened_by: null, opened_by_name: null },
      new Board(),
    );
    const t0 = 1_000_000;
    for (let i = 0; i < WHITEBOARD_UPDATES_BURST; i++) expect(slot.take('p1', t0)).toBe(true);
    expect(slot.take('p1', t0)).toBe(false);
    // Someone else has their own allowance.
    expect(slot.take('p2', t0)).toBe(true);
    // One second later: the sustained rate's worth again.
    const later = t0 + 1000;
    for (let i = 0; i < WHITEBOARD_UPDATES_PER_SECOND; i++)
      expect(slot.take('p1', later)).toBe(true);
    expect(slot.take('p1', later)).toBe(false);
  });
});

describe('the whiteboard permission columns', () => {
  it('say what the protocol tells the web app', () => {
    for (const role of ROLES) {
      expect(can(role, 'whiteboard_draw'), role).toBe(canEditWhiteboard(role, 'presenters'));
      expect(can(role, 'whiteboard_open'), role).toBe(WHITEBOARD_OPEN_ROLES.includes(role));
    }
  });
});
