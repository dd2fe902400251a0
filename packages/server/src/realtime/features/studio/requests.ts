import { can, roomError, type RoomError, type RoomState } from '../../../rooms/index.ts';
import { RoomClosedError } from '../../room-types.ts';
import type { FeatureRequestHandler } from '../types.ts';
import { studioSlot } from './slot.ts';

/**
 * SECURITY: the role comes from the room state (never from the client): hosts and co-hosts
 * (`studio`), connected. Everyone else, guests' sockets included, gets 'You do not have
 * permission to perform this function'.
 */
function refusal(state: RoomState, participantId: string): RoomError | null {
  const p = state.participants.get(participantId);
  if (!p || p.status !== 'connected') return roomError('not_joined', 'room.not_in_room');
  return can(p.role, 'studio') ? null : roomError('permission', 'errors.permission');
}

/**
 * `studio_set`: checked (shape, new images), stored with the event, then answered and announced
 * to everyone as `studio_state` in the room's turn. One change at a time per room.
 */
export const studioSet: FeatureRequestHandler<'studio_set'> = (room, by, request, answer) => {
  const slot = room.local(studioSlot);
  return slot.queue.run(async () => {
    const store = room.deps.studio;
    const early = refusal(room.state, by);
    if (early || !store) {
      return answer({ ok: false, error: early ?? roomError('internal', 'errors.internal') });
    }
    const checked = await store.check(request.studio, slot.studio);
    if (!checked.ok) return answer({ ok: false, error: roomError('bad_message', checked.key) });
    try {
      await room.write(() => store.saveForEvent(room.roomId, checked.studio));
    } catch (error) {
      room.log.error({ err: error }, 'studio could not be saved');
      return answer({ ok: false, error: roomError('internal', 'errors.internal') });
    }
    try {
      await room.turn(() => {
        // The role may have changed while the images were read: the turn decides.
        const late = refusal(room.state, by);
        if (late) return answer({ ok: false, error: late });
        slot.studio = checked.studio;
        slot.by = by;
        answer({ ok: true, data: { studio: checked.studio } });
        room.deliver([
          {
            to: { to: 'everyone' },
            message: { type: 'studio_state', studio: checked.studio, by },
          },
        ]);
      });
    } catch (error) {
      if (!(error instanceof RoomClosedError)) throw error;
    }
  });
};
