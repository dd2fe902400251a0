import {
  can,
  identityKey,
  roomError,
  type RoomError,
  type RoomState,
} from '../../../rooms/index.ts';
import type { FeatureRequestHandler, FeatureRoom } from '../types.ts';
import { chatLog } from './slot.ts';

/** Most messages one chat export carries (the newest). */
const EXPORT_LIMIT = 10_000;

/** Hosts and co-hosts only (the `export_chat` permission), connected. */
function checkExport(state: RoomState, participantId: string): RoomError | null {
  const p = state.participants.get(participantId);
  if (!p || p.status !== 'connected') return roomError('not_joined', 'room.not_in_room');
  const ctx = { mode: state.mode, signedIn: p.identity.kind === 'account', grants: p.grants };
  return can(p.role, 'export_chat', ctx) ? null : roomError('permission', 'errors.permission');
}

/** Hosts and co-hosts: a new chat-history passcode (shown once); earlier chats are cleared. */
export const chatPasscodeReset: FeatureRequestHandler<'chat_passcode_reset'> = (
  room: FeatureRoom,
  by,
  _request,
  answer,
) =>
  room.turn(async () => {
    const refused = checkExport(room.state, by);
    if (refused) return answer({ ok: false, error: refused });
    const log = room.local(chatLog);
    // Inside the room's turn: no chat can slip between the reset and the `chat_cleared`.
    const passcode = await room.write(() => log.service.resetPasscode(room.roomId));
    log.clear();
    answer({ ok: true, data: { passcode } });
    room.deliver([{ to: { to: 'everyone' }, message: { type: 'chat_cleared', by } }]);
  });

/** Hosts and co-hosts: the history as they see it; needs the passcode once one was set. */
export const chatExport: FeatureRequestHandler<'chat_export'> = async (
  room,
  by,
  request,
  answer,
) => {
  const checked = await room.turn(() => {
    const refused = checkExport(room.state, by);
    const p = room.state.participants.get(by);
    return refused ?? (p ? identityKey(p.identity) : roomError('not_joined', 'room.not_in_room'));
  });
  if (typeof checked !== 'string') return answer({ ok: false, error: checked });
  const log = room.local(chatLog);
  if (!(await log.service.passcodeAccepts(room.roomId, request.passcode))) {
    return answer({ ok: false, error: roomError('invalid_passcode', 'chat.invalid_passcode') });
  }
  // Behind the pending writes, so the export has every message sent before it.
  const messages = await room.write(() =>
    log.service.historyFor(room.roomId, checked, EXPORT_LIMIT),
  );
  answer({ ok: true, data: { messages } });
};
