import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiPaths } from '@podium/protocol';
import { TOKEN_CACHE_TTL_MS } from '../src/services/accounts/token-cache.ts';
import { accountSessions } from '../src/store/schema.ts';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let seq = 0;

/**
 * The per-request access-token cache (services/accounts/token-cache.ts), through real HTTP on
 * both stores: it saves the lookup join, and every revocation made here is seen at once.
 */
describe.each(STORE_KINDS)('access-token cache on %s', (kind) => {
  let server: TestServer;

  /** A username-only account starts active, so no mail is needed to use it. */
  async function account(tag: string) {
    seq += 1;
    const username = `${tag}${seq}${Math.random().toString(36).slice(2, 6)}`;
    const password = `pw-${username}-secret`;
    const res = await server.api(apiPaths.account.signup, { body: { username, password } });
    expect(res.status).toBe(201);
    return {
      id: res.body.account.id as string,
      username,
      password,
      token: res.body.authorization as string,
      renewal: res.body.renewal_token as string,
    };
  }

  async function login(username: string, password: string) {
    const res = await server.api(apiPaths.session.login, { body: { username, password } });
    expect(res.status).toBe(200);
    return res.body.authorization as string;
  }

  const details = (token: string) => server.api(apiPaths.account.details, { token });

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  it('a repeated request within the TTL looks its token up once, and never answers as another account', async () => {
    const a = await account('cachea');
    const b = await account('cacheb');
    const lookup = vi.spyOn(server.podium.services.accounts.tokens, 'lookup');
    try {
      const first = await details(a.token);
      const second = await details(a.token);
      expect(first.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(second.body.username).toBe(a.username);
      expect(lookup).toHaveBeenCalledTimes(1);

      const other = await details(b.token);
      expect(other.status).toBe(200);
      expect(other.body.username).toBe(b.username);
      expect(lookup).toHaveBeenCalledTimes(2);
      expect((await details(a.token)).body.username).toBe(a.username);
      expect(lookup).toHaveBeenCalledTimes(2);
    } finally {
      lookup.mockRestore();
    }
  });

  it('requests that miss the cache together share one lookup', async () => {
    const a = await account('cacheburst');
    const tokens = server.podium.services.accounts.tokens;
    const lookup = vi.spyOn(tokens, 'lookup');
    try {
      // Eight requests in the same instant, as when a token's entry expires under load.
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => tokens.authenticate(a.token)),
      );
      expect(answers.map((r) => r?.username)).toEqual(Array(8).fill(a.username));
      expect(lookup).toHaveBeenCalledTimes(1);
    } finally {
      lookup.mockRestore();
    }
  });

  it('logout refuses the token on the very next request', async () => {
    const a = await account('cachelogout');
    expect((await details(a.token)).status).toBe(200);
    const out = await server.api(apiPaths.session.logout, { method: 'DELETE', token: a.token });
    expect(out.status).toBe(200);
    expect((await details(a.token)).status).toBe(401);
  });

  it('a revoked session, or all the others, are refused right after the revoke', async () => {
    const a = await account('cacherevoke');
    const second = await login(a.username, a.password);
    const third = await login(a.username, a.password);
    for (const token of [a.token, second, third]) expect((await details(token)).status).toBe(200);

    const listed = await server.api(apiPaths.account.sessions, { token: a.token });
    const ids = (listed.body.sessions as Array<{ id: string; current: boolean }>)
      .filter((s) => !s.current)
      .map((s) => s.id);
    expect(ids).toHaveLength(2);
    // Which of the two is `second` does not matter: one is refused now, the other still works.
    const revoked = await server.api(apiPaths.account.sessionRevoke, {
      body: { id: ids[0] },
      token: a.token,
    });
    expect(revoked.status).toBe(200);
    const statuses = [(await details(second)).status, (await details(third)).status].sort();
    expect(statuses).toEqual([200, 401]);

    const others = await server.api(apiPaths.account.sessionsRevokeOthers, {
      body: {},
      token: a.token,
    });
    expect(others.status).toBe(200);
    expect((await details(second)).status).toBe(401);
    expect((await details(third)).status).toBe(401);
    expect((await details(a.token)).status).toBe(200);
  });

  it('a password change signs the other sessions out at once', async () => {
    const a = await account('cachepwd');
    const other = await login(a.username, a.password);
    expect((await details(other)).status).toBe(200);
    const changed = await server.api(apiPaths.account.changePassword, {
      body: { old_password: a.password, new_password: `${a.password}-changed-again` },
      token: a.token,
    });
    expect(changed.status).toBe(200);
    expect((await details(other)).status).toBe(401);
    expect((await details(a.token)).status).toBe(200);
  });

  it('renewal retires the old access token at once', async () => {
    const a = await account('cacherenew');
    expect((await details(a.token)).status).toBe(200);
    const renewed = await server.api(apiPaths.session.renew, {
      body: { renewal_token: a.renewal },
    });
    expect(renewed.status).toBe(200);
    expect((await details(a.token)).status).toBe(401);
    expect((await details(renewed.body.authorization as string)).status).toBe(200);
  });

  it('an account disabled through the service is refused on its next request', async () => {
    const a = await account('cachedisable');
    expect((await details(a.token)).status).toBe(200);
    await server.podium.services.accounts.store.update(a.id, { accountStatus: 'disabled' });
    expect((await details(a.token)).status).toBe(401);
  });

  it('a session revoked behind this server (another process, or straight in the database) is refused within a second', async () => {
    const a = await account('cacheexternal');
    // Now the token is in this server's cache, which nothing tells of the revocation below.
    expect((await details(a.token)).status).toBe(200);
    await server.podium.services.store.db
      .delete(accountSessions)
      .where(eq(accountSessions.accountId, a.id));
    // SECURITY: the cache trusts an entry for TOKEN_CACHE_TTL_MS (one second) at most, counted
    // from before the revocation; any request after that asks the database again.
    expect(TOKEN_CACHE_TTL_MS).toBeLessThanOrEqual(1000);
    await new Promise((r) => setTimeout(r, TOKEN_CACHE_TTL_MS));
    expect((await details(a.token)).status).toBe(401);
  });
});
