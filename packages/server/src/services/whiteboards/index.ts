export { WhiteboardsService, type StoredBoard } from './service.ts';
