import { describe, expect, it } from 'vitest';
import { eventGroup, groupEvents } from './grouping.ts';

const HOUR = 3_600_000;

/** An event starting `startH` hours from `now` and lasting `lengthH` hours. */
function at(now: number, startH: number, lengthH = 1, id = `${startH}`) {
  return {
    id,
    start_time: new Date(now + startH * HOUR).toISOString(),
    end_time: new Date(now + (startH + lengthH) * HOUR).toISOString(),
  };
}

describe('My events grouping', () => {
  // Local 09:00 on a fixed day, whatever the zone the tests run in.
  const now = new Date(2026, 2, 10, 9, 0, 0).getTime();

  it('puts running events under Now, later today under Today, later days under Upcoming', () => {
    expect(eventGroup(at(now, -0.5), now)).toBe('now');
    expect(eventGroup(at(now, 2), now)).toBe('today');
    // 23:00 today is still today; 09:00 tomorrow is not.
    expect(eventGroup(at(now, 14), now)).toBe('today');
    expect(eventGroup(at(now, 24), now)).toBe('upcoming');
    expect(eventGroup(at(now, -2), now)).toBe('past');
    // Ending exactly now is over.
    expect(eventGroup(at(now, -1, 1), now)).toBe('past');
  });

  it('orders upcoming groups soonest first and the past most recent first', () => {
    // As the server pages them: newest start first.
    const events = [
      at(now, 72, 1, 'in 3 days'),
      at(now, 30, 1, 'tomorrow'),
      at(now, 5, 1, 'this afternoon'),
      at(now, 1, 1, 'in an hour'),
      at(now, -0.25, 1, 'running'),
      at(now, -5, 1, 'this morning'),
      at(now, -48, 1, 'two days ago'),
    ];
    expect(groupEvents(events, now).map((g) => [g.group, g.events.map((e) => e.id)])).toEqual([
      ['now', ['running']],
      ['today', ['in an hour', 'this afternoon']],
      ['upcoming', ['tomorrow', 'in 3 days']],
      ['past', ['this morning', 'two days ago']],
    ]);
  });

  it('leaves out empty groups', () => {
    expect(groupEvents([at(now, -48)], now).map((g) => g.group)).toEqual(['past']);
    expect(groupEvents([], now)).toEqual([]);
  });
});
