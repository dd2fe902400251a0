import type { FeatureSlot } from '../types.ts';
import { ChatLog } from './chat-log.ts';

/** The chat of one room run, opened with the room (it loads the newest messages). */
export const chatLog: FeatureSlot<ChatLog> = {
  name: 'chat',
  open: (deps, roomId) => ChatLog.open(deps.chat, roomId),
};
