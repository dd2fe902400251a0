import { inRoom, roomError, type RoomError, type RoomState } from '../../../rooms/index.ts';
import type { FeatureRequestHandler, FeatureSlot, RoomFeature } from '../types.ts';
import { E2eeKeys } from './keys.ts';

/**
 * End-to-end keys of `endtoend` rooms. Protocol: `e2ee_announce` / `e2ee_seal` and the events
 * `e2ee_public_keys` / `e2ee_sealed` in `packages/protocol/src/signaling/e2ee.ts`. No room state
 * and no permission row: anyone in the room takes part. Per-room state: the announced public
 * keys and send rates (`keys.ts`, a slot). The trust model is in the web's media/e2ee/README.md.
 *
 * SECURITY: this feature is a relay. It never sees a media key in clear: the browsers seal them
 * with keys agreed between their own ECDH key pairs. What it enforces is that keys only travel
 * between participants of the same endtoend room, with bounded size and rate; it cannot (and
 * does not try to) check what is inside.
 */

const e2eeKeys: FeatureSlot<E2eeKeys> = { name: 'e2ee', open: () => new E2eeKeys() };

export const e2eeFeature: RoomFeature = {
  name: 'e2ee',
  slots: [e2eeKeys],
  // Every welcome (join, admission, resume) is followed by the keys of those in the room.
  welcome: (room, participantId) => {
    const state = room.state;
    if (state.mode !== 'endtoend') return [];
    const keys = room.local(e2eeKeys).current((id) => present(state, id));
    const others = keys.filter((k) => k.participant_id !== participantId);
    return others.length ? [{ type: 'e2ee_public_keys', keys: others }] : [];
  },
};

function present(state: RoomState, participantId: string): boolean {
  const p = state.participants.get(participantId);
  return p !== undefined && inRoom(p);
}

/** Why `by` may not send e2ee messages now, or null. */
function refusal(state: RoomState, by: string): RoomError | null {
  if (!present(state, by)) return roomError('not_joined', 'room.not_in_room');
  if (state.mode !== 'endtoend') return roomError('not_allowed', 'e2ee.not_endtoend');
  return null;
}

const tooMany = () => roomError('rate_limited', 'errors.too_many');

/** A participant's public key for this session: told to everyone else in the room. */
export const e2eeAnnounce: FeatureRequestHandler<'e2ee_announce'> = (room, by, request, answer) =>
  room.turn(() => {
    const refused = refusal(room.state, by);
    if (refused) return answer({ ok: false, error: refused });
    const keys = room.local(e2eeKeys);
    if (!keys.take('announce', by)) return answer({ ok: false, error: tooMany() });
    keys.set(by, request.public_key);
    answer({ ok: true });
    room.deliver([
      {
        to: { to: 'everyone', except: by },
        message: {
          type: 'e2ee_public_keys',
          keys: [{ participant_id: by, public_key: request.public_key }],
        },
      },
    ]);
  });

/** A sealed media key for one other participant of the room: relayed to them alone. */
export const e2eeSeal: FeatureRequestHandler<'e2ee_seal'> = (room, by, request, answer) =>
  room.turn(() => {
    const refused = refusal(room.state, by);
    if (refused) return answer({ ok: false, error: refused });
    if (request.to === by || !present(room.state, request.to)) {
      return answer({ ok: false, error: roomError('target_not_found', 'room.target_not_found') });
    }
    if (!room.local(e2eeKeys).take('seal', by)) return answer({ ok: false, error: tooMany() });
    answer({ ok: true });
    room.deliver([
      {
        to: { to: 'participant', id: request.to },
        message: { type: 'e2ee_sealed', from: by, sealed: request.sealed },
      },
    ]);
  });
