import type { QueryClient } from '@tanstack/react-query';
import { api, apiEvents, type ApiClient } from '../api/index.ts';
import { appQueryClient } from '../api/appQueryClient.ts';
import type { ApiErrorEvent } from '../api/client.ts';
import type { EventBus } from '../api/events.ts';
import { cookieTokenStore, type TokenStore } from '../api/tokens.ts';
import { ACCOUNT_QUERY_KEY } from './account.ts';
import { useSessionStore } from './store.ts';
import { apiPaths } from '@podium/protocol';

export interface LogoutDeps {
  api: ApiClient;
  tokens: TokenStore;
  /** Null while the query client has not loaded (nothing is cached then). */
  queryClient: QueryClient | null;
  storage: Pick<Storage, 'clear'> | null;
}

function defaultStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** 'user': the person chose Log out; 'expired': the server no longer accepts the session. */
export type LogoutReason = 'user' | 'expired';

const loggedOutListeners = new Set<(reason: LogoutReason) => void>();

/** Called after every logout; the router uses it to go to /login. */
export function onLoggedOut(listener: (reason: LogoutReason) => void): () => void {
  loggedOutListeners.add(listener);
  return () => loggedOutListeners.delete(listener);
}

let inProgress: Promise<void> | null = null;

/**
 * Spec §4: revoke the token on the server (failures swallowed, spec §8), remove both tokens and
 * the requirements cookie, clear the account, cached queries and local storage, then go to login.
 * Concurrent calls share one logout, so the 401 of the revoke call cannot recurse.
 */
export function logout(
  reason: LogoutReason = 'user',
  overrides: Partial<LogoutDeps> = {},
): Promise<void> {
  const deps: LogoutDeps = {
    api,
    tokens: cookieTokenStore,
    queryClient: appQueryClient.current(),
    storage: defaultStorage(),
    ...overrides,
  };
  inProgress ??= (async () => {
    if (deps.tokens.read().access) {
      await deps.api.delete(apiPaths.session.logout, { renew: false }).catch(() => undefined);
    }
    deps.tokens.clear();
    useSessionStore.getState().setSignedIn(false);
    await deps.queryClient?.cancelQueries();
    deps.queryClient?.clear();
    try {
      deps.storage?.clear();
    } catch {
      // Storage may be unavailable; the tokens are gone, which is what signs the user out.
    }
    for (const listener of [...loggedOutListeners]) listener(reason);
  })().finally(() => {
    inProgress = null;
  });
  return inProgress;
}

/**
 * Spec §4/§8: a 401 to a request that carried a token means the session is gone; a 401 or 403
 * while an account is loaded signs the user out as well.
 */
export function shouldLogout(event: ApiErrorEvent, accountLoaded: boolean): boolean {
  const status = event.error.status;
  if (status === 401) return event.authenticated || accountLoaded;
  if (status === 403) return accountLoaded;
  return false;
}

/**
 * Connects the API client's status events to logout. `client` gives the query client holding the
 * account, or null while it has not loaded (no account loaded then). Returns the disconnect.
 */
export function wireSessionExpiry(
  events: EventBus<ApiErrorEvent> = apiEvents,
  client: () => QueryClient | null = appQueryClient.current,
  doLogout: () => Promise<void> = () => logout('expired', { queryClient: client() }),
): () => void {
  const handle = (event: ApiErrorEvent) => {
    if (event.path === apiPaths.session.logout) return;
    const accountLoaded = client()?.getQueryData(ACCOUNT_QUERY_KEY) !== undefined;
    if (shouldLogout(event, accountLoaded)) void doLogout();
  };
  const off401 = events.on('401', handle);
  const off403 = events.on('403', handle);
  return () => {
    off401();
    off403();
  };
}
