import type {
  LinkedAccountsResponse,
  OAuthLoginResponse,
  OAuthProvider,
  OAuthProvidersResponse,
  OAuthStartResponse,
} from '@podium/protocol';
import { api, type ApiClient } from '../../shared/api/index.ts';

/** Social sign-in calls of spec §7 "Account". */
export function socialApi(client: ApiClient = api) {
  return {
    providers: () => client.get<OAuthProvidersResponse>('/api/v1/auth/providers', { auth: false }),
    start: (query: { provider: OAuthProvider; redirect_uri: string; link?: boolean }) =>
      client.get<OAuthStartResponse>('/api/v1/auth/google/new', {
        query: { ...query, link: query.link ? '1' : undefined },
        // Only linking names the signed-in account.
        auth: Boolean(query.link),
      }),
    callback: (body: {
      code: string;
      state: string;
      provider: OAuthProvider;
      iss?: string;
      referral_code?: string;
      redirect_uri?: string;
    }) => client.post<OAuthLoginResponse>('/api/v1/auth/google/callback', body, { auth: false }),
    linkedAccounts: () => client.get<LinkedAccountsResponse>('/api/account/linked-accounts'),
    unlink: (provider: OAuthProvider) =>
      client.post<LinkedAccountsResponse>('/api/account/linked-accounts/unlink', { provider }),
  };
}
export type SocialApi = ReturnType<typeof socialApi>;
