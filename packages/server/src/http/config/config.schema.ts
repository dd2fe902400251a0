export { callConfigRequest } from '@podium/protocol';
