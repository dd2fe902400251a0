import type { OAuthProvider } from '@podium/protocol';

/** One provider's client registration (OAUTH_<PROVIDER>_ISSUER / _CLIENT_ID / _CLIENT_SECRET). */
export interface OAuthProviderConfig {
  /** OpenID Connect issuer; its `/.well-known/openid-configuration` gives every endpoint. */
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** Scopes asked for; `openid email profile` unless OAUTH_<PROVIDER>_SCOPES says otherwise. */
  scopes: string;
}

export interface OAuthConfig {
  /** Providers with a client id; a missing one answers 404 `oauth_not_configured`. */
  providers: Partial<Record<OAuthProvider, OAuthProviderConfig>>;
  /**
   * Return addresses a sign-in may name (OAUTH_REDIRECT_URIS, comma-separated). Empty: only
   * PUBLIC_URL + /auth/google/callback.
   */
  redirectUris: string[];
}

const DEFAULT_ISSUERS: Record<OAuthProvider, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
};

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * SECURITY: an http issuer would let anyone on the path forge identities, so plain http is
 * accepted only on loopback (a local identity provider in development and tests).
 */
export function checkIssuer(issuer: string, name: string): string {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`${name} must be a URL`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname))) {
    throw new Error(`${name} must be an https URL (http only on loopback)`);
  }
  return issuer.replace(/\/+$/, '');
}

function providerConfig(
  env: NodeJS.ProcessEnv,
  provider: OAuthProvider,
): OAuthProviderConfig | undefined {
  const prefix = `OAUTH_${provider.toUpperCase()}`;
  const clientId = env[`${prefix}_CLIENT_ID`];
  if (!clientId) return undefined;
  return {
    issuer: checkIssuer(env[`${prefix}_ISSUER`] || DEFAULT_ISSUERS[provider], `${prefix}_ISSUER`),
    clientId,
    clientSecret: env[`${prefix}_CLIENT_SECRET`] || undefined,
    scopes: env[`${prefix}_SCOPES`] || 'openid email profile',
  };
}

export function loadOAuthConfig(env: NodeJS.ProcessEnv): OAuthConfig {
  const providers: OAuthConfig['providers'] = {};
  for (const provider of ['google', 'facebook'] as const) {
    const config = providerConfig(env, provider);
    if (config) providers[provider] = config;
  }
  const redirectUris = (env.OAUTH_REDIRECT_URIS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)
    .map((u) => {
      try {
        return new URL(u).toString();
      } catch {
        throw new Error(`OAUTH_REDIRECT_URIS: ${u} is not a URL`);
      }
    });
  return { providers, redirectUris };
}
