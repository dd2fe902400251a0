import crypto from 'node:crypto';
import { and, eq, gt, gte, lt, lte, or, sql } from 'drizzle-orm';
import { VERIFY_CODE_LENGTH, VERIFY_CODE_TTL_MINUTES } from '@podium/protocol';
import type { Db } from '../../store/db.ts';
import { accountCodes, type CodePurpose } from '../../store/schema.ts';

export type CodeChannel = 'email' | 'sms';

/** Wrong guesses a code survives; the one after the last finds it gone. */
export const CODE_MAX_ATTEMPTS = 5;

export type CodeCheck =
  { ok: true; channel: CodeChannel; target: string } | { ok: false; reason: 'invalid' | 'expired' };

export interface CodeServiceOptions {
  db: Db;
  ttlMinutes?: number;
  maxAttempts?: number;
  now?: () => number;
}

export function generateCode(): string {
  return crypto
    .randomInt(0, 10 ** VERIFY_CODE_LENGTH)
    .toString()
    .padStart(VERIFY_CODE_LENGTH, '0');
}

/**
 * SECURITY: a code is kept only as an HMAC under a per-code random salt, bound to its account
 * and purpose, so a stored row neither reveals the code nor verifies for another account.
 */
function digest(salt: string, accountId: string, purpose: CodePurpose, code: string): Buffer {
  return crypto
    .createHmac('sha256', Buffer.from(salt, 'hex'))
    .update(`${accountId}\0${purpose}\0${code}`)
    .digest();
}

function seal(accountId: string, purpose: CodePurpose, code: string): string {
  const salt = crypto.randomBytes(16).toString('hex');
  return `${salt}:${digest(salt, accountId, purpose, code).toString('hex')}`;
}

function matches(sealed: string, accountId: string, purpose: CodePurpose, code: string): boolean {
  const [salt, hex] = sealed.split(':');
  if (!salt || !hex) return false;
  const expected = Buffer.from(hex, 'hex');
  const actual = digest(salt, accountId, purpose, code);
  // SECURITY: constant-time comparison, so timing does not leak how much of a guess was right.
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

/** One-time codes for verifying an email or phone and for resetting a password. */
export class CodeService {
  readonly ttlMs: number;
  readonly maxAttempts: number;
  #db: Db;
  #now: () => number;

  constructor(options: CodeServiceOptions) {
    this.#db = options.db;
    this.ttlMs = (options.ttlMinutes ?? VERIFY_CODE_TTL_MINUTES) * 60_000;
    this.maxAttempts = options.maxAttempts ?? CODE_MAX_ATTEMPTS;
    this.#now = options.now ?? Date.now;
  }

  /** Makes a fresh code, replacing (and so invalidating) any earlier one for the same purpose. */
  async issue(
    accountId: string,
    purpose: CodePurpose,
    channel: CodeChannel,
    target: string,
  ): Promise<string> {
    const code = generateCode();
    const now = this.#now();
    const values = {
      channel,
      target,
      codeHash: seal(accountId, purpose, code),
      attempts: 0,
      expiresAt: new Date(now + this.ttlMs),
      createdAt: new Date(now),
    };
    await this.#db
      .insert(accountCodes)
      .values({ accountId, purpose, ...values })
      .onConflictDoUpdate({ target: [accountCodes.accountId, accountCodes.purpose], set: values });
    return code;
  }

  async pending(accountId: string, purpose: CodePurpose): Promise<boolean> {
    const rows = await this.#db
      .select({ purpose: accountCodes.purpose })
      .from(accountCodes)
      .where(
        and(
          eq(accountCodes.accountId, accountId),
          eq(accountCodes.purpose, purpose),
          lt(accountCodes.attempts, this.maxAttempts),
          gt(accountCodes.expiresAt, new Date(this.#now())),
        ),
      );
    return rows.length > 0;
  }

  /**
   * Checks a code and consumes it when right. Every check first spends one attempt in a single
   * conditional UPDATE, so parallel guesses cannot exceed the attempt limit between them.
   */
  async verify(accountId: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
    const where = and(eq(accountCodes.accountId, accountId), eq(accountCodes.purpose, purpose));
    const spent = await this.#db
      .update(accountCodes)
      .set({ attempts: sql`${accountCodes.attempts} + 1` })
      .where(
        and(
          where,
          lt(accountCodes.attempts, this.maxAttempts),
          gt(accountCodes.expiresAt, new Date(this.#now())),
        ),
      )
      .returning();
    const row = spent[0];
    if (!row) {
      // Expired, used up or never sent. A stale row is of no further use; the condition spares
      // a fresh code a resend may have stored meanwhile.
      await this.#db
        .delete(accountCodes)
        .where(
          and(
            where,
            or(
              gte(accountCodes.attempts, this.maxAttempts),
              lte(accountCodes.expiresAt, new Date(this.#now())),
            ),
          ),
        );
      return { ok: false, reason: 'expired' };
    }
    if (!matches(row.codeHash, accountId, purpose, code)) {
      if (row.attempts >= this.maxAttempts) {
        await this.#db
          .delete(accountCodes)
          .where(and(where, eq(accountCodes.codeHash, row.codeHash)));
      }
      return { ok: false, reason: 'invalid' };
    }
    // Deleting by hash makes the code single-use even against a concurrent right guess, and
    // leaves alone a newer code sent in the meantime.
    const used = await this.#db
      .delete(accountCodes)
      .where(and(where, eq(accountCodes.codeHash, row.codeHash)))
      .returning({ channel: accountCodes.channel });
    if (!used[0]) return { ok: false, reason: 'expired' };
    return { ok: true, channel: row.channel, target: row.target };
  }
}
