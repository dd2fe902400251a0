import { chatPermissions } from '../../../rooms/feature-permissions/index.ts';
import { identityKey } from '../../../rooms/index.ts';
import type { FeatureEffectHandlers, RoomFeature } from '../types.ts';
import { chatLog } from './slot.ts';

/**
 * In-call chat. Protocol: `packages/protocol/src/signaling/chat.ts`. Permissions: `chat`,
 * `export_chat` (rooms/feature-permissions/chat.ts). Sending goes through the room machine (`chat` request →
 * `chat_message` events and a `chat.persist` effect); the history, its export and its passcode
 * live beside the room state (requests.ts).
 */
export const chatFeature: RoomFeature = {
  name: 'chat',
  permissions: chatPermissions,
  slots: [chatLog],
  decorate: (room, decision) => room.local(chatLog).stamp(decision),
  // Every welcome is followed by the history this person may see.
  welcome: (room, participantId) => {
    const p = room.state.participants.get(participantId);
    if (!p) return [];
    const messages = room.local(chatLog).historyFor(identityKey(p.identity));
    return [{ type: 'chat_history', messages }];
  },
};

export const chatEffects: Pick<FeatureEffectHandlers, 'chat.persist'> = {
  'chat.persist': (room, effect, before, after) => {
    const log = room.local(chatLog);
    const chat = log.keep(effect.message, before, after);
    if (!chat) {
      room.log.error({ messageId: effect.message.id }, 'chat message without its people');
      return;
    }
    room
      .write(() => log.service.append(room.roomId, chat))
      .catch((error: unknown) => {
        room.log.error({ err: error, what: 'chat' }, 'room write failed');
      });
  },
};

export { chatExport, chatPasscodeReset } from './requests.ts';
export { prepareChat } from './attachments.ts';
export type { AttachmentLookup, ChatHistory, StoredAttachment } from './services.ts';
