import type {
  LinkedAccountsResponse,
  OAuthLoginResponse,
  OAuthProvider,
  OAuthProvidersResponse,
  OAuthStartResponse,
} from '@podium/protocol';
import { api, type ApiClient } from '../../shared/api/index.ts';
import { apiPaths } from '@podium/protocol';

/** Social sign-in calls of spec §7 "Account". */
export function socialApi(client: ApiClient = api) {
  return {
    providers: () =>
      client.get<OAuthProvidersResponse>(apiPaths.socialSignIn.providers, { auth: false }),
    start: (query: { provider: OAuthProvider; redirect_uri: string; link?: boolean }) =>
      client.get<OAuthStartResponse>(apiPaths.socialSignIn.start, {
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
    }) => client.post<OAuthLoginResponse>(apiPaths.socialSignIn.callback, body, { auth: false }),
    linkedAccounts: () => client.get<LinkedAccountsResponse>(apiPaths.socialSignIn.linkedAccounts),
    unlink: (provider: OAuthProvider) =>
      client.post<LinkedAccountsResponse>(apiPaths.socialSignIn.unlink, { provider }),
  };
}
export type SocialApi = ReturnType<typeof socialApi>;
