import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  askHelp,
  balancedSplit,
  move,
  openBreakout,
  refusal,
  roomIdOf,
  roomOf,
  together,
  warningAt,
  type Breakout,
  type BreakoutAsker,
} from './rules.ts';

const host: BreakoutAsker = { role: 'host', mode: 'meeting', inRoom: null };
const people = (n: number) => Array.from({ length: n }, (_, i) => `g:${i}`);

function sizes(b: Breakout): number[] {
  return b.rooms.map((r) => [...b.assigned.values()].filter((id) => id === r.id).length);
}

describe('breakout rooms: assignment', () => {
  it('splits everyone into balanced rooms at random (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.infiniteStream(fc.double({ min: 0, max: 0.999999, noNaN: true })),
        (n, count, stream) => {
          const random = () => stream.next().value as number;
          const b = openBreakout({
            count,
            people: people(n),
            assign: 'auto',
            allowChoose: false,
            endsAt: null,
            random,
          });
          // Everyone is in exactly one existing room, nobody else is.
          expect([...b.assigned.keys()].sort()).toEqual(people(n).sort());
          for (const roomId of b.assigned.values())
            expect(b.rooms.map((r) => r.id)).toContain(roomId);
          // Sizes differ by one at most.
          const s = sizes(b);
          expect(Math.max(...s) - Math.min(...s)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('is random: the same people split differently with other draws', () => {
    const a = balancedSplit(people(8), ['b1', 'b2'], () => 0.1);
    const b = balancedSplit(people(8), ['b1', 'b2'], () => 0.7);
    expect([...a.entries()]).not.toEqual([...b.entries()]);
  });

  it('opens empty rooms by hand, named in order', () => {
    const b = openBreakout({
      count: 3,
      people: people(5),
      assign: 'manual',
      allowChoose: true,
      endsAt: null,
      random: Math.random,
    });
    expect(b.rooms).toEqual([
      { id: 'b1', name: 'Room 1' },
      { id: 'b2', name: 'Room 2' },
      { id: 'b3', name: 'Room 3' },
    ]);
    expect(b.assigned.size).toBe(0);
    expect(roomOf(b, 'g:0')).toBeNull();
  });

  it('moves by hand keep everyone in one room at most; closing returns everyone (property)', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('move' as const),
        who: fc.integer({ min: 0, max: 9 }),
        to: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
        moderator: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('help' as const), room: fc.integer({ min: 0, max: 3 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.boolean(), (ops, auto) => {
        let b: Breakout | null = openBreakout({
          count: 4,
          people: people(10),
          assign: auto ? 'auto' : 'manual',
          allowChoose: false,
          endsAt: null,
          random: Math.random,
        });
        const model = new Map<string, string | null>(
          people(10).map((key) => [key, roomOf(b, key)]),
        );
        for (const o of ops) {
          if (o.kind === 'move') {
            const key = `g:${o.who}`;
            const to = o.to === null ? null : roomIdOf(o.to);
            b = move(b, key, to, o.moderator);
            model.set(key, to);
            if (o.moderator && to !== null) expect(b.help.has(to)).toBe(false);
          } else {
            b = askHelp(b, roomIdOf(o.room));
            expect(b.help.has(roomIdOf(o.room))).toBe(true);
          }
          // The breakout says exactly what the model says: one place per person.
          for (const [key, where] of model) expect(roomOf(b, key)).toBe(where);
          for (const a of people(10))
            for (const c of people(10))
              expect(together(b, a, c)).toBe(model.get(a) === model.get(c));
        }
        // Closing: no breakout rooms, everyone in the main room, everyone hears everyone.
        b = null;
        for (const key of people(10)) expect(roomOf(b, key)).toBeNull();
        expect(together(b, 'g:0', 'g:9')).toBe(true);
      }),
    );
  });

  it('warns 60 s before the timer runs out', () => {
    const b = openBreakout({
      count: 2,
      people: [],
      assign: 'manual',
      allowChoose: false,
      endsAt: 600_000,
      random: Math.random,
    });
    expect(warningAt(b)).toBe(540_000);
    expect(warningAt({ ...b, endsAt: null })).toBeNull();
  });
});

describe('breakout rooms: who may', () => {
  const open = openBreakout({
    count: 2,
    people: ['g:1'],
    assign: 'auto',
    allowChoose: false,
    endsAt: null,
    random: Math.random,
  });

  it('lets hosts and co-hosts open, assign, broadcast, visit and close', () => {
    for (const role of ['host', 'co-host'] as const) {
      const asker = { ...host, role };
      expect(refusal(null, 'open', asker)).toBeNull();
      for (const command of ['assign', 'join', 'broadcast', 'close'] as const) {
        expect(refusal(open, command, asker, 'b2')).toBeNull();
      }
      expect(refusal(open, 'join', asker, null)).toBeNull();
    }
  });

  it('refuses everyone else with the spec permission message', () => {
    for (const role of ['presenter', 'speaker', 'interpreter', 'participant', 'guest'] as const) {
      for (const command of ['open', 'assign', 'broadcast', 'close'] as const) {
        expect(refusal(open, command, { ...host, role })).toMatchObject({
          code: 'permission',
          key: 'errors.permission',
          message: 'You do not have permission to perform this function',
        });
      }
    }
  });

  it('lets participants choose only when allowed, and ask for help only from a breakout room', () => {
    const guest: BreakoutAsker = { role: 'guest', mode: 'conference', inRoom: null };
    expect(refusal(open, 'join', guest, 'b1')).toMatchObject({
      key: 'breakout.choose_not_allowed',
    });
    expect(refusal({ ...open, allowChoose: true }, 'join', guest, 'b1')).toBeNull();
    expect(refusal({ ...open, allowChoose: true }, 'join', guest, 'b9')).toMatchObject({
      code: 'target_not_found',
      key: 'breakout.no_room',
    });
    expect(refusal(open, 'help', guest)).toMatchObject({ key: 'breakout.not_in_breakout' });
    expect(refusal(open, 'help', { ...guest, inRoom: 'b1' })).toBeNull();
  });

  it('refuses end-to-end encrypted rooms, a second opening and commands with none open', () => {
    expect(refusal(null, 'open', { ...host, mode: 'endtoend' })).toMatchObject({
      key: 'breakout.endtoend',
      message: 'Breakout rooms are not available in end-to-end encrypted events',
    });
    expect(refusal(open, 'open', host)).toMatchObject({ key: 'breakout.already_open' });
    expect(refusal(null, 'close', host)).toMatchObject({ key: 'breakout.not_open' });
    expect(refusal(null, 'assign', { ...host, role: null })).toMatchObject({
      code: 'not_joined',
    });
  });
});

describe('breakout rooms: kept for a restart', () => {
  it('restores what was saved, and nothing once the timer ran out', async () => {
    const { restoreBreakout, savedOf } = await import('./slot.ts');
    const b = askHelp(
      openBreakout({
        count: 2,
        people: people(4),
        assign: 'auto',
        allowChoose: true,
        endsAt: 900_000,
        random: Math.random,
      }),
      'b2',
    );
    const back = restoreBreakout(savedOf(b), 100_000)!;
    expect(back.rooms).toEqual(b.rooms);
    expect([...back.assigned]).toEqual([...b.assigned]);
    expect(back).toMatchObject({ allowChoose: true, endsAt: 900_000 });
    expect([...back.help]).toEqual(['b2']);
    expect(restoreBreakout(savedOf(b), 900_000)).toBeNull();
    expect(restoreBreakout(savedOf(null), 0)).toBeNull();
  });
});
