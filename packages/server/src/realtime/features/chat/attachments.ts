import type { ChatFile } from '@podium/protocol';
import { identityKey, roomError } from '../../../rooms/index.ts';
import type { RequestPreparer } from '../types.ts';
import type { StoredAttachment } from './services.ts';

/**
 * SECURITY: a chat message used to carry whatever `file` the client wrote (any id, name and
 * type), so a message could point at someone else's file or dress an upload up as another
 * name and type. The room attaches only a file this sender uploaded to this room, as stored.
 */
export function attachable(
  stored: StoredAttachment | null,
  roomId: string,
  senderIdentity: string,
): ChatFile | null {
  if (!stored || stored.aliasId !== roomId || stored.uploader !== senderIdentity) return null;
  return { id: stored.id, name: stored.name, size: stored.size, mime: stored.mime };
}

/**
 * `chat` with a file: the upload is looked up outside the room's turn, then, in the turn, only a
 * file this sender uploaded to this room is attached, as stored; anything else is a bad message.
 */
export const prepareChat: RequestPreparer<'chat'> = async (room, by, request) => {
  const file = request.file;
  const lookup = room.deps.attachments;
  if (!file || !lookup) return () => ({ ok: true, request });
  const stored = await lookup.attachment(file.id);
  return (state) => {
    const p = state.participants.get(by);
    // Someone not in the room is refused by the machine itself.
    if (!p) return { ok: true, request };
    const attached = attachable(stored, room.roomId, identityKey(p.identity));
    if (!attached) return { ok: false, error: roomError('bad_message', 'errors.bad_message') };
    return { ok: true, request: { ...request, file: attached } };
  };
};
