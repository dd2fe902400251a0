import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { STORE_KINDS, openTestStore } from '../../../test/support/stores.ts';
import type { Store } from '../../store/db.ts';
import { accountCodes } from '../../store/schema.ts';
import { AccountStore } from './account-store.ts';
import { CODE_MAX_ATTEMPTS, CodeService, generateCode } from './codes.ts';

/** Any 6-digit code other than `code`. */
function wrong(code: string): string {
  return ((Number(code) + 1) % 1_000_000).toString().padStart(6, '0');
}

describe('generateCode', () => {
  it('makes 6 digits, leading zeros kept, spread over the range', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const c of codes) expect(c).toMatch(/^[0-9]{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(new Set(codes.map((c) => c[0])).size).toBe(10);
  });
});

describe.each(STORE_KINDS)('one-time codes on %s', (kind) => {
  let store: Store;
  let clock = 0;
  let codes: CodeService;
  let accountId: string;

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store.close();
  });
  beforeEach(async () => {
    clock = Date.parse('2030-01-01T00:00:00Z');
    codes = new CodeService({ db: store.db, now: () => clock });
    accountId = crypto.randomUUID();
    await new AccountStore(store.db).insert({
      id: accountId,
      email: `${accountId}@example.test`,
      referralCode: accountId.slice(0, 8).toUpperCase(),
    });
  });

  it('accepts the right code once, and remembers where it was sent', async () => {
    const code = await codes.issue(accountId, 'verify_email', 'email', 'a@example.test');
    expect(await codes.pending(accountId, 'verify_email')).toBe(true);
    expect(await codes.verify(accountId, 'verify_email', code)).toEqual({
      ok: true,
      channel: 'email',
      target: 'a@example.test',
    });
    expect(await codes.pending(accountId, 'verify_email')).toBe(false);
    expect(await codes.verify(accountId, 'verify_email', code)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('stores the code only as a salted digest', async () => {
    const code = await codes.issue(accountId, 'verify_email', 'email', 'a@example.test');
    const [row] = await store.db
      .select()
      .from(accountCodes)
      .where(eq(accountCodes.accountId, accountId));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{64}$/);
  });

  it('keeps purposes apart', async () => {
    const code = await codes.issue(accountId, 'reset_password', 'email', 'a@example.test');
    expect(await codes.verify(accountId, 'verify_email', code)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect((await codes.verify(accountId, 'reset_password', code)).ok).toBe(true);
  });

  it('tells a wrong code from a missing one', async () => {
    expect(await codes.verify(accountId, 'verify_email', '123456')).toEqual({
      ok: false,
      reason: 'expired',
    });
    const code = await codes.issue(accountId, 'verify_email', 'email', 'a@example.test');
    expect(await codes.verify(accountId, 'verify_email', wrong(code))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect((await codes.verify(accountId, 'verify_email', code)).ok).toBe(true);
  });

  it('expires after 15 minutes', async () => {
    const code = await codes.issue(accountId, 'verify_email', 'email', 'a@example.test');
    clock += 15 * 60_000 - 1;
    expect(await codes.pending(accountId, 'verify_email')).toBe(true);
    clock += 1;
    expect(await codes.pending(accountId, 'verify_email')).toBe(false);
    expect(await codes.verify(accountId, 'verify_email', code)).toEqual({
      ok: false,
      reason: 'expired',
    });
    const rows = await store.db
      .select()
      .from(accountCodes)
      .where(and(eq(accountCodes.accountId, accountId)));
    expect(rows).toHaveLength(0);
  });

  it(`invalidates the code after ${CODE_MAX_ATTEMPTS} wrong guesses, even the right one after`, async () => {
    const code = await codes.issue(accountId, 'verify_email', 'email', 'a@example.test');
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      expect(await codes.verify(accountId, 'verify_email', wrong(code))).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
    expect(await codes.verify(accountId, 'verify_email', code)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('still accepts the right code on the last allowed attempt', async () => {
    const code = await codes.issue(accountId, 'verify_email', 'email', 'a@example.test');
    for (let i = 0; i < CODE_MAX_ATTEMPTS - 1; i++) {
      await codes.verify(accountId, 'verify_email', wrong(code));
    }
    expect((await codes.verify(accountId, 'verify_email', code)).ok).toBe(true);
  });

  it('counts parallel guesses: no more than the limit are ever checked', async () => {
    const code = await codes.issue(accountId, 'verify_email', 'email', 'a@example.test');
    const guesses = Array.from({ length: 3 * CODE_MAX_ATTEMPTS }, () => wrong(code));
    const results = await Promise.all(
      guesses.map((g) => codes.verify(accountId, 'verify_email', g)),
    );
    const checked = results.filter((r) => !r.ok && r.reason === 'invalid');
    expect(checked.length).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
    expect(await codes.verify(accountId, 'verify_email', code)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('a resend replaces the code: the old one fails, the attempt count starts over', async () => {
    const first = await codes.issue(accountId, 'verify_email', 'email', 'a@example.test');
    for (let i = 0; i < CODE_MAX_ATTEMPTS - 1; i++) {
      await codes.verify(accountId, 'verify_email', wrong(first));
    }
    let second = await codes.issue(accountId, 'verify_email', 'email', 'a@example.test');
    while (second === first) {
      second = await codes.issue(accountId, 'verify_email', 'email', 'a@example.test');
    }
    expect(await codes.verify(accountId, 'verify_email', first)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    for (let i = 0; i < CODE_MAX_ATTEMPTS - 2; i++) {
      await codes.verify(accountId, 'verify_email', wrong(second));
    }
    expect((await codes.verify(accountId, 'verify_email', second)).ok).toBe(true);
  });

  it('does not accept a code issued for another account', async () => {
    const otherId = crypto.randomUUID();
    await new AccountStore(store.db).insert({
      id: otherId,
      email: `${otherId}@example.test`,
      referralCode: otherId.slice(0, 8).toUpperCase(),
    });
    const code = await codes.issue(otherId, 'verify_email', 'email', 'b@example.test');
    await codes.issue(accountId, 'verify_email', 'email', 'a@example.test');
    const mine = await codes.verify(accountId, 'verify_email', code);
    // The other account's code only matches here if both drew the same 6 digits.
    expect(mine.ok === false || mine.target === 'a@example.test').toBe(true);
  });
});
