export { ChatService, visibleTo } from './service.ts';
export type { ChatServiceOptions, StoredChat } from './service.ts';
