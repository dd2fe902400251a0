import { AUDIENCE_OFF, type AudienceView, type Role, type RoomMode } from '@podium/protocol';
import type { FeatureSlice } from '../../state/featureState.ts';

/**
 * The room's audience stream as the server last announced it (`audience_state`; a new
 * participant's welcome is followed by it only when not off).
 */
export const audienceSlice: FeatureSlice<AudienceView> = {
  key: 'audience',
  initial: AUDIENCE_OFF,
  reduce: (slice, input) => (input.type === 'audience_state' ? input.audience : slice),
};

/** Hosts and co-hosts control the audience stream, never in end-to-end encrypted rooms. */
export function canControlAudience(role: Role | undefined, mode: RoomMode | null): boolean {
  return (role === 'host' || role === 'co-host') && mode !== 'endtoend';
}

/** Whether the stream is on (or on its way there). */
export const isOnAir = (view: AudienceView): boolean =>
  view.state === 'live' || view.state === 'starting';
