import crypto from 'node:crypto';
import type { Logger } from 'pino';
import {
  ErrorCode,
  OAUTH_CALLBACK_PATH,
  OAUTH_PROVIDERS,
  OAUTH_STATE_TTL_SECONDS,
  oauthMessages,
  type LinkedAccountsResponse,
  type OAuthLoginResponse,
  type OAuthMessageKey,
  type OAuthProvider,
  type OAuthProvidersResponse,
  type OAuthStartResponse,
} from '@podium/protocol';
import type { Config } from '../../config.ts';
import type { Db } from '../../store/db.ts';
import type { AccountRow } from '../../store/schema.ts';
import type { AuthAccount } from '../auth-account.ts';
import { AppError, unauthorized } from '../../shared/errors.ts';
import { violatedUniqueIndex, type AccountStore } from '../accounts/account-store.ts';
import { toAccountDto } from '../accounts/dto.ts';
import type { TokenService } from '../accounts/tokens.ts';
import { accountDisabled } from '../accounts/errors.ts';
import {
  ProviderClient,
  ProviderFailure,
  randomSecrets,
  type VerifiedIdentity,
} from './provider-client.ts';
import { SocialSignInRepository } from './repository.ts';
import { assertNever } from '../../shared/assert-never.ts';

export function oauthError(status: number, code: string, key: OAuthMessageKey): AppError {
  return new AppError(status, code, oauthMessages[key], { key });
}

const stateError = () => oauthError(400, ErrorCode.BadRequest, 'errors.oauth_state');

function failureError(failure: ProviderFailure): AppError {
  switch (failure.kind) {
    case 'exchange':
      return oauthError(400, ErrorCode.BadRequest, 'errors.oauth_exchange_failed');
    case 'id_token':
      return oauthError(401, ErrorCode.Unauthorized, 'errors.oauth_id_token');
    case 'unavailable':
      return oauthError(503, 'provider_unavailable', 'errors.oauth_provider_unavailable');
    default:
      return assertNever(failure.kind, 'provider failure');
  }
}

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += REFERRAL_ALPHABET[crypto.randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

export interface SocialSignInOptions {
  config: Config;
  db: Db;
  accounts: AccountStore;
  tokens: TokenService;
  log: Logger;
  now?: () => number;
}

interface SignInOutcome {
  account: AccountRow;
  created: boolean;
  linked: boolean;
}

/**
 * Google and Facebook sign-in (spec §7): started sign-ins kept server-side (state, PKCE
 * verifier, nonce, redirect URI; single use, short-lived), identities linked to accounts.
 */
export class SocialSignInService {
  readonly repository: SocialSignInRepository;
  #config: Config;
  #accounts: AccountStore;
  #tokens: TokenService;
  #log: Logger;
  #now: () => number;
  #clients = new Map<OAuthProvider, ProviderClient>();

  constructor(options: SocialSignInOptions) {
    this.repository = new SocialSignInRepository(options.db);
    this.#config = options.config;
    this.#accounts = options.accounts;
    this.#tokens = options.tokens;
    this.#log = options.log.child({ service: 'social-signin' });
    this.#now = options.now ?? Date.now;
  }

  providers(): OAuthProvidersResponse {
    return {
      providers: OAUTH_PROVIDERS.map((provider) => ({
        provider,
        configured: Boolean(this.#config.oauth.providers[provider]),
      })),
    };
  }

  #client(provider: OAuthProvider): ProviderClient {
    const existing = this.#clients.get(provider);
    if (existing) return existing;
    const config = this.#config.oauth.providers[provider];
    if (!config) throw oauthError(404, ErrorCode.NotFound, 'errors.oauth_not_configured');
    const client = new ProviderClient(provider, config, this.#now);
    this.#clients.set(provider, client);
    return client;
  }

  /** PUBLIC_URL's callback, plus OAUTH_REDIRECT_URIS. Read per call: tests learn their port late. */
  #allowedRedirects(): string[] {
    const own = new URL(OAUTH_CALLBACK_PATH, `${this.#config.publicUrl}/`).toString();
    return [own, ...this.#config.oauth.redirectUris];
  }

  #checkRedirect(requested: string | undefined): string {
    const allowed = this.#allowedRedirects();
    if (requested === undefined) return allowed[0] as string;
    let normalized: string;
    try {
      normalized = new URL(requested).toString();
    } catch {
      throw oauthError(400, ErrorCode.BadRequest, 'errors.oauth_redirect_not_allowed');
    }
    // SECURITY: an open redirect here would hand the code to whoever named the address.
    if (!allowed.includes(normalized)) {
      throw oauthError(400, ErrorCode.BadRequest, 'errors.oauth_redirect_not_allowed');
    }
    return normalized;
  }

  async start(input: {
    provider: OAuthProvider;
    redirectUri: string | undefined;
    linkTo: AuthAccount | null;
  }): Promise<OAuthStartResponse> {
    const client = this.#client(input.provider);
    const redirectUri = this.#checkRedirect(input.redirectUri);
    const secrets = randomSecrets();
    let authorizationUrl: string;
    try {
      authorizationUrl = await client.authorizationUrl({ redirectUri, ...secrets });
    } catch (error) {
      if (error instanceof ProviderFailure) {
        this.#log.warn({ err: error, provider: input.provider }, 'provider unavailable');
        throw failureError(error);
      }
      throw error;
    }
    const now = new Date(this.#now());
    const expiresAt = new Date(now.getTime() + OAUTH_STATE_TTL_SECONDS * 1000);
    await this.repository.saveState(
      {
        state: secrets.state,
        provider: input.provider,
        codeVerifier: secrets.codeVerifier,
        nonce: secrets.nonce,
        redirectUri,
        linkAccountId: input.linkTo?.id ?? null,
        expiresAt,
      },
      now,
    );
    return {
      authorization_url: authorizationUrl,
      provider: input.provider,
      redirect_uri: redirectUri,
      expires_at: expiresAt.toISOString(),
    };
  }

  /** The provider sent the browser back: finish the sign-in started with `state`. */
  async callback(input: {
    code: string;
    state: string;
    iss: string | undefined;
    provider: OAuthProvider;
    redirectUri: string | undefined;
    referralCode: string | undefined;
  }): Promise<OAuthLoginResponse> {
    // Consumed before anything else: a failed attempt cannot be replayed either.
    const started = await this.repository.consumeState(input.state);
    if (!started || started.expiresAt.getTime() <= this.#now()) throw stateError();
    if (started.provider !== input.provider) {
      throw oauthError(400, ErrorCode.BadRequest, 'errors.oauth_provider_mismatch');
    }
    if (input.redirectUri !== undefined && !sameUrl(input.redirectUri, started.redirectUri)) {
      throw oauthError(400, ErrorCode.BadRequest, 'errors.oauth_redirect_mismatch');
    }
    const client = this.#client(started.provider);
    let identity: VerifiedIdentity;
    try {
      identity = await client.exchange({
        redirectUri: started.redirectUri,
        code: input.code,
        state: input.state,
        iss: input.iss,
        codeVerifier: started.codeVerifier,
        nonce: started.nonce,
      });
    } catch (error) {
      if (error instanceof ProviderFailure) {
        this.#log.warn({ err: error, provider: started.provider }, 'social sign-in refused');
        throw failureError(error);
      }
      throw error;
    }
    if (started.linkAccountId) {
      const account = await this.#linkTo(started.linkAccountId, identity);
      return this.#session({ account, created: false, linked: true }, identity.provider);
    }
    return this.#session(await this.#signIn(identity, input.referralCode), identity.provider);
  }

  /** `POST /api/account/login/gg|fb`: an ID token the client got itself (a local app, a phone). */
  async loginWithIdToken(input: {
    provider: OAuthProvider;
    idToken: string;
    nonce: string | undefined;
    referralCode: string | undefined;
  }): Promise<OAuthLoginResponse> {
    const client = this.#client(input.provider);
    let identity: VerifiedIdentity;
    try {
      identity = await client.verifyIdToken(input.idToken, input.nonce);
    } catch (error) {
      if (error instanceof ProviderFailure) {
        this.#log.warn({ err: error, provider: input.provider }, 'ID token refused');
        throw failureError(error);
      }
      throw error;
    }
    return this.#session(await this.#signIn(identity, input.referralCode), input.provider);
  }

  async #session(outcome: SignInOutcome, provider: OAuthProvider): Promise<OAuthLoginResponse> {
    if (outcome.account.accountStatus === 'disabled') throw accountDisabled();
    const tokens = await this.#tokens.issue(outcome.account.id);
    this.#log.info(
      { accountId: outcome.account.id, provider, created: outcome.created, linked: outcome.linked },
      'signed in with a provider',
    );
    return {
      authorization: tokens.authorization,
      renewal_token: tokens.renewal_token,
      account: toAccountDto(outcome.account),
      provider,
      created: outcome.created,
      linked: outcome.linked,
    };
  }

  /**
   * The account of an identity: the one it is linked to; else the account holding the same
   * email when both the provider and Podium verified it (then linked); else a new account.
   */
  async #signIn(
    identity: VerifiedIdentity,
    referralCode: string | undefined,
  ): Promise<SignInOutcome> {
    const known = await this.repository.identity(identity.provider, identity.subject);
    if (known) {
      const account = await this.#accounts.byId(known.accountId);
      if (!account) throw stateError();
      return { account, created: false, linked: false };
    }
    if (identity.email) {
      const holder = await this.#accounts.byLogin(identity.email);
      if (holder && holder.email === identity.email) {
        // SECURITY: linking on an unverified address on either side would let someone who
        // registered a victim's email (or an IdP that does not check it) take the account.
        if (!identity.emailVerified || !holder.emailVerified) {
          throw oauthError(409, ErrorCode.Conflict, 'errors.oauth_email_in_use');
        }
        await this.#linkRow(holder.id, identity);
        return { account: holder, created: false, linked: true };
      }
    }
    const account = await this.#create(identity, referralCode);
    await this.#linkRow(account.id, identity);
    return { account, created: true, linked: false };
  }

  async #linkTo(accountId: string, identity: VerifiedIdentity): Promise<AccountRow> {
    const account = await this.#accounts.byId(accountId);
    if (!account) throw unauthorized();
    const known = await this.repository.identity(identity.provider, identity.subject);
    if (known) {
      if (known.accountId === accountId) return account;
      throw oauthError(409, ErrorCode.Conflict, 'errors.oauth_already_linked');
    }
    await this.#linkRow(accountId, identity);
    return account;
  }

  async #linkRow(accountId: string, identity: VerifiedIdentity): Promise<void> {
    try {
      await this.repository.link({
        provider: identity.provider,
        subject: identity.subject,
        accountId,
        email: identity.email,
      });
    } catch (error) {
      const index = violatedUniqueIndex(error);
      if (index === 'linked_identities_account_provider_key') {
        throw oauthError(409, ErrorCode.Conflict, 'errors.oauth_provider_linked');
      }
      if (index !== null) throw oauthError(409, ErrorCode.Conflict, 'errors.oauth_already_linked');
      throw error;
    }
  }

  async #create(identity: VerifiedIdentity, referralCode: string | undefined): Promise<AccountRow> {
    // An unknown referral code does not stop a sign-in that already went through the provider.
    let referredBy: string | null = null;
    if (referralCode) {
      const referrer = await this.#accounts.byReferralCode(referralCode);
      if (referrer) referredBy = referrer.id;
      else this.#log.info({ provider: identity.provider }, 'unknown referral code ignored');
    }
    const fullName =
      identity.name ??
      ([identity.givenName, identity.familyName].filter(Boolean).join(' ') || null);
    for (let attempt = 0; ; attempt++) {
      try {
        const row = await this.#accounts.insert({
          id: crypto.randomUUID(),
          username: null,
          // Only an address the provider verified is kept; it then counts as verified here.
          email: identity.emailVerified ? identity.email : null,
          emailVerified: identity.emailVerified,
          phone: null,
          passwordHash: null,
          fullName,
          firstName: identity.givenName,
          lastName: identity.familyName,
          avatar: identity.picture,
          accountStatus: 'active',
          referralCode: newReferralCode(),
          referredBy,
        });
        this.#log.info(
          { accountId: row.id, provider: identity.provider, referredBy },
          'account created from a provider identity',
        );
        return row;
      } catch (error) {
        const index = violatedUniqueIndex(error);
        if (index === 'accounts_email_key') {
          throw oauthError(409, ErrorCode.Conflict, 'errors.oauth_email_in_use');
        }
        // A referral code collided (1 in 32^8 per pair): draw another.
        if (index === null || attempt >= 4) throw error;
      }
    }
  }

  async linkedAccounts(auth: AuthAccount): Promise<LinkedAccountsResponse> {
    const account = await this.#accounts.byId(auth.id);
    if (!account) throw unauthorized();
    const rows = await this.repository.identitiesOf(auth.id);
    return {
      linked_accounts: rows.map((r) => ({
        provider: r.provider,
        email: r.email,
        linked_at: r.createdAt.toISOString(),
      })),
      has_password: account.passwordHash !== null,
    };
  }

  async unlink(auth: AuthAccount, provider: OAuthProvider): Promise<LinkedAccountsResponse> {
    const result = await this.repository.unlink(auth.id, provider);
    switch (result) {
      case 'unlinked':
        this.#log.info({ accountId: auth.id, provider }, 'identity unlinked');
        return this.linkedAccounts(auth);
      case 'not_linked':
        throw oauthError(404, ErrorCode.NotFound, 'errors.oauth_not_linked');
      case 'last_method':
        throw oauthError(409, ErrorCode.Conflict, 'errors.oauth_last_method');
      default:
        return assertNever(result, 'unlink result');
    }
  }
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).toString() === new URL(b).toString();
  } catch {
    return false;
  }
}
