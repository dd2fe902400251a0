/**
 * My events in the order people look for them (issue 15 item 4): what is on now, what is
 * later today, what is coming, then what is over. The server pages newest start first, so
 * every upcoming event arrives before any past one and a later page only extends "Past".
 */
export type EventGroup = 'now' | 'today' | 'upcoming' | 'past';

export const EVENT_GROUPS: readonly EventGroup[] = ['now', 'today', 'upcoming', 'past'];

interface Timed {
  start_time: string;
  end_time: string;
}

/** Midnight after `now` in the viewer's zone. */
function endOfLocalDay(now: number): number {
  const end = new Date(now);
  end.setHours(24, 0, 0, 0);
  return end.getTime();
}

export function eventGroup(event: Timed, now: number): EventGroup {
  const start = Date.parse(event.start_time);
  const end = Date.parse(event.end_time);
  if (end <= now) return 'past';
  if (start <= now) return 'now';
  return start < endOfLocalDay(now) ? 'today' : 'upcoming';
}

/**
 * The events by group, in display order: soonest first in the first three groups, most
 * recent first in "Past". Groups with no event are left out.
 */
export function groupEvents<T extends Timed>(
  events: readonly T[],
  now: number,
): Array<{ group: EventGroup; events: T[] }> {
  const byGroup = new Map<EventGroup, T[]>(EVENT_GROUPS.map((g) => [g, []]));
  for (const event of events) byGroup.get(eventGroup(event, now))?.push(event);
  const startOf = (e: T) => Date.parse(e.start_time);
  return EVENT_GROUPS.map((group) => {
    const list = byGroup.get(group) ?? [];
    list.sort((a, b) => (group === 'past' ? startOf(b) - startOf(a) : startOf(a) - startOf(b)));
    return { group, events: list };
  }).filter((g) => g.events.length > 0);
}
