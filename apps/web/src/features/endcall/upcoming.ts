import type { AliasDto } from '@podium/protocol';

/** How many upcoming events the end-call page lists. */
export const UPCOMING_SHOWN = 5;

/**
 * The signed-in person's next events: not over, not expired, soonest first. An event running
 * now counts (one may have left another call to join it).
 */
export function upcomingEvents(
  events: readonly AliasDto[],
  now: number,
  exclude: string | null = null,
  limit = UPCOMING_SHOWN,
): AliasDto[] {
  const time = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);
  return events
    .filter((e) => e.name.toLowerCase() !== exclude?.toLowerCase())
    .filter((e) => time(e.end_time) > now)
    .filter((e) => !(time(e.expired_at) <= now))
    .sort((a, b) => time(a.start_time) - time(b.start_time) || a.title.localeCompare(b.title))
    .slice(0, limit);
}
