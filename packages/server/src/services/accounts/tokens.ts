import crypto from 'node:crypto';
import { and, eq, gt, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import { accounts, accountSessions, retiredRenewalTokens } from '../../store/schema.ts';
import type { AuthAccount } from '../auth-account.ts';
import { TokenCache } from './token-cache.ts';
import { SharedReads } from '../../shared/short-cache.ts';

export interface IssuedTokens {
  sessionId: string;
  /** The access token, sent back as `Authorization: Bearer <token>`. */
  authorization: string;
  renewal_token: string;
  accessExpiresAt: Date;
}

export interface TokenServiceOptions {
  db: Db;
  accessTtlSeconds: number;
  renewalTtlSeconds: number;
  now?: () => number;
  /** Told the session revoked because a rotated renewal token came back (for the log). */
  onReuse?: (sessionId: string) => void;
}

/**
 * A rotated-out renewal token presented again within this time is a race between two tabs
 * renewing at once (the loser just gets 401); later it is a replay of a leaked token.
 */
export const RENEWAL_REUSE_GRACE_MS = 10_000;

/** Tokens longer than this are not ours; refusing them early avoids hashing junk. */
const MAX_TOKEN_LENGTH = 512;

function newToken(prefix: string): string {
  return prefix + crypto.randomBytes(32).toString('base64url');
}

/** SECURITY: only this digest is stored, so a copy of the database signs nobody in. */
export function tokenDigest(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * The session join behind every uncached token, built once: no query building per request, and
 * a named statement on PostgreSQL, planned once per connection.
 */
function prepareLookup(db: Db) {
  return db
    .select({
      sessionId: accountSessions.id,
      accessExpiresAt: accountSessions.accessExpiresAt,
      id: accounts.id,
      accountStatus: accounts.accountStatus,
      email: accounts.email,
      phone: accounts.phone,
      username: accounts.username,
    })
    .from(accountSessions)
    .innerJoin(accounts, eq(accounts.id, accountSessions.accountId))
    .where(
      and(
        eq(accountSessions.accessHash, sql.placeholder('digest')),
        gt(accountSessions.accessExpiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('podium_token_lookup');
}

/**
 * Sessions: one opaque access token and one renewal token per sign-in. Renewing rotates both;
 * revoking deletes the session, so both stop working at once.
 */
export class TokenService {
  #db: Db;
  #accessTtlMs: number;
  #renewalTtlMs: number;
  #now: () => number;
  #onReuse: ((sessionId: string) => void) | undefined;
  /** Resolved access tokens for up to a second (token-cache.ts); every revocation forgets. */
  readonly cache: TokenCache;
  #lookup: ReturnType<typeof prepareLookup>;
  /** Lookups under way: the requests a token's expiry makes miss at once share one. */
  #reads = new SharedReads<{ account: AuthAccount; expiresAt: number } | null>();

  constructor(options: TokenServiceOptions) {
    this.#db = options.db;
    this.#accessTtlMs = options.accessTtlSeconds * 1000;
    this.#renewalTtlMs = Math.max(options.renewalTtlSeconds, options.accessTtlSeconds) * 1000;
    this.#now = options.now ?? Date.now;
    this.#onReuse = options.onReuse;
    this.cache = new TokenCache(this.#now);
    this.#lookup = prepareLookup(options.db);
  }

  #fresh(now: number) {
    const authorization = newToken('pat_');
    const renewal = newToken('prt_');
    return {
      authorization,
      renewal,
      accessExpiresAt: new Date(now + this.#accessTtlMs),
      renewalExpiresAt: new Date(now + this.#renewalTtlMs),
    };
  }

  async issue(accountId: string): Promise<IssuedTokens> {
    const now = this.#now();
    const t = this.#fresh(now);
    const sessionId = crypto.randomUUID();
    // Sessions past their renewal expiry can never come back; tidy them while we are here.
    await this.#db
      .delete(accountSessions)
      .where(
        and(
          eq(accountSessions.accountId, accountId),
          lte(accountSessions.renewalExpiresAt, new Date(now)),
        ),
      );
    await this.#db.insert(accountSessions).values({
      id: sessionId,
      accountId,
      accessHash: tokenDigest(t.authorization),
      renewalHash: tokenDigest(t.renewal),
      accessExpiresAt: t.accessExpiresAt,
      renewalExpiresAt: t.renewalExpiresAt,
      createdAt: new Date(now),
    });
    return {
      sessionId,
      authorization: t.authorization,
      renewal_token: t.renewal,
      accessExpiresAt: t.accessExpiresAt,
    };
  }

  /** The account an access token acts for, or null when it is unknown, expired or revoked. */
  async authenticate(token: string): Promise<AuthAccount | null> {
    if (!token || token.length > MAX_TOKEN_LENGTH) return null;
    const digest = tokenDigest(token);
    const cached = this.cache.get(digest);
    if (cached) return cached;
    const generation = this.cache.generationOf(digest);
    const found = await this.#reads.run(digest, generation, async () => {
      const read = await this.lookup(digest);
      if (read) this.cache.put(digest, read.account, read.expiresAt, generation);
      else this.cache.notFound(digest);
      return read;
    });
    // A copy each, so a caller changing its account cannot change another's.
    return found ? { ...found.account } : null;
  }

  /** The database side of `authenticate`: one join per call, no cache. */
  async lookup(digest: string): Promise<{ account: AuthAccount; expiresAt: number } | null> {
    const rows = await this.#lookup.execute({ digest, now: new Date(this.#now()).toISOString() });
    const row = rows[0];
    if (!row || row.accountStatus === 'disabled') return null;
    return {
      account: {
        id: row.id,
        accountStatus: row.accountStatus,
        email: row.email,
        phone: row.phone,
        username: row.username,
        tokenId: row.sessionId,
      },
      expiresAt: row.accessExpiresAt.getTime(),
    };
  }

  /**
   * Trades a renewal token for a new pair. The swap is one conditional UPDATE, so of two
   * concurrent renewals with the same token only one succeeds, and the old token is dead after.
   * SECURITY: the old token's digest is kept as retired; presenting a retired token again (past
   * a few seconds' grace for racing tabs) means it leaked, so the whole session is revoked and
   * both the thief and the owner must sign in again (refresh-token reuse detection).
   */
  async renew(renewalToken: string): Promise<{ accountId: string; tokens: IssuedTokens } | null> {
    if (!renewalToken || renewalToken.length > MAX_TOKEN_LENGTH) return null;
    const now = this.#now();
    const t = this.#fresh(now);
    const digest = tokenDigest(renewalToken);
    const rows = await this.#db
      .update(accountSessions)
      .set({
        accessHash: tokenDigest(t.authorization),
        renewalHash: tokenDigest(t.renewal),
        accessExpiresAt: t.accessExpiresAt,
        renewalExpiresAt: t.renewalExpiresAt,
        renewedAt: new Date(now),
      })
      .where(
        and(
          eq(accountSessions.renewalHash, digest),
          gt(accountSessions.renewalExpiresAt, new Date(now)),
        ),
      )
      .returning({ id: accountSessions.id, accountId: accountSessions.accountId });
    const row = rows[0];
    if (!row) {
      await this.#detectReuse(digest, now);
      return null;
    }
    // SECURITY: the rotated-out access token is dead in the database; so it is here at once.
    this.cache.forgetSession(row.id);
    // Retired tokens older than a renewal token's lifetime could not renew anyway.
    await this.#db
      .delete(retiredRenewalTokens)
      .where(
        and(
          eq(retiredRenewalTokens.sessionId, row.id),
          lt(retiredRenewalTokens.retiredAt, new Date(now - this.#renewalTtlMs)),
        ),
      );
    await this.#db
      .insert(retiredRenewalTokens)
      .values({ renewalHash: digest, sessionId: row.id, retiredAt: new Date(now) })
      .onConflictDoNothing();
    return {
      accountId: row.accountId,
      tokens: {
        sessionId: row.id,
        authorization: t.authorization,
        renewal_token: t.renewal,
        accessExpiresAt: t.accessExpiresAt,
      },
    };
  }

  /** A retired renewal token came back: revoke its session unless it is a tab race. */
  async #detectReuse(digest: string, now: number): Promise<void> {
    const retired = await this.#db
      .select({ sessionId: retiredRenewalTokens.sessionId, at: retiredRenewalTokens.retiredAt })
      .from(retiredRenewalTokens)
      .where(eq(retiredRenewalTokens.renewalHash, digest))
      .limit(1);
    const hit = retired[0];
    if (!hit || now - hit.at.getTime() < RENEWAL_REUSE_GRACE_MS) return;
    await this.revoke(hit.sessionId);
    this.#onReuse?.(hit.sessionId);
  }

  async revoke(sessionId: string): Promise<void> {
    await this.#db.delete(accountSessions).where(eq(accountSessions.id, sessionId));
    this.cache.forgetSession(sessionId);
  }

  /** Ends every session of an account, except `keepSessionId` when given; answers how many. */
  async revokeAll(accountId: string, keepSessionId?: string): Promise<number> {
    const rows = await this.#db
      .delete(accountSessions)
      .where(
        keepSessionId
          ? and(eq(accountSessions.accountId, accountId), ne(accountSessions.id, keepSessionId))
          : eq(accountSessions.accountId, accountId),
      )
      .returning({ id: accountSessions.id });
    this.cache.forgetAccount(accountId, keepSessionId);
    return rows.length;
  }
}
