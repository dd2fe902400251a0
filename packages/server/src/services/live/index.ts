export { LiveService, type HlsAnswer, type LiveServiceDeps } from './service.ts';
export { liveChatSignIn } from './errors.ts';
export type { AudienceChatChannel, AudienceChatSender } from './audience-chat.ts';
