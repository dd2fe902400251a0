/**
 * Socket credentials for the live room and the account channel (`POST /member/v1/auth` issues
 * them, the socket's `hello` presents them): the service, and the signing it rests on.
 */
export { SignalAuthService } from './service.ts';
export type {
  OpenedAccountCredentials,
  OpenedCredentials,
  SocketCredentials,
} from './credentials.ts';
