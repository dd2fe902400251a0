import {
  OAUTH_CALLBACK_PATH,
  OAUTH_PROVIDERS,
  type OAuthLoginResponse,
  type OAuthProvider,
} from '@podium/protocol';
import type { SocialApi } from './api.ts';

/** What happens once the provider sends the browser back. */
export type PendingMode =
  | { kind: 'signin'; redirect: string | null; referralCode?: string }
  | { kind: 'link'; returnTo: string }
  | { kind: 'local-app'; port: number };

export interface PendingSignIn {
  provider: OAuthProvider;
  mode: PendingMode;
}

/** Per tab, so two tabs signing in at once do not mix their hand-offs. */
export const PENDING_KEY = 'podium.oauth.pending';

export function isProvider(value: unknown): value is OAuthProvider {
  return typeof value === 'string' && (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

function isPending(value: unknown): value is PendingSignIn {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<PendingSignIn>;
  const kind = v.mode?.kind;
  return isProvider(v.provider) && (kind === 'signin' || kind === 'link' || kind === 'local-app');
}

export function readPending(storage: Pick<Storage, 'getItem'>): PendingSignIn | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(PENDING_KEY) ?? 'null');
    return isPending(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export interface FlowDeps {
  api: SocialApi;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  origin: string;
  /** Leaves the app for the provider (window.location.assign). */
  assign: (url: string) => void;
}

export function callbackUrl(origin: string): string {
  return `${origin}${OAUTH_CALLBACK_PATH}`;
}

/** Asks the server for the provider's authorization URL (it keeps state and PKCE) and goes. */
export async function startSocialSignIn(pending: PendingSignIn, deps: FlowDeps): Promise<void> {
  const started = await deps.api.start({
    provider: pending.provider,
    redirect_uri: callbackUrl(deps.origin),
    link: pending.mode.kind === 'link',
  });
  deps.storage.setItem(PENDING_KEY, JSON.stringify(pending));
  deps.assign(started.authorization_url);
}

/** The provider's answer in the callback URL. */
export type CallbackParams =
  | { kind: 'code'; code: string; state: string; iss: string | undefined }
  | { kind: 'error'; error: string; description: string | null }
  | { kind: 'missing' };

export function parseCallback(search: string): CallbackParams {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  if (error) return { kind: 'error', error, description: params.get('error_description') };
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) return { kind: 'missing' };
  return { kind: 'code', code, state, iss: params.get('iss') ?? undefined };
}

export interface CompletedSignIn {
  response: OAuthLoginResponse;
  pending: PendingSignIn;
}

/**
 * Hands the code and state to the server, which exchanges them with the verifier it kept. The
 * pending hand-off is removed first: whatever the answer, it is not used twice.
 */
export async function completeSocialSignIn(
  params: Extract<CallbackParams, { kind: 'code' }>,
  deps: Pick<FlowDeps, 'api' | 'storage' | 'origin'>,
): Promise<CompletedSignIn> {
  const pending = readPending(deps.storage) ?? {
    provider: 'google',
    mode: { kind: 'signin', redirect: null },
  };
  deps.storage.removeItem(PENDING_KEY);
  const response = await deps.api.callback({
    code: params.code,
    state: params.state,
    provider: pending.provider,
    ...(params.iss ? { iss: params.iss } : {}),
    redirect_uri: callbackUrl(deps.origin),
    ...(pending.mode.kind === 'signin' && pending.mode.referralCode
      ? { referral_code: pending.mode.referralCode }
      : {}),
  });
  return { response, pending };
}
