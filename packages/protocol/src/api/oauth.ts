import { z } from 'zod';
import type { AccountDto } from './account.ts';
export * from './oauth-paths.ts';

/**
 * Social sign-in of spec §7 "Account": Google and Facebook through OAuth 2 / OpenID Connect with
 * PKCE (S256), state and nonce. The browser starts at `GET /api/v1/auth/google/new`, the provider
 * sends it back to the web route /auth/google/callback, which posts the code and state to
 * `POST /api/v1/auth/google/callback`. ID tokens obtained elsewhere (a local app, a phone) sign
 * in through `POST /api/account/login/gg` and `/fb`.
 */

export const OAUTH_PROVIDERS = ['google', 'facebook'] as const;
export const oauthProvider = z.enum(OAUTH_PROVIDERS);
export type OAuthProvider = z.infer<typeof oauthProvider>;

const redirectUri = z.string().trim().max(2048).url('Invalid redirect URI');
const referralCode = z.string().trim().max(32);

export const oauthStartRequest = z.object({
  provider: oauthProvider.default('google'),
  redirect_uri: redirectUri.optional(),
  /** With an access token: link the identity to the signed-in account instead of signing in. */
  link: z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
    .transform((v) => v === true || v === '1' || v === 'true')
    .optional(),
});
export type OAuthStartRequest = z.input<typeof oauthStartRequest>;

export interface OAuthStartResponse {
  authorization_url: string;
  provider: OAuthProvider;
  /** The callback the provider will return to; the callback request must name the same one. */
  redirect_uri: string;
  expires_at: string;
}

export const oauthCallbackRequest = z.object({
  code: z.string().min(1, 'Missing authorization code').max(4096),
  state: z.string().min(1, 'Missing state').max(512),
  provider: oauthProvider.default('google'),
  /** RFC 9207: the issuer the provider named in the redirect, passed on as received. */
  iss: z.string().max(2048).optional(),
  referral_code: referralCode.optional(),
  /** The callback URL the browser was sent to; must equal the one the sign-in started with. */
  redirect_uri: redirectUri.optional(),
});
export type OAuthCallbackRequest = z.input<typeof oauthCallbackRequest>;

/** Sign-in with an ID token issued to this server's client id (a local app, a phone). */
export const idTokenLoginRequest = z.object({
  id_token: z.string().min(1, 'Missing ID token').max(16384),
  /** The nonce the client put in its authorization request; checked when given. */
  nonce: z.string().max(512).optional(),
  referral_code: referralCode.optional(),
});
export type IdTokenLoginRequest = z.input<typeof idTokenLoginRequest>;

/** Body of a successful social sign-in; the token is also in the `authorization` header. */
export interface OAuthLoginResponse {
  authorization: string;
  renewal_token: string;
  account: AccountDto;
  provider: OAuthProvider;
  /** A new account was created for this identity. */
  created: boolean;
  /** The identity was linked to an existing account (same verified email, or a link request). */
  linked: boolean;
}

export interface OAuthProviderInfo {
  provider: OAuthProvider;
  /** False when the operator has not configured this provider; its buttons stay disabled. */
  configured: boolean;
}

export interface OAuthProvidersResponse {
  providers: OAuthProviderInfo[];
}

export interface LinkedAccountDto {
  provider: OAuthProvider;
  email: string | null;
  linked_at: string;
}

export interface LinkedAccountsResponse {
  linked_accounts: LinkedAccountDto[];
  /** Whether the account can sign in with a password (unlinking the last identity needs one). */
  has_password: boolean;
}

export const unlinkRequest = z.object({ provider: oauthProvider });

/** Error keys of social sign-in (translated by the web app under `serverErrors.`). */
export const oauthMessages = {
  'errors.oauth_not_configured': 'Sign-in with this provider is not set up on this server',
  'errors.oauth_state': 'This sign-in link is invalid or has expired, please start again',
  'errors.oauth_provider_mismatch': 'This sign-in was started with another provider',
  'errors.oauth_redirect_mismatch': 'The sign-in returned to a different address than it started',
  'errors.oauth_redirect_not_allowed': 'This return address is not allowed',
  'errors.oauth_exchange_failed': 'The provider refused the sign-in, please start again',
  'errors.oauth_id_token': 'The identity token is invalid',
  'errors.oauth_provider_unavailable': 'The sign-in provider cannot be reached, try again later',
  'errors.oauth_email_in_use':
    'An account with this email already exists; sign in to it and link this provider in settings',
  'errors.oauth_already_linked': 'This identity is already linked to another account',
  'errors.oauth_provider_linked': 'A different account of this provider is already linked',
  'errors.oauth_last_method': 'Set a password before unlinking your only way to sign in',
  'errors.oauth_not_linked': 'This provider is not linked to your account',
} as const;
export type OAuthMessageKey = keyof typeof oauthMessages;

/**
 * The local app of spec §7 ("Local OAuth app", `http://localhost:<port>`): a desktop app opens
 * /oauth/gg or /oauth/fb with `?port=`; the page checks the app listens (`ping`), signs in with
 * the provider in the browser, then hands the Podium session to the app (`submit`). The app
 * must answer CORS (the page is on another origin) including the preflight.
 */
export const LOCAL_OAUTH_APP_DEFAULT_PORT = 7979;
export const LOCAL_OAUTH_PING_PATH = '/apis/v1/oauth/ping';
export const LOCAL_OAUTH_SUBMIT_PATH = '/apis/v1/oauth/submit';

export interface LocalAppPingRequest {
  provider: OAuthProvider;
}

/** What the page posts to the local app once the sign-in succeeded. */
export interface LocalAppSubmitRequest {
  provider: OAuthProvider;
  authorization: string;
  renewal_token: string;
  account_id: string;
}
