import type { AccountDto } from '@podium/protocol';
import type { QueryClientSource } from '../shared/api/appQueryClient.ts';
import { ApiError } from '../shared/api/errors.ts';
import { ACCOUNT_QUERY_KEY, accountQuery, fetchAccount } from '../shared/session/account.ts';
import { isSignedIn } from '../shared/session/store.ts';
import type { GuardSession } from './guards.ts';

/** The account from the query cache, or asked for while the query client's code loads. */
async function loadAccount(clients: QueryClientSource): Promise<AccountDto> {
  const ready = clients.current();
  if (ready) return ready.ensureQueryData(accountQuery());
  // The first signed-in visit: the request does not wait for the client (issue 11).
  const [client, account] = await Promise.all([clients.load(), fetchAccount()]);
  const cached = client.getQueryData<AccountDto>(ACCOUNT_QUERY_KEY);
  if (cached) return cached;
  client.setQueryData(ACCOUNT_QUERY_KEY, account);
  return account;
}

/**
 * The session as the guards see it. A signed-in visit loads the account once (cached after);
 * a 401 means the token is dead (the API client's event signs out), so the visit counts as
 * signed out; other failures keep the person signed in without account details.
 */
export async function loadGuardSession(clients: QueryClientSource): Promise<GuardSession> {
  if (!isSignedIn()) return { signedIn: false, account: null };
  try {
    const account = await loadAccount(clients);
    return { signedIn: isSignedIn(), account };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401)
      return { signedIn: false, account: null };
    return { signedIn: isSignedIn(), account: null };
  }
}
