import type { QueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type AccountDetailsDto,
  type AccountDto,
  type AccountSessionDto,
  type AccountSettingsUpdate,
  type ConferenceMode,
} from '@podium/protocol';
import { api, cookieTokenStore, parseApiError, type ApiClient } from '../../shared/api/index.ts';
import { appQueryClient } from '../../shared/api/appQueryClient.ts';
import { useQueryData } from '../../shared/api/useQueryData.ts';
import { updateAccount } from '../../shared/session/account.ts';
import { useSessionStore } from '../../shared/session/store.ts';

export const SETTINGS_QUERY_KEY = ['account', 'details', 'settings'] as const;
export const SESSIONS_QUERY_KEY = ['account', 'sessions'] as const;

/** The account with its settings (`GET /api/account/details`). */
export function settingsQuery(client: ApiClient = api) {
  return {
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      client.get<AccountDetailsDto>(apiPaths.account.details, { signal }),
  };
}

/**
 * The signed-in account's settings, nothing for guests. The join page reads them (the media
 * defaults), so without TanStack's React binding (useQueryData, issue 11).
 */
export function useAccountSettings(): { data: AccountDetailsDto | undefined } {
  const signedIn = useSessionStore((s) => s.signedIn);
  return { data: useQueryData({ ...settingsQuery(), enabled: signedIn }) };
}

/**
 * Every settings endpoint answers with the fresh account: both caches take it (the settings
 * pages load the query client: app/buildRoutes.tsx).
 */
export function remember(
  details: AccountDetailsDto,
  client: QueryClient | null = appQueryClient.current(),
) {
  client?.setQueryData(SETTINGS_QUERY_KEY, details);
  updateAccount(details, client);
  return details;
}

export interface ProfileUpdate {
  full_name?: string;
  first_name?: string;
  last_name?: string;
  company?: string;
  /** '' removes the picture. */
  avatar?: '';
}

export const settingsApi = {
  update: (body: AccountSettingsUpdate) =>
    api.post<AccountDetailsDto>(apiPaths.account.settingsUpdate, body).then((d) => remember(d)),
  profile: (body: ProfileUpdate) =>
    api.post<AccountDetailsDto>(apiPaths.account.profileUpdate, body).then((d) => remember(d)),
  conferenceMode: (mode: ConferenceMode) =>
    api
      .post<AccountDetailsDto>(apiPaths.account.conferenceSettingUpdate, {
        conference_mode: mode,
      })
      .then((d) => remember(d)),
  changePassword: (old_password: string, new_password: string) =>
    api.post<AccountDto>(apiPaths.account.changePassword, { old_password, new_password }),
  setPassword: (password: string) =>
    api.post<AccountDto>(apiPaths.account.setPassword, { password }),
  sessions: () => api.get<{ sessions: AccountSessionDto[] }>(apiPaths.account.sessions),
  revokeSession: (id: string) =>
    api.post<{ sessions: AccountSessionDto[] }>(apiPaths.account.sessionRevoke, { id }),
  revokeOthers: () =>
    api.post<{ sessions: AccountSessionDto[] }>(apiPaths.account.sessionsRevokeOthers, {}),

  /**
   * Multipart upload; the JSON client only sends JSON bodies. The browser sets the multipart
   * Content-Type with its boundary.
   */
  async avatar(file: File, doFetch: typeof fetch = (i, init) => fetch(i, init)) {
    const body = new FormData();
    body.append('file', file, file.name);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      // SECURITY: the server refuses API calls without it (CSRF defence, spec §7).
      'X-Requested-With': 'XMLHttpRequest',
    };
    const access = cookieTokenStore.read().access;
    if (access) headers.Authorization = `Bearer ${access}`;
    const response = await doFetch(apiPaths.account.avatarUpload, {
      method: 'POST',
      headers,
      body,
      credentials: 'same-origin',
    });
    const text = await response.text();
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the error
    }
    if (!response.ok) throw parseApiError(response.status, payload, response.statusText);
    return remember(payload as AccountDetailsDto);
  },
};
