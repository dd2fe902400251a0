import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AccountDto, LoginResponse, SignupResponse } from '@podium/protocol';
import { api, queryClient as defaultQueryClient, type ApiClient } from '../api/index.ts';
import { cookieTokenStore, type TokenStore } from '../api/tokens.ts';
import { useSessionStore } from './store.ts';

export const ACCOUNT_DETAILS_PATH = '/api/account/details';
export const ACCOUNT_QUERY_KEY = ['account', 'details'] as const;

export function accountQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: ACCOUNT_QUERY_KEY,
    queryFn: ({ signal }) => client.get<AccountDto>(ACCOUNT_DETAILS_PATH, { signal }),
  });
}

/** The signed-in account (GET /api/account/details); idle while signed out. */
export function useAccount() {
  const signedIn = useSessionStore((s) => s.signedIn);
  return useQuery({ ...accountQuery(), enabled: signedIn });
}

export function loadedAccount(client: QueryClient = defaultQueryClient): AccountDto | undefined {
  return client.getQueryData<AccountDto>(ACCOUNT_QUERY_KEY);
}

/** After login or signup: keep the tokens (spec §3) and the account the server returned. */
export function startSession(
  response: LoginResponse | SignupResponse,
  deps: { tokens?: TokenStore; queryClient?: QueryClient } = {},
): AccountDto {
  (deps.tokens ?? cookieTokenStore).save(response);
  (deps.queryClient ?? defaultQueryClient).setQueryData(ACCOUNT_QUERY_KEY, response.account);
  useSessionStore.getState().setSignedIn(true);
  return response.account;
}

/** Replaces the cached account after an endpoint answered with the fresh one. */
export function updateAccount(account: AccountDto, client: QueryClient = defaultQueryClient) {
  client.setQueryData(ACCOUNT_QUERY_KEY, account);
}

/** The name to greet an account with. */
export function displayName(
  account: Pick<AccountDto, 'full_name' | 'first_name' | 'last_name' | 'username' | 'email'>,
): string {
  const joined = [account.first_name, account.last_name].filter(Boolean).join(' ');
  return account.full_name?.trim() || joined.trim() || account.username || account.email || '';
}
