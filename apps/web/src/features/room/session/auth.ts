import { api, type ApiClient } from '../../../shared/api/index.ts';
import { guestKey } from '../../../shared/session/guestKey.ts';
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
  const early = prefetched.get(ticket);
  if (early) {
    // Used once: a later authenticate (a reconnection) asks the server again.
    prefetched.delete(ticket);
    const answer = await early.catch(() => null);
    if (answer) return answer;
  }
  return askSocketAuth(ticket, client);
}

/** Answers asked for before the room mounted (prefetchSocketAuth), by ticket. */
const prefetched = new Map<string, Promise<SocketAuth>>();

/**
 * Asks for the socket's credentials now, for the next `fetchSocketAuth(ticket)`: the join page
 * calls it as soon as verify-call admitted, so the room does not wait for its own request after
 * its code loaded and mounted (issue 11 item 3). A failure is not reported here: the room asks
 * again and reports its own.
 */
export function prefetchSocketAuth(ticket: string, client: ApiClient = api): void {
  if (prefetched.has(ticket)) return;
  const pending = askSocketAuth(ticket, client);
  pending.catch(() => undefined);
  prefetched.set(ticket, pending);
}

/** Credentials already in hand for `ticket` (verify-call answered them): the room's next ask. */
export function primeSocketAuth(ticket: string, answer: SocketAuth): void {
  prefetched.set(ticket, Promise.resolve(answer));
}

async function askSocketAuth(ticket: string, client: ApiClient): Promise<SocketAuth> {
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
