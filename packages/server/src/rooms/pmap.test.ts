import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PMap } from './pmap.ts';

type Op = { key: string; value: number | null; batch: boolean };

describe('PMap', () => {
  it('behaves like a Map and never changes an earlier version', () => {
    const op = fc.record({
      key: fc.string({ maxLength: 4 }),
      value: fc.option(fc.integer(), { nil: null }),
      batch: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops: Op[]) => {
        const model = new Map<string, number>();
        let map = PMap.empty<number>();
        const versions: [PMap<number>, [string, number][]][] = [];
        for (const { key, value, batch } of ops) {
          versions.push([map, [...model].sort()]);
          if (value === null) model.delete(key);
          else model.set(key, value);
          if (batch) map = map.apply(new Map([[key, value]]));
          else map = value === null ? map.delete(key) : map.set(key, value);
          expect(map.size).toBe(model.size);
          expect(map.get(key)).toBe(model.get(key));
          expect(map.has(key)).toBe(model.has(key));
        }
        expect([...map].sort()).toEqual([...model].sort());
        for (const [old, entries] of versions) expect([...old].sort()).toEqual(entries);
      }),
    );
  });

  it('names exactly the keys whose value changed since an earlier version', () => {
    const op = fc.record({
      key: fc.string({ maxLength: 3 }),
      value: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 60 }),
        fc.array(op, { maxLength: 20 }),
        (start: Omit<Op, 'batch'>[], more: Omit<Op, 'batch'>[]) => {
          let base = PMap.empty<number>();
          for (const { key, value } of start) {
            base = value === null ? base.delete(key) : base.set(key, value);
          }
          let next = base;
          for (const { key, value } of more) {
            next = value === null ? next.delete(key) : next.set(key, value);
          }
          const keys = new Set([...base.keys(), ...next.keys()]);
          const expected = [...keys].filter((k) => base.get(k) !== next.get(k)).sort();
          expect([...next.changedSince(base)].sort()).toEqual(expected);
          expect([...base.changedSince(next)].sort()).toEqual(expected);
          expect([...next.changedSince(next)]).toEqual([]);
        },
      ),
    );
  });

  it('applies a batch in one step', () => {
    const map = PMap.from([
      ['a', 1],
      ['b', 2],
    ]);
    const next = map.apply(
      new Map<string, number | null>([
        ['a', null],
        ['c', 3],
        ['b', 4],
      ]),
    );
    expect([...next].sort()).toEqual([
      ['b', 4],
      ['c', 3],
    ]);
    expect(next.size).toBe(2);
    expect([...map].sort()).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
  });
});
