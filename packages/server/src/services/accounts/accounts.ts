import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type {
  AccountDetailsDto,
  AccountDto,
  ConferenceMode,
  LoginResponse,
  ServerMessageKey,
  SignupResponse,
} from '@podium/protocol';
import type { Config } from '../../config.ts';
import type { Db } from '../../store/db.ts';
import type { AccountRow, CodePurpose } from '../../store/schema.ts';
import type { Mailer } from '../mail.ts';
import type { AuthAccount } from '../auth-account.ts';
import { unauthorized } from '../../shared/errors.ts';
import { AccountStore, violatedUniqueIndex, type IdentityField } from './account-store.ts';
import { CodeService, type CodeChannel } from './codes.ts';
import { TokenService } from './tokens.ts';
import { TOKEN_CACHE_MAX_ENTRIES, TOKEN_CACHE_TTL_MS } from './token-cache.ts';
import { ShortCache } from '../../shared/short-cache.ts';
import type { AttemptCounter, SharedCounters } from '../../cluster/ports.ts';
import { LocalCounters } from '../../cluster/local.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { isWeakPassword } from './password-strength.ts';
import { codeEmail, codeSms, type CodeMessageKind } from './messages.ts';
import { toAccountDto, toProfile, type ProfileDto } from './dto.ts';
import {
  TooManyAttempts,
  accountDisabled,
  expiredCode,
  fieldConflict,
  fieldError,
  invalidCode,
  invalidCredentials,
  resendFailed,
  sendFailed,
} from './errors.ts';

/** What a request tells the service about its sender. */
export interface ClientMeta {
  ip: string;
}

export interface SignupInput {
  email?: string | undefined;
  phone?: string | undefined;
  username?: string | undefined;
  password: string;
  full_name?: string | undefined;
  referral_code?: string | undefined;
}

export interface ProfileInput {
  first_name?: string | undefined;
  last_name?: string | undefined;
  full_name?: string | undefined;
  company?: string | undefined;
  avatar?: string | undefined;
}

export interface AccountsServiceOptions {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: Logger;
  now?: () => number;
  /**
   * Where the limiters count: in this process by default, across nodes with REDIS_URL
   * (src/cluster).
   */
  counters?: SharedCounters;
}

/** Mails (codes) one identifier may trigger per window; more is a nuisance, not a need. */
const MAILS_PER_IDENTIFIER = 5;
/** A client address may fail this many times the per-(account, address) allowance in a window. */
const LOGIN_ADDRESS_FACTOR = 5;
/**
 * Failures on one account from all addresses, in multiples of the per-(account, address)
 * allowance, past which the account counts as under a distributed attack: then an address that
 * has already failed on it waits, while addresses that never failed still sign in.
 */
const LOGIN_ACCOUNT_FACTOR = 10;
/** Renewal tokens outlive access tokens; the cookie itself is kept 3650 days (spec §9). */
const RENEWAL_TTL_SECONDS = 180 * 24 * 3600;
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const REFERRAL_LENGTH = 8;

const TAKEN_KEY: Record<IdentityField, ServerMessageKey> = {
  email: 'errors.email_taken',
  username: 'errors.username_taken',
  phone: 'errors.phone_taken',
};
const INDEX_FIELD: Record<string, IdentityField> = {
  accounts_email_key: 'email',
  accounts_username_key: 'username',
  accounts_phone_key: 'phone',
};

function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_LENGTH; i++) {
    code += REFERRAL_ALPHABET[crypto.randomInt(REFERRAL_ALPHABET.length)];
  }
  return code;
}

function blankToNull(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value === '' ? null : value;
}

/**
 * Refuses a new password that is common or easy to guess (zxcvbn, see password-strength.ts),
 * naming `field`. SECURITY: the length rule alone let '12345678' and eight spaces through.
 */
function assertStrong(field: string, password: string, personal: Array<string | null | undefined>) {
  if (isWeakPassword(password, personal)) throw fieldError(field, 'errors.password_weak');
}

const identitiesOf = (a: AccountRow) => [a.email, a.username, a.fullName, a.phone];

/** Account life cycle: sign-up, sign-in, verification codes, passwords and profile. */
export class AccountsService {
  readonly tokens: TokenService;
  readonly codes: CodeService;
  readonly store: AccountStore;
  /**
   * Failed sign-ins per (account or identifier, address) and wrong current passwords per account.
   * SECURITY: never per account alone, or anyone could keep a victim's right password refused.
   */
  readonly loginLimiter: AttemptCounter;
  /** Failed sign-ins per client address, whatever account they name. */
  readonly loginPerAddress: AttemptCounter;
  /** Failed sign-ins per account from every address: only marks an account under attack. */
  readonly loginPerAccount: AttemptCounter;
  /** Code mails per identifier and per address. */
  readonly mailLimiter: AttemptCounter;
  readonly mailPerAddress: AttemptCounter;
  readonly signupLimiter: AttemptCounter;
  /**
   * What account details answered (account and settings), per account, so a request whose
   * token is cached needs no database round trip at all (settings.ts). Every write to the
   * account through this process forgets it at once (`store.update` below, settings.ts);
   * a write elsewhere (another node, the database by hand) is seen within the same second as a
   * revocation made elsewhere (TOKEN_CACHE_TTL_MS).
   */
  readonly detailsCache: ShortCache<AccountDetailsDto>;
  /** Told of every account changed through this process (copies of it elsewhere drop it). */
  #changeListeners = new Set<(accountId: string) => void>();
  #mailer: Mailer;
  #log: Logger;

  constructor(options: AccountsServiceOptions) {
    const { config, db } = options;
    const now = options.now ?? Date.now;
    this.detailsCache = new ShortCache({
      now,
      ttlMs: TOKEN_CACHE_TTL_MS,
      maxOwners: TOKEN_CACHE_MAX_ENTRIES,
    });
    // SECURITY: a changed account (status, identities) is seen by its next request, not a second
    // later: the token cache and every copy of the account forget it.
    this.store = new AccountStore(db, (id) => this.accountChanged(id));
    this.tokens = new TokenService({
      db,
      accessTtlSeconds: config.accessTokenTtlSeconds,
      renewalTtlSeconds: RENEWAL_TTL_SECONDS,
      now,
      onReuse: (sessionId) =>
        this.#log.warn({ sessionId }, 'rotated renewal token reused: session revoked'),
    });
    this.codes = new CodeService({ db, now });
    const windowMs = config.loginWindowMs;
    const counters = options.counters ?? new LocalCounters();
    this.loginLimiter = counters.attempts('login', {
      max: config.loginMaxAttempts,
      windowMs,
      now,
    });
    // One address may try several accounts (a shared office, a typo in the name) before it waits.
    this.loginPerAddress = counters.attempts('login-address', {
      max: LOGIN_ADDRESS_FACTOR * config.loginMaxAttempts,
      windowMs,
      now,
    });
    this.loginPerAccount = counters.attempts('login-account', {
      max: LOGIN_ACCOUNT_FACTOR * config.loginMaxAttempts,
      windowMs,
      now,
    });
    this.mailLimiter = counters.attempts('mail', { max: MAILS_PER_IDENTIFIER, windowMs, now });
    // Addresses are shared (offices, NAT), so they get ten times an identifier's allowance.
    this.mailPerAddress = counters.attempts('mail-address', {
      max: 10 * config.loginMaxAttempts,
      windowMs,
      now,
    });
    this.signupLimiter = counters.attempts('signup', {
      max: 10 * config.loginMaxAttempts,
      windowMs,
      now,
    });
    this.#mailer = options.mailer;
    this.#log = options.log.child({ service: 'accounts' });
  }

  /** Calls `listener` with the id of every account changed through this process. */
  onAccountChange(listener: (accountId: string) => void): void {
    this.#changeListeners.add(listener);
  }

  /** Drops every copy of the account this process keeps; the next request reads it afresh. */
  accountChanged(accountId: string): void {
    this.tokens.cache.forgetAccount(accountId);
    this.detailsCache.forget(accountId);
    for (const listener of this.#changeListeners) listener(accountId);
  }

  // ---- sign-up and sessions ---------------------------------------------------------------

  async signup(input: SignupInput, meta: ClientMeta): Promise<SignupResponse> {
    const wait = await this.signupLimiter.consume(`ip:${meta.ip}`);
    if (wait) throw new TooManyAttempts(wait);
    assertStrong('password', input.password, [input.email, input.username, input.full_name]);

    let referredBy: string | null = null;
    if (input.referral_code) {
      const referrer = await this.store.byReferralCode(input.referral_code);
      if (!referrer) throw fieldError('referral_code', 'errors.referral_unknown');
      referredBy = referrer.id;
    }
    const taken = await this.store.takenIdentities(input);
    if (taken.length) throw this.#conflict(taken);

    const passwordHash = await hashPassword(input.password);
    // Nothing to confirm without an email or phone, so such an account starts active.
    const verifying = Boolean(input.email || input.phone);
    let row: AccountRow | undefined;
    for (let attempt = 0; !row; attempt++) {
      try {
        row = await this.store.insert({
          id: crypto.randomUUID(),
          username: input.username ?? null,
          email: input.email ?? null,
          phone: input.phone ?? null,
          passwordHash,
          fullName: blankToNull(input.full_name) ?? null,
          accountStatus: verifying ? 'verifying' : 'active',
          referralCode: newReferralCode(),
          referredBy,
        });
      } catch (error) {
        const index = violatedUniqueIndex(error);
        if (index === null) throw error;
        const field = INDEX_FIELD[index];
        // Two sign-ups raced for the same identity: the loser hears what the pre-check says.
        if (field) throw this.#conflict([field]);
        // Otherwise a referral code collided (1 in 32^8 per pair): draw another.
        if (attempt >= 4) throw error;
      }
    }
    this.#log.info({ accountId: row.id, referredBy }, 'account created');

    // The account exists either way; a mail that failed is fixed with "resend".
    if (row.email) await this.#sendCode(row, 'verify_email', 'email', row.email);
    else if (row.phone) await this.#sendCode(row, 'verify_phone', 'sms', row.phone);

    const tokens = await this.tokens.issue(row.id);
    return {
      account: toAccountDto(row),
      authorization: tokens.authorization,
      renewal_token: tokens.renewal_token,
    };
  }

  #conflict(fields: IdentityField[]) {
    return fieldConflict(Object.fromEntries(fields.map((f) => [f, TAKEN_KEY[f]])));
  }

  async login(identifier: string, password: string, meta: ClientMeta): Promise<LoginResponse> {
    const account = await this.store.byLogin(identifier);
    // Failures count against the account whichever identifier named it; unknown identifiers
    // count on their own, so probing them is limited just the same.
    const subject = account ? `acct:${account.id}` : `id:${identifier.trim().toLowerCase()}`;
    // SECURITY: failures are counted per (account, address) and per address, never per account
    // alone, so an attacker's failures never lock out the owner's right password from an
    // address that has not failed (README, design notes).
    const pairKey = `${subject}|ip:${meta.ip}`;
    const addressKey = `ip:${meta.ip}`;
    // A distributed attack on one account: each address that failed on it gets no second try.
    const underAttack = await this.loginPerAccount.retryAfter(subject);
    if (underAttack && (await this.loginLimiter.count(pairKey)) > 0) {
      throw new TooManyAttempts(underAttack);
    }
    // Counted before the slow password check, so a parallel burst cannot slip under the limit:
    // each consume checks and records in one step (across nodes too, src/cluster).
    await this.#consumeBoth(this.loginLimiter, pairKey, this.loginPerAddress, addressKey);

    const ok = await verifyPassword(account?.passwordHash ?? null, password);
    if (!account || !ok) {
      await this.loginPerAccount.consume(subject);
      throw invalidCredentials();
    }
    await this.loginLimiter.reset(pairKey);
    await this.loginPerAddress.refund(addressKey);
    if (account.accountStatus === 'disabled') throw accountDisabled();

    const tokens = await this.tokens.issue(account.id);
    this.#log.info({ accountId: account.id, sessionId: tokens.sessionId }, 'signed in');
    return {
      authorization: tokens.authorization,
      renewal_token: tokens.renewal_token,
      account: toAccountDto(account),
    };
  }

  async renew(renewalToken: string): Promise<{ authorization: string; renewal_token: string }> {
    const renewed = await this.tokens.renew(renewalToken);
    if (!renewed) throw unauthorized();
    const account = await this.store.byId(renewed.accountId);
    if (!account || account.accountStatus === 'disabled') {
      await this.tokens.revoke(renewed.tokens.sessionId);
      throw unauthorized();
    }
    return {
      authorization: renewed.tokens.authorization,
      renewal_token: renewed.tokens.renewal_token,
    };
  }

  async logout(auth: AuthAccount): Promise<void> {
    await this.tokens.revoke(auth.tokenId);
  }

  // ---- verification codes -----------------------------------------------------------------

  /**
   * Confirms the sign-up code. Accounts that signed up with only a phone number got their code
   * by SMS; the same endpoint accepts it, so one verify screen serves both.
   */
  async confirmEmail(auth: AuthAccount, code: string): Promise<AccountDto> {
    const account = await this.#current(auth);
    if (account.email) {
      if (account.emailVerified && !(await this.codes.pending(account.id, 'verify_email'))) {
        return toAccountDto(account);
      }
      return this.#verifyIdentity(account, 'verify_email', code);
    }
    if (account.phone) return this.phoneVerify(auth, code);
    return toAccountDto(account);
  }

  async phoneVerify(auth: AuthAccount, code: string): Promise<AccountDto> {
    const account = await this.#current(auth);
    if (!account.phone) throw expiredCode();
    if (account.phoneVerified && !(await this.codes.pending(account.id, 'verify_phone'))) {
      return toAccountDto(account);
    }
    return this.#verifyIdentity(account, 'verify_phone', code);
  }

  async #verifyIdentity(
    account: AccountRow,
    purpose: 'verify_email' | 'verify_phone',
    code: string,
  ): Promise<AccountDto> {
    const check = await this.codes.verify(account.id, purpose, code);
    if (!check.ok) throw check.reason === 'invalid' ? invalidCode() : expiredCode();
    const stillSame =
      purpose === 'verify_email' ? check.target === account.email : check.target === account.phone;
    if (!stillSame) throw expiredCode();
    const updated = await this.store.update(account.id, {
      ...(purpose === 'verify_email' ? { emailVerified: true } : { phoneVerified: true }),
      ...(account.accountStatus === 'verifying' ? { accountStatus: 'active' as const } : {}),
    });
    if (!updated) throw unauthorized();
    this.#log.info({ accountId: account.id, purpose }, 'identity verified');
    return toAccountDto(updated);
  }

  /**
   * Sends a fresh sign-up code to a verifying account. The answer never tells whether the
   * account exists (SECURITY: no account enumeration); only a failing mail transport is told.
   */
  async resendVerification(identifier: string, meta: ClientMeta): Promise<void> {
    await this.#consumeMail(`resend:${identifier.trim().toLowerCase()}`, meta);
    const account = await this.store.byLogin(identifier);
    if (!account || account.accountStatus !== 'verifying') return;
    // Alternating identifiers of one account does not buy more mails; silently, as above.
    if (await this.mailLimiter.consume(`resend-acct:${account.id}`)) return;
    const sent =
      account.email && !account.emailVerified
        ? await this.#sendCode(account, 'verify_email', 'email', account.email)
        : account.phone && !account.phoneVerified
          ? await this.#sendCode(account, 'verify_phone', 'sms', account.phone)
          : true;
    if (!sent) throw resendFailed();
  }

  async phoneResend(phone: string, meta: ClientMeta): Promise<void> {
    await this.#consumeMail(`phone:${phone.replace(/^\+/, '')}`, meta);
    const account = await this.store.byPhone(phone);
    if (!account?.phone || account.phoneVerified || account.accountStatus === 'disabled') return;
    if (await this.mailLimiter.consume(`phone-acct:${account.id}`)) return;
    if (!(await this.#sendCode(account, 'verify_phone', 'sms', account.phone))) {
      throw resendFailed();
    }
  }

  #consumeMail(identifierKey: string, meta: ClientMeta): Promise<void> {
    return this.#consumeBoth(this.mailLimiter, identifierKey, this.mailPerAddress, `ip:${meta.ip}`);
  }

  /**
   * One attempt on `firstKey` of `first` and on `secondKey` of `second`, or on neither: a
   * refusal by the second gives the first one's attempt back.
   */
  async #consumeBoth(
    first: AttemptCounter,
    firstKey: string,
    second: AttemptCounter,
    secondKey: string,
  ): Promise<void> {
    const wait = await first.consume(firstKey);
    if (wait) throw new TooManyAttempts(wait);
    const secondWait = await second.consume(secondKey);
    if (secondWait) {
      await first.refund(firstKey);
      throw new TooManyAttempts(secondWait);
    }
  }

  async #sendCode(
    account: AccountRow,
    purpose: CodePurpose,
    channel: CodeChannel,
    target: string,
  ): Promise<boolean> {
    const code = await this.codes.issue(account.id, purpose, channel, target);
    const kind: CodeMessageKind = purpose === 'reset_password' ? 'reset' : 'verify';
    try {
      if (channel === 'email') {
        await this.#mailer.sendEmail({ to: target, ...codeEmail(kind, code) });
      } else {
        await this.#mailer.sendSms(target, codeSms(kind, code));
      }
      this.#log.info({ accountId: account.id, purpose, channel }, 'code sent');
      return true;
    } catch (error) {
      this.#log.error({ err: error, accountId: account.id, purpose, channel }, 'code not sent');
      return false;
    }
  }

  // ---- passwords --------------------------------------------------------------------------

  async changePassword(
    auth: AuthAccount,
    oldPassword: string,
    newPassword: string,
  ): Promise<AccountDto> {
    const account = await this.#current(auth);
    if (!account.passwordHash) throw fieldError('old_password', 'errors.password_not_set');
    assertStrong('new_password', newPassword, identitiesOf(account));
    // Guessing the current password with a stolen token is limited like signing in.
    const key = `acct:${account.id}`;
    const wait = await this.loginLimiter.consume(key);
    if (wait) throw new TooManyAttempts(wait);
    if (!(await verifyPassword(account.passwordHash, oldPassword))) {
      throw fieldError('old_password', 'errors.wrong_password');
    }
    await this.loginLimiter.reset(key);
    const updated = await this.store.update(account.id, {
      passwordHash: await hashPassword(newPassword),
    });
    if (!updated) throw unauthorized();
    // SECURITY: a changed password ends every other session, e.g. one an attacker holds.
    const revoked = await this.tokens.revokeAll(account.id, auth.tokenId);
    this.#log.info({ accountId: account.id, revoked }, 'password changed');
    return toAccountDto(updated);
  }

  /** For accounts created without a password (social or organization sign-in). */
  async setPassword(auth: AuthAccount, password: string): Promise<AccountDto> {
    const account = await this.#current(auth);
    if (account.passwordHash) {
      throw fieldConflict({ password: 'errors.password_already_set' });
    }
    assertStrong('password', password, identitiesOf(account));
    const updated = await this.store.update(account.id, {
      passwordHash: await hashPassword(password),
    });
    if (!updated) throw unauthorized();
    return toAccountDto(updated);
  }

  /** Sends a reset code when the account exists; the answer is the same either way. */
  async requestPasswordReset(identifier: string, meta: ClientMeta): Promise<void> {
    await this.#consumeMail(`reset:${identifier.trim().toLowerCase()}`, meta);
    const account = await this.store.byLogin(identifier);
    if (!account || account.accountStatus === 'disabled') return;
    if (await this.mailLimiter.consume(`reset-acct:${account.id}`)) return;
    const sent = account.email
      ? await this.#sendCode(account, 'reset_password', 'email', account.email)
      : account.phone
        ? await this.#sendCode(account, 'reset_password', 'sms', account.phone)
        : true;
    if (!sent) throw sendFailed();
  }

  async resetPassword(identifier: string, code: string, password: string): Promise<void> {
    // Judged before the account and the code: a refused password leaves the code usable, and
    // the answer is the same whether the account exists (no enumeration).
    assertStrong('password', password, [identifier]);
    const account = await this.store.byLogin(identifier);
    // An unknown account answers like a missing code, so the endpoint does not reveal accounts.
    if (!account || account.accountStatus === 'disabled') throw expiredCode();
    const check = await this.codes.verify(account.id, 'reset_password', code);
    // SECURITY: a wrong code answers like an unknown account (not `invalid_code`), or a guess
    // would tell whether the address has an account with a reset pending (issue 10).
    if (!check.ok) throw expiredCode();
    // The code reached its address, which proves the person holds that address.
    const provedEmail = check.channel === 'email' && check.target === account.email;
    const provedPhone = check.channel === 'sms' && check.target === account.phone;
    await this.store.update(account.id, {
      passwordHash: await hashPassword(password),
      ...(provedEmail ? { emailVerified: true } : {}),
      ...(provedPhone ? { phoneVerified: true } : {}),
      ...(account.accountStatus === 'verifying' && (provedEmail || provedPhone)
        ? { accountStatus: 'active' as const }
        : {}),
    });
    // SECURITY: whoever knew the old password is signed out everywhere.
    const revoked = await this.tokens.revokeAll(account.id);
    await this.loginLimiter.reset(`acct:${account.id}`);
    await this.loginPerAccount.reset(`acct:${account.id}`);
    this.#log.info({ accountId: account.id, revoked }, 'password reset');
  }

  // ---- profile and settings ---------------------------------------------------------------

  async details(auth: AuthAccount): Promise<AccountDto> {
    return toAccountDto(await this.#current(auth));
  }

  async profile(accountId: string): Promise<ProfileDto | null> {
    const row = await this.store.byId(accountId);
    return row ? toProfile(row) : null;
  }

  async updateProfile(auth: AuthAccount, input: ProfileInput): Promise<AccountDto> {
    const patch = {
      firstName: blankToNull(input.first_name),
      lastName: blankToNull(input.last_name),
      fullName: blankToNull(input.full_name),
      company: blankToNull(input.company),
      avatar: blankToNull(input.avatar),
    };
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (!Object.keys(set).length) return this.details(auth);
    const updated = await this.store.update(auth.id, set);
    if (!updated) throw unauthorized();
    return toAccountDto(updated);
  }

  async setConferenceMode(auth: AuthAccount, mode: ConferenceMode): Promise<AccountDto> {
    const updated = await this.store.update(auth.id, { conferenceMode: mode });
    if (!updated) throw unauthorized();
    return toAccountDto(updated);
  }

  async #current(auth: AuthAccount): Promise<AccountRow> {
    const account = await this.store.byId(auth.id);
    if (!account || account.accountStatus === 'disabled') throw unauthorized();
    return account;
  }
}
