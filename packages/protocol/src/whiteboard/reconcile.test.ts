import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderElements, reconcile, remoteWins, type VersionedElement } from './reconcile.ts';

interface El extends VersionedElement {
  readonly by: string;
  readonly x: number;
  readonly isDeleted: boolean;
}

const el = (id: string, version: number, versionNonce: number, more: Partial<El> = {}): El => ({
  id,
  version,
  versionNonce,
  index: 'a0',
  by: 'p',
  x: 0,
  isDeleted: false,
  ...more,
});

/** Applies updates one batch at a time, as the server does. */
const applyAll = (batches: readonly (readonly El[])[]): Map<string, El> =>
  batches.reduce<Map<string, El>>((board, batch) => reconcile(board, batch).board, new Map());

const boardOf = (board: Map<string, El>) => orderElements(board.values());

describe('whiteboard reconcile (Excalidraw rule)', () => {
  it('takes a higher version, and at an equal version the lower nonce', () => {
    expect(remoteWins(undefined, el('a', 1, 5))).toBe(true);
    expect(remoteWins(el('a', 2, 5), el('a', 3, 9))).toBe(true);
    expect(remoteWins(el('a', 3, 5), el('a', 2, 1))).toBe(false);
    expect(remoteWins(el('a', 3, 5), el('a', 3, 4))).toBe(true);
    expect(remoteWins(el('a', 3, 5), el('a', 3, 6))).toBe(false);
    // The very same copy again changes nothing.
    const same = el('a', 3, 5);
    expect(remoteWins(same, { ...same })).toBe(false);
  });

  it('keeps a deletion against an older copy arriving late', () => {
    const drawn = el('a', 1, 10);
    const deleted = el('a', 2, 7, { isDeleted: true });
    const { board, accepted } = reconcile(new Map([['a', deleted]]), [drawn]);
    expect(accepted).toEqual([]);
    expect(board.get('a')?.isDeleted).toBe(true);
  });

  it('answers only the elements that changed the board', () => {
    const start = applyAll([[el('a', 2, 1), el('b', 1, 1)]]);
    const { accepted } = reconcile(start, [el('a', 1, 0), el('b', 2, 3), el('c', 1, 4)]);
    expect(accepted.map((e) => `${e.id}@${e.version}`)).toEqual(['b@2', 'c@1']);
  });

  it('orders the board by fractional index, then id', () => {
    const ordered = orderElements([
      el('z', 1, 1, { index: 'a1' }),
      el('b', 1, 1, { index: 'a0' }),
      el('a', 1, 1, { index: 'a1' }),
    ]);
    expect(ordered.map((e) => e.id)).toEqual(['b', 'a', 'z']);
  });

  /**
   * Several people edit a few shared elements concurrently: each edit is a new copy of an element
   * with a version one above what its author had seen and a fresh random nonce (as Excalidraw's
   * bumpVersion). Whatever order and batching the updates reach the server (or any client) in,
   * the board ends the same, and equals the per-id maximum of the rule.
   */
  it('converges to the same board in any delivery order and batching', () => {
    const edit = fc.record({
      by: fc.constantFrom('host', 'presenter-1', 'presenter-2', 'guest'),
      id: fc.constantFrom('e1', 'e2', 'e3', 'e4'),
      seen: fc.nat({ max: 6 }),
      versionNonce: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      x: fc.integer({ min: -500, max: 500 }),
      index: fc.constantFrom('a0', 'a1', 'a2', 'b0'),
      isDeleted: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(edit, { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
        fc.nat({ max: 5 }),
        (edits, seeds, chunk) => {
          const copies = edits.map((e) =>
            el(e.id, e.seen + 1, e.versionNonce, {
              by: e.by,
              x: e.x,
              index: e.index,
              isDeleted: e.isDeleted,
            }),
          );
          const expected = boardOf(applyAll(copies.map((c) => [c])));
          for (const seed of seeds) {
            const shuffled = shuffle(copies, seed);
            const size = chunk + 1;
            const batches: El[][] = [];
            for (let i = 0; i < shuffled.length; i += size)
              batches.push(shuffled.slice(i, i + size));
            expect(boardOf(applyAll(batches))).toEqual(expected);
          }
          // Idempotent: everything delivered twice changes nothing.
          expect(boardOf(applyAll([copies, copies]))).toEqual(expected);
          // The winner of each id is the maximum of (version, -nonce, canonical text).
          for (const winner of expected) {
            for (const c of copies.filter((x) => x.id === winner.id)) {
              expect(remoteWins(winner, c)).toBe(false);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('settles two copies with the same version and nonce the same way in either order', () => {
    const a = el('a', 4, 9, { x: 1 });
    const b = el('a', 4, 9, { x: 2 });
    expect(boardOf(applyAll([[a], [b]]))).toEqual(boardOf(applyAll([[b], [a]])));
  });
});

/** A deterministic Fisher–Yates shuffle (mulberry32). */
function shuffle<T>(items: readonly T[], seed: number): T[] {
  let s = seed >>> 0;
  const random = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
