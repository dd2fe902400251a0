export { liveChatEventsQuery, liveChatPostRequest } from '@podium/protocol';
