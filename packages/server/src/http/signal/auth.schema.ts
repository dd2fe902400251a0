export { signalAuthRequest } from '@podium/protocol';
