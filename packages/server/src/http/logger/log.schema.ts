export { clientLogRequest } from '@podium/protocol';
