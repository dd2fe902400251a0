import * as oidc from 'openid-client';
import { createRemoteJWKSet, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { OAuthProvider } from '@podium/protocol';
import type { OAuthProviderConfig } from './config.ts';

/** The identity an ID token vouches for, once every check passed. */
export interface VerifiedIdentity {
  provider: OAuthProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
}

/** Why a provider step failed; the service turns each into its client-facing error. */
export type ProviderFailureKind =
  /** The provider refused the code exchange (bad code, PKCE or redirect mismatch). */
  | 'exchange'
  /** The ID token failed a check: signature, issuer, audience, nonce, expiry. */
  | 'id_token'
  /** The provider could not be reached or answered nonsense. */
  | 'unavailable';

export class ProviderFailure extends Error {
  readonly kind: ProviderFailureKind;
  constructor(kind: ProviderFailureKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

/** Discovery answers are cached this long; keys rotate, endpoints rarely move. */
const DISCOVERY_TTL_MS = 60 * 60_000;
/** Seconds to wait for the provider (discovery, token exchange). */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** Tolerated clock difference with the provider when checking `iat`/`exp`. */
const CLOCK_TOLERANCE_SECONDS = 60;

function isLoopbackHttp(url: string): boolean {
  return url.startsWith('http://');
}

function stringClaim(payload: JWTPayload, name: string): string | null {
  const value = payload[name];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Google sends `email_verified` as a boolean; some providers send the string "true". */
function emailVerifiedClaim(payload: JWTPayload): boolean {
  const value = payload.email_verified;
  return value === true || value === 'true';
}

/**
 * One OpenID Connect provider: discovery, the authorization URL (PKCE S256, state, nonce), the
 * code exchange and ID token verification against the provider's published keys.
 */
export class ProviderClient {
  readonly provider: OAuthProvider;
  readonly #config: OAuthProviderConfig;
  #discovered: { at: number; config: oidc.Configuration } | null = null;
  #jwks: { uri: string; keys: ReturnType<typeof createRemoteJWKSet> } | null = null;
  #now: () => number;

  constructor(provider: OAuthProvider, config: OAuthProviderConfig, now: () => number = Date.now) {
    this.provider = provider;
    this.#config = config;
    this.#now = now;
  }

  get clientId(): string {
    return this.#config.clientId;
  }

  async #configuration(): Promise<oidc.Configuration> {
    const cached = this.#discovered;
    if (cached && this.#now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const { issuer, clientId, clientSecret } = this.#config;
    try {
      const config = await oidc.discovery(
        new URL(issuer),
        clientId,
        clientSecret,
        clientSecret ? oidc.ClientSecretPost(clientSecret) : oidc.None(),
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // checkIssuer() allowed plain http for loopback issuers only.
          ...(isLoopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      );
      this.#discovered = { at: this.#now(), config };
      return config;
    } catch (error) {
      throw new ProviderFailure('unavailable', `discovery of ${issuer} failed`, { cause: error });
    }
  }

  async #keys(config: oidc.Configuration) {
    const uri = config.serverMetadata().jwks_uri;
    if (!uri) throw new ProviderFailure('unavailable', 'the provider publishes no jwks_uri');
    if (this.#jwks?.uri !== uri) {
      this.#jwks = {
        uri,
        keys: createRemoteJWKSet(new URL(uri), {
          timeoutDuration: PROVIDER_TIMEOUT_SECONDS * 1000,
        }),
      };
    }
    return this.#jwks.keys;
  }

  async authorizationUrl(params: {
    redirectUri: string;
    state: string;
    codeVerifier: string;
    nonce: string;
  }): Promise<string> {
    const config = await this.#configuration();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: params.redirectUri,
      scope: this.#config.scopes,
      response_type: 'code',
      state: params.state,
      nonce: params.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(params.codeVerifier),
      code_challenge_method: 'S256',
    });
    return url.href;
  }

  /**
   * Exchanges the code (with the PKCE verifier, at the same redirect URI) and verifies the ID
   * token it returns, nonce included.
   */
  async exchange(params: {
    redirectUri: string;
    code: string;
    state: string;
    /** RFC 9207 `iss` of the redirect; required when the provider says it sends one. */
    iss: string | undefined;
    codeVerifier: string;
    nonce: string;
  }): Promise<VerifiedIdentity> {
    const config = await this.#configuration();
    const callback = new URL(params.redirectUri);
    callback.searchParams.set('code', params.code);
    callback.searchParams.set('state', params.state);
    if (params.iss !== undefined) callback.searchParams.set('iss', params.iss);
    let idToken: string | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: params.codeVerifier,
        expectedState: params.state,
        expectedNonce: params.nonce,
        idTokenExpected: true,
      });
      idToken = tokens.id_token;
    } catch (error) {
      if (
        error instanceof oidc.ResponseBodyError ||
        error instanceof oidc.AuthorizationResponseError
      ) {
        throw new ProviderFailure('exchange', `the provider refused the code: ${error.error}`, {
          cause: error,
        });
      }
      if (error instanceof oidc.ClientError) {
        // openid-client checked the ID token's claims (issuer, audience, nonce, expiry).
        throw new ProviderFailure('id_token', error.message, { cause: error });
      }
      throw new ProviderFailure('unavailable', 'the token exchange failed', { cause: error });
    }
    if (!idToken) throw new ProviderFailure('id_token', 'the provider returned no ID token');
    // SECURITY: openid-client trusts a token endpoint answer over TLS without checking the
    // signature; check it against the provider's keys anyway (and every claim once more).
    return this.verifyIdToken(idToken, params.nonce);
  }

  /** Verifies an ID token: signature (provider's JWKS), issuer, audience, expiry, nonce. */
  async verifyIdToken(idToken: string, expectedNonce?: string): Promise<VerifiedIdentity> {
    const config = await this.#configuration();
    const metadata = config.serverMetadata();
    const keys = await this.#keys(config);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        issuer: metadata.issuer,
        audience: this.#config.clientId,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'iat', 'exp'],
        currentDate: new Date(this.#now()),
      }));
    } catch (error) {
      if (
        error instanceof joseErrors.JWKSTimeout ||
        (error instanceof TypeError && /fetch/i.test(error.message))
      ) {
        throw new ProviderFailure('unavailable', 'the provider keys cannot be fetched', {
          cause: error,
        });
      }
      throw new ProviderFailure('id_token', (error as Error).message, { cause: error });
    }
    // With several audiences, `azp` must name this client (OIDC Core 3.1.3.7).
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== this.clientId) {
      throw new ProviderFailure('id_token', 'the ID token was issued to another client');
    }
    if (expectedNonce !== undefined && payload.nonce !== expectedNonce) {
      throw new ProviderFailure('id_token', 'the ID token nonce does not match');
    }
    const subject = stringClaim(payload, 'sub');
    if (!subject) throw new ProviderFailure('id_token', 'the ID token has no subject');
    const email = stringClaim(payload, 'email');
    return {
      provider: this.provider,
      subject,
      email: email ? email.toLowerCase() : null,
      emailVerified: email !== null && emailVerifiedClaim(payload),
      name: stringClaim(payload, 'name'),
      givenName: stringClaim(payload, 'given_name'),
      familyName: stringClaim(payload, 'family_name'),
      picture: stringClaim(payload, 'picture'),
    };
  }
}

export function randomSecrets(): { state: string; codeVerifier: string; nonce: string } {
  return {
    state: oidc.randomState(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    nonce: oidc.randomNonce(),
  };
}
