import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/errors.ts';
import { accountQuery } from '../shared/session/account.ts';
import { isSignedIn } from '../shared/session/store.ts';
import type { GuardSession } from './guards.ts';

/**
 * The session as the guards see it. A signed-in visit loads the account once (cached after);
 * a 401 means the token is dead (the API client's event signs out), so the visit counts as
 * signed out; other failures keep the person signed in without account details.
 */
export async function loadGuardSession(queryClient: QueryClient): Promise<GuardSession> {
  if (!isSignedIn()) return { signedIn: false, account: null };
  try {
    const account = await queryClient.ensureQueryData(accountQuery());
    return { signedIn: isSignedIn(), account };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401)
      return { signedIn: false, account: null };
    return { signedIn: isSignedIn(), account: null };
  }
}
