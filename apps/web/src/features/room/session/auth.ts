import { api, type ApiClient } from '../../../shared/api/index.ts';
import { guestKey } from './guestKey.ts';
import { apiPaths } from '@podium/protocol';

/** What the room keeps from `POST /member/v1/auth`. */
export interface SocketAuth {
  /** Goes into the socket's `hello`, and authenticates a guest's chat file uploads. */
  credentials: string;
  /** The live room (the event's alias id), named in uploads; null if the server did not say. */
  roomId: string | null;
}

/**
 * `POST /member/v1/auth {ticket}` (spec §7 Signal): the join ticket from verify-call becomes
 * socket credentials for `hello`. The signed-in token rides along when there is one.
 */
export async function fetchSocketAuth(
  ticket: string,
  client: ApiClient = api,
): Promise<SocketAuth> {
  const answer = (await client.post<unknown>(apiPaths.signal.auth, {
    ticket,
    guest_key: guestKey(),
  })) as {
    credentials?: unknown;
    room?: { id?: unknown } | null;
  } | null;
  const credentials = answer?.credentials;
  if (typeof credentials !== 'string' || !credentials) {
    // Not a refusal the person can fix; reported like a network failure (retried).
    throw new Error('socket credentials missing from the answer');
  }
  const roomId = answer?.room?.id;
  return { credentials, roomId: typeof roomId === 'string' ? roomId : null };
}
