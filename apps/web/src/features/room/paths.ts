/**
 * Where the live room lives: `/j/:alias/room`, under the event's join link, so the address
 * says which event it is and a reload comes back to the room while the join ticket is valid
 * (the admission is kept per tab, see shared/session/admission.ts). Without an admission the room
 * sends the person to the pre-join page at `/j/:alias`.
 */
export const ROOM_ROUTE = '/j/:alias/room';
export const ENDED_ROUTE = '/ended/:alias';

export function roomPath(alias: string): string {
  return `/j/${encodeURIComponent(alias)}/room`;
}

export function joinPath(alias: string): string {
  return `/j/${encodeURIComponent(alias)}`;
}

/** Why a visit ended, as the end-call page shows it. */
export const END_REASONS = [
  'left',
  'host_ended',
  'time_over',
  'removed',
  'blocked',
  'denied',
  'replaced',
] as const;
export type EndReason = (typeof END_REASONS)[number];

export function isEndReason(value: unknown): value is EndReason {
  return typeof value === 'string' && (END_REASONS as readonly string[]).includes(value);
}

export function endedPath(alias: string, reason: EndReason): string {
  return `/ended/${encodeURIComponent(alias)}?reason=${reason}`;
}
