import type { EndReason } from '../room/paths.ts';

/**
 * Whether the end-call page offers "Re-join": only when joining again can work. Not once the
 * host ended the event or its time is over (the room is gone), nor for a blocked person.
 */
export function canRejoin(reason: EndReason): boolean {
  switch (reason) {
    case 'left':
    case 'removed':
    case 'denied':
    case 'replaced':
      return true;
    case 'host_ended':
    case 'time_over':
    case 'blocked':
      return false;
  }
}
