export { ChatService, newChatPasscode, visibleTo } from './service.ts';
export type { ChatServiceOptions, StoredChat } from './service.ts';
