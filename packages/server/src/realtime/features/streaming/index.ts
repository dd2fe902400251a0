import { streamingPermissions } from '../../../rooms/feature-permissions/index.ts';
import { isModeratorRole, type Outgoing } from '../../../rooms/index.ts';
import type { RoomFeature } from '../types.ts';
import { existingStreamOf, streamSlot } from './slot.ts';

/**
 * Live streaming to RTMP/RTMPS destinations (issue 12 item 3).
 * - Protocol: `packages/protocol/src/signaling/streaming.ts` (`stream_start`, `stream_stop`,
 *   `stream_state`); saved destinations over REST: `services/streaming`, `http/streaming`.
 * - Permissions: `livestream` (rooms/feature-permissions/streaming.ts: hosts and co-hosts).
 * - Pure rules: rules.ts (who may, starting twice, failure → failed or retry with backoff, views).
 * - Effects: stream-room.ts (one egress output per destination and try; `stream_state`).
 * - Per-room state: slot.ts. The stream state is not room-machine state: it follows the egress;
 *   every `welcome` (join, reconnect) is followed by it while there are destinations.
 */
export const streamingFeature: RoomFeature = {
  name: 'streaming',
  permissions: streamingPermissions,
  slots: [streamSlot],
  welcome: (room, participantId) => {
    const p = room.state.participants.get(participantId);
    const event = p ? existingStreamOf(room)?.stateFor(isModeratorRole(p.role)) : null;
    return event ? [event] : [];
  },
  // Someone made (or no longer) a host or co-host: what they may see of the stream changed.
  decorate: (room, decision) => {
    const stream = existingStreamOf(room);
    if (!stream || stream.destinations.length === 0) return decision;
    const told: Outgoing[] = [];
    for (const [id, after] of decision.state.participants) {
      const before = room.state.participants.get(id);
      if (!before || isModeratorRole(before.role) === isModeratorRole(after.role)) continue;
      const event = stream.stateFor(isModeratorRole(after.role));
      if (event) told.push({ to: { to: 'participant', id }, message: event });
    }
    return told.length === 0 ? decision : { ...decision, events: [...decision.events, ...told] };
  },
  // The event ended or the room closed: every destination stops (the egress outputs go).
  ended: (room) => existingStreamOf(room)?.end(),
};

export { streamStart, streamStop } from './requests.ts';
export type { StreamDestinations } from './services.ts';
