import { api, type ApiClient } from '../../../shared/api/index.ts';

export const SIGNAL_AUTH_PATH = '/member/v1/auth';

/**
 * `POST /member/v1/auth {ticket}` (spec §7 Signal): the join ticket from verify-call becomes
 * socket credentials for `hello`. The signed-in token rides along when there is one.
 */
export async function fetchSocketCredentials(
  ticket: string,
  client: ApiClient = api,
): Promise<string> {
  const answer = await client.post<unknown>(SIGNAL_AUTH_PATH, { ticket });
  const credentials = (answer as { credentials?: unknown } | null)?.credentials;
  if (typeof credentials !== 'string' || !credentials) {
    // Not a refusal the person can fix; reported like a network failure (retried).
    throw new Error('socket credentials missing from the answer');
  }
  return credentials;
}
