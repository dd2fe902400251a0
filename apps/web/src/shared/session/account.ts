import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type {
  AccountDetailsDto,
  AccountDto,
  Language,
  LoginResponse,
  SignupResponse,
} from '@podium/protocol';
import { api, type ApiClient } from '../api/index.ts';
import { appQueryClient } from '../api/appQueryClient.ts';
import { useQueryData } from '../api/useQueryData.ts';
import { cookieTokenStore, type TokenStore } from '../api/tokens.ts';
import { adoptAccountLanguage, resetAccountLanguage, useTranslation } from '../i18n/index.ts';
import { isLanguage } from '../i18n/language.ts';
import { useSessionStore } from './store.ts';
import { apiPaths } from '@podium/protocol';

export const ACCOUNT_QUERY_KEY = ['account', 'details'] as const;

/** `GET /api/account/details`: the signed-in account. */
export function fetchAccount(client: ApiClient = api, signal?: AbortSignal): Promise<AccountDto> {
  return client.get<AccountDto>(apiPaths.account.details, { signal });
}

export function accountQuery(client: ApiClient = api) {
  return {
    queryKey: ACCOUNT_QUERY_KEY,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchAccount(client, signal),
  };
}

/**
 * The account's saved language, once the details (which carry the settings) have loaded; the
 * account of a login or signup answer has no settings yet.
 */
export function savedLanguage(account: AccountDto | undefined): Language | null {
  const language = (account as Partial<AccountDetailsDto> | undefined)?.settings?.language;
  return isLanguage(language) ? language : null;
}

/**
 * The signed-in account (GET /api/account/details); nothing while signed out. The join page shows
 * it (the name field), so it reads the query without TanStack's React binding (useQueryData).
 */
export function useAccount(): { data: AccountDto | undefined } {
  const signedIn = useSessionStore((s) => s.signedIn);
  const account = useQueryData({ ...accountQuery(), enabled: signedIn });
  const { i18n } = useTranslation();
  // The saved language follows the person to each device (adoptAccountLanguage decides when).
  useEffect(() => {
    const language = savedLanguage(account);
    if (account && language) void adoptAccountLanguage(account.id, language, i18n);
  }, [account, i18n]);
  return { data: account };
}

/** After login or signup: keep the tokens (spec §3) and the account the server returned. */
export function startSession(
  response: LoginResponse | SignupResponse,
  deps: { tokens?: TokenStore; queryClient?: QueryClient } = {},
): AccountDto {
  (deps.tokens ?? cookieTokenStore).save(response);
  // The sign-in pages load the query client (app/buildRoutes.tsx); without it the guard asks.
  const client = deps.queryClient ?? appQueryClient.current();
  client?.setQueryData(ACCOUNT_QUERY_KEY, response.account);
  // The answer has no settings: the details bring them, the saved language among them.
  resetAccountLanguage();
  void client?.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY, exact: true });
  useSessionStore.getState().setSignedIn(true);
  return response.account;
}

/** Replaces the cached account after an endpoint answered with the fresh one. */
export function updateAccount(
  account: AccountDto,
  client: QueryClient | null = appQueryClient.current(),
) {
  client?.setQueryData(ACCOUNT_QUERY_KEY, account);
}

/** The name to greet an account with. */
export function displayName(
  account: Pick<AccountDto, 'full_name' | 'first_name' | 'last_name' | 'username' | 'email'>,
): string {
  const joined = [account.first_name, account.last_name].filter(Boolean).join(' ');
  return account.full_name?.trim() || joined.trim() || account.username || account.email || '';
}
