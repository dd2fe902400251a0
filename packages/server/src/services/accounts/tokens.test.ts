import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { STORE_KINDS, openTestStore } from '../../../test/support/stores.ts';
import type { Store } from '../../store/db.ts';
import { accountSessions, accounts } from '../../store/schema.ts';
import { AccountStore } from './account-store.ts';
import { TokenService, tokenDigest } from './tokens.ts';

describe.each(STORE_KINDS)('access and renewal tokens on %s', (kind) => {
  let store: Store;
  let clock = 0;
  let tokens: TokenService;
  let accountId: string;

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store.close();
  });
  beforeEach(async () => {
    clock = Date.parse('2030-01-01T00:00:00Z');
    tokens = new TokenService({
      db: store.db,
      accessTtlSeconds: 60,
      renewalTtlSeconds: 600,
      now: () => clock,
    });
    accountId = crypto.randomUUID();
    await new AccountStore(store.db).insert({
      id: accountId,
      username: `u${accountId.slice(0, 8)}`,
      accountStatus: 'active',
      referralCode: accountId.slice(0, 8).toUpperCase(),
    });
  });

  it('issues opaque tokens and stores only their SHA-256 digests', async () => {
    const issued = await tokens.issue(accountId);
    expect(issued.authorization).toMatch(/^pat_[A-Za-z0-9_-]{43}$/);
    expect(issued.renewal_token).toMatch(/^prt_[A-Za-z0-9_-]{43}$/);
    const rows = await store.db
      .select()
      .from(accountSessions)
      .where(eq(accountSessions.id, issued.sessionId));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.accessHash).toBe(tokenDigest(issued.authorization));
    expect(row.renewalHash).toBe(tokenDigest(issued.renewal_token));
    expect(JSON.stringify(row)).not.toContain(issued.authorization);
    expect(JSON.stringify(row)).not.toContain(issued.renewal_token);

    const auth = await tokens.authenticate(issued.authorization);
    expect(auth).toMatchObject({
      id: accountId,
      accountStatus: 'active',
      tokenId: issued.sessionId,
    });
  });

  it('refuses unknown, renewal-as-access and oversized tokens', async () => {
    const issued = await tokens.issue(accountId);
    expect(await tokens.authenticate('pat_' + 'x'.repeat(43))).toBeNull();
    expect(await tokens.authenticate(issued.renewal_token)).toBeNull();
    expect(await tokens.authenticate('x'.repeat(10_000))).toBeNull();
    expect(await tokens.authenticate('')).toBeNull();
  });

  it('expires access tokens after their TTL, and renewal brings a working pair back', async () => {
    const issued = await tokens.issue(accountId);
    clock += 59_000;
    expect(await tokens.authenticate(issued.authorization)).not.toBeNull();
    clock += 1_000;
    expect(await tokens.authenticate(issued.authorization)).toBeNull();

    const renewed = await tokens.renew(issued.renewal_token);
    expect(renewed?.accountId).toBe(accountId);
    expect(renewed?.tokens.sessionId).toBe(issued.sessionId);
    expect(await tokens.authenticate(renewed!.tokens.authorization)).toMatchObject({
      id: accountId,
    });
  });

  it('rotates on renewal: the old renewal token and old access token stop working', async () => {
    const issued = await tokens.issue(accountId);
    const renewed = await tokens.renew(issued.renewal_token);
    expect(renewed).not.toBeNull();
    expect(renewed!.tokens.renewal_token).not.toBe(issued.renewal_token);
    expect(await tokens.renew(issued.renewal_token)).toBeNull();
    expect(await tokens.authenticate(issued.authorization)).toBeNull();
    expect(await tokens.renew(renewed!.tokens.renewal_token)).not.toBeNull();
  });

  it('lets only one of two concurrent renewals with the same token win', async () => {
    const issued = await tokens.issue(accountId);
    const results = await Promise.all([
      tokens.renew(issued.renewal_token),
      tokens.renew(issued.renewal_token),
    ]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
  });

  it('revokes the whole session when a rotated renewal token is presented again', async () => {
    const first = await tokens.issue(accountId);
    const second = await tokens.renew(first.renewal_token);
    const third = await tokens.renew(second!.tokens.renewal_token);
    expect(third).not.toBeNull();
    // Someone replays the first (stolen) renewal token, well after it was rotated.
    clock += 60_000;
    expect(await tokens.renew(first.renewal_token)).toBeNull();
    // SECURITY: whoever holds the newest pair (thief or owner) is out too; the owner signs in again.
    expect(await tokens.authenticate(third!.tokens.authorization)).toBeNull();
    expect(await tokens.renew(third!.tokens.renewal_token)).toBeNull();
    // Other sessions of the account stand.
    const other = await tokens.issue(accountId);
    expect(await tokens.authenticate(other.authorization)).not.toBeNull();
  });

  it('forgives a reuse within seconds of the rotation (two tabs renewing at once)', async () => {
    const first = await tokens.issue(accountId);
    const winner = await tokens.renew(first.renewal_token);
    clock += 1000;
    expect(await tokens.renew(first.renewal_token)).toBeNull();
    expect(await tokens.authenticate(winner!.tokens.authorization)).not.toBeNull();
  });

  it('refuses an expired renewal token', async () => {
    const issued = await tokens.issue(accountId);
    clock += 600_000;
    expect(await tokens.renew(issued.renewal_token)).toBeNull();
  });

  it('revokes one session (both tokens) without touching the others', async () => {
    const a = await tokens.issue(accountId);
    const b = await tokens.issue(accountId);
    await tokens.revoke(a.sessionId);
    expect(await tokens.authenticate(a.authorization)).toBeNull();
    expect(await tokens.renew(a.renewal_token)).toBeNull();
    expect(await tokens.authenticate(b.authorization)).not.toBeNull();
  });

  it('revokes all sessions of an account, optionally keeping one', async () => {
    const a = await tokens.issue(accountId);
    const b = await tokens.issue(accountId);
    const c = await tokens.issue(accountId);
    expect(await tokens.revokeAll(accountId, b.sessionId)).toBe(2);
    expect(await tokens.authenticate(a.authorization)).toBeNull();
    expect(await tokens.authenticate(b.authorization)).not.toBeNull();
    expect(await tokens.authenticate(c.authorization)).toBeNull();
    expect(await tokens.revokeAll(accountId)).toBe(1);
    expect(await tokens.authenticate(b.authorization)).toBeNull();
  });

  it('does not authenticate a disabled account', async () => {
    const issued = await tokens.issue(accountId);
    await store.db
      .update(accounts)
      .set({ accountStatus: 'disabled' })
      .where(eq(accounts.id, accountId));
    expect(await tokens.authenticate(issued.authorization)).toBeNull();
  });

  it('sweeps sessions past their renewal expiry when issuing new ones', async () => {
    const old = await tokens.issue(accountId);
    clock += 601_000;
    await tokens.issue(accountId);
    const rows = await store.db
      .select()
      .from(accountSessions)
      .where(eq(accountSessions.id, old.sessionId));
    expect(rows).toHaveLength(0);
  });
});
