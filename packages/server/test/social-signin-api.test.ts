import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { startTestIdp, type IdpClient, type TestIdp } from '../src/test-support/oidc-idp.ts';
import { accounts, linkedIdentities, oauthStates } from '../src/store/schema.ts';

let seq = 0;
function email(tag: string): string {
  seq += 1;
  return `${tag}${seq}${Math.random().toString(36).slice(2, 7)}@example.test`;
}

describe.each(STORE_KINDS)('social sign-in against a real OpenID provider on %s', (kind) => {
  let idp: TestIdp;
  let otherIssuer: TestIdp;
  let server: TestServer;
  let podiumClient: IdpClient;
  let otherClient: IdpClient;
  let callbackUrl: string;
  const altCallback = 'http://127.0.0.1:9/auth/google/callback';

  beforeAll(async () => {
    idp = await startTestIdp();
    // Another issuer signing with the same keys: only the issuer check can tell its tokens apart.
    otherIssuer = await startTestIdp({ keys: idp.keys });
    server = await startTestServer(kind, {
      OAUTH_GOOGLE_ISSUER: idp.issuer,
      OAUTH_GOOGLE_CLIENT_ID: 'podium-web',
      OAUTH_GOOGLE_CLIENT_SECRET: 'podium-secret',
      OAUTH_REDIRECT_URIS: altCallback,
      LOGIN_MAX_ATTEMPTS: '1000',
    });
    callbackUrl = `${server.url}/auth/google/callback`;
    podiumClient = {
      client_id: 'podium-web',
      client_secret: 'podium-secret',
      redirect_uris: [callbackUrl, altCallback],
    };
    otherClient = {
      client_id: 'someone-else',
      client_secret: 'other-secret',
      redirect_uris: ['http://127.0.0.1:9/other'],
    };
    idp.configure([podiumClient, otherClient]);
    otherIssuer.configure([podiumClient]);
  });
  afterAll(async () => {
    await server?.close();
    await idp?.close();
    await otherIssuer?.close();
  });

  const db = () => server.podium.services.store.db;
  async function accountCount(): Promise<number> {
    const [row] = await db().select({ n: count() }).from(accounts);
    return row?.n ?? 0;
  }

  /** GET /new, then the person signs in at the IdP; returns what the browser comes back with. */
  async function startAndSignIn(login: string, tamper?: (url: URL) => void) {
    const started = await server.api('/api/v1/auth/google/new?provider=google');
    expect(started.status).toBe(200);
    const authUrl = new URL(started.body.authorization_url);
    tamper?.(authUrl);
    const back = await idp.signIn(authUrl.href, login);
    return {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
      // RFC 9207: the provider names itself in the redirect; the callback passes it on.
      iss: back.searchParams.get('iss') ?? undefined,
      back,
      authUrl,
    };
  }

  it('reports which providers are configured', async () => {
    const res = await server.api('/api/v1/auth/providers');
    expect(res.status).toBe(200);
    expect(res.body.providers).toEqual([
      { provider: 'google', configured: true },
      { provider: 'facebook', configured: false },
    ]);
  });

  it('starts with PKCE S256, state and nonce at the discovered authorization endpoint', async () => {
    const res = await server.api('/api/v1/auth/google/new');
    expect(res.status).toBe(200);
    const url = new URL(res.body.authorization_url);
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/auth`);
    expect(url.searchParams.get('client_id')).toBe('podium-web');
    expect(url.searchParams.get('redirect_uri')).toBe(callbackUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    // Only a digest of the state is stored, with the verifier that never leaves the server.
    const rows = await db().select().from(oauthStates);
    const state = url.searchParams.get('state') ?? '';
    expect(rows.some((r) => r.stateHash === state)).toBe(false);
    expect(rows.some((r) => url.href.includes(r.codeVerifier))).toBe(false);
  });

  it('full code flow: a new account, the token in the authorization header, then the same account again', async () => {
    const login = email('new');
    const before = await accountCount();
    const { code, state, iss } = await startAndSignIn(login);
    expect(code).not.toBe('');
    const res = await fetch(`${server.url}/api/v1/auth/google/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ code, state, iss, provider: 'google' }),
    });
    const body = (await res.json()) as {
      authorization: string;
      created: boolean;
      account: { id: string; email: string; email_verified: boolean; has_password: boolean };
    };
    expect(res.status).toBe(200);
    expect(res.headers.get('authorization')).toBe(body.authorization);
    expect(body.created).toBe(true);
    expect(body.account.email).toBe(login);
    expect(body.account.email_verified).toBe(true);
    expect(body.account.has_password).toBe(false);
    expect(await accountCount()).toBe(before + 1);

    const details = await server.api('/api/account/details', { token: body.authorization });
    expect(details.status).toBe(200);
    expect(details.body.id).toBe(body.account.id);

    const linked = await server.api('/api/account/linked-accounts', { token: body.authorization });
    expect(linked.body).toMatchObject({
      has_password: false,
      linked_accounts: [{ provider: 'google', email: login }],
    });

    // Signing in again finds the linked identity: same account, nothing created.
    const again = await startAndSignIn(login);
    const second = await server.api('/api/v1/auth/google/callback', {
      body: { code: again.code, state: again.state, iss: again.iss, provider: 'google' },
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ created: false, account: { id: body.account.id } });
    expect(await accountCount()).toBe(before + 1);

    // The last way into a password-less account cannot be unlinked.
    const unlink = await server.api('/api/account/linked-accounts/unlink', {
      body: { provider: 'google' },
      token: body.authorization,
    });
    expect(unlink.status).toBe(409);
    expect(unlink.body.error.key).toBe('errors.oauth_last_method');
  });

  it('links to an existing account with the same verified email; unlink works once it has a password', async () => {
    const login = email('existing');
    const signup = await server.api('/api/v1/user/signup', {
      body: { email: login, password: 'correct horse battery' },
    });
    expect(signup.status).toBe(201);
    const id: string = signup.body.account.id;

    // Not verified at Podium yet: linking would let an address squatter in, so it is refused.
    const early = await startAndSignIn(login);
    const refused = await server.api('/api/v1/auth/google/callback', {
      body: { code: early.code, state: early.state, iss: early.iss, provider: 'google' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.key).toBe('errors.oauth_email_in_use');

    await db()
      .update(accounts)
      .set({ emailVerified: true, accountStatus: 'active' })
      .where(eq(accounts.id, id));
    const before = await accountCount();
    const flow = await startAndSignIn(login);
    const res = await server.api('/api/v1/auth/google/callback', {
      body: { code: flow.code, state: flow.state, iss: flow.iss, provider: 'google' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: false, linked: true, account: { id } });
    expect(await accountCount()).toBe(before);

    const unlink = await server.api('/api/account/linked-accounts/unlink', {
      body: { provider: 'google' },
      token: res.body.authorization,
    });
    expect(unlink.status).toBe(200);
    expect(unlink.body.linked_accounts).toEqual([]);
    const missing = await server.api('/api/account/linked-accounts/unlink', {
      body: { provider: 'google' },
      token: res.body.authorization,
    });
    expect(missing.status).toBe(404);
  });

  it('an email the provider did not verify never links to an account', async () => {
    const login = email('unverified');
    const signup = await server.api('/api/v1/user/signup', {
      body: { email: login, password: 'correct horse battery' },
    });
    await db()
      .update(accounts)
      .set({ emailVerified: true })
      .where(eq(accounts.id, signup.body.account.id as string));
    idp.setAccount(login, { email_verified: false });
    const flow = await startAndSignIn(login);
    const res = await server.api('/api/v1/auth/google/callback', {
      body: { code: flow.code, state: flow.state, iss: flow.iss, provider: 'google' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.key).toBe('errors.oauth_email_in_use');
    const links = await db()
      .select()
      .from(linkedIdentities)
      .where(eq(linkedIdentities.accountId, signup.body.account.id as string));
    expect(links).toEqual([]);
  });

  it('a signed-in account links Google through the same flow', async () => {
    const first = await server.api('/api/v1/user/signup', {
      body: { username: `linker${seq++}`, password: 'correct horse battery' },
    });
    const token: string = first.body.authorization;
    const started = await server.api('/api/v1/auth/google/new?link=1', { token });
    expect(started.status).toBe(200);
    const back = await idp.signIn(started.body.authorization_url, email('linker'));
    const res = await server.api('/api/v1/auth/google/callback', {
      body: {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
        iss: back.searchParams.get('iss'),
        provider: 'google',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ linked: true, account: { id: first.body.account.id } });
    const linked = await server.api('/api/account/linked-accounts', { token });
    expect(linked.body.linked_accounts).toHaveLength(1);
    // Linking needs an account to link to.
    const anonymous = await server.api('/api/v1/auth/google/new?link=1');
    expect(anonymous.status).toBe(401);
  });

  describe('bad input is refused and creates nothing', () => {
    async function expectRefused(
      body: Record<string, unknown>,
      status: number,
      key: string,
    ): Promise<void> {
      const before = await accountCount();
      const res = await server.api('/api/v1/auth/google/callback', { body });
      expect(res.status).toBe(status);
      expect(res.body.error.key).toBe(key);
      expect(await accountCount()).toBe(before);
    }

    it('forged state', async () => {
      const { code } = await startAndSignIn(email('forged'));
      await expectRefused(
        { code, state: 'forged-state-0123456789abcdef', provider: 'google' },
        400,
        'errors.oauth_state',
      );
    });

    it('replayed state (the second use of a state that already signed in)', async () => {
      const { code, state, iss } = await startAndSignIn(email('replay'));
      const ok = await server.api('/api/v1/auth/google/callback', {
        body: { code, state, iss, provider: 'google' },
      });
      expect(ok.status).toBe(200);
      await expectRefused({ code, state, iss, provider: 'google' }, 400, 'errors.oauth_state');
    });

    it('expired state', async () => {
      const { code, state, iss } = await startAndSignIn(email('expired'));
      await db()
        .update(oauthStates)
        .set({ expiresAt: new Date(Date.now() - 1000) });
      await expectRefused({ code, state, iss, provider: 'google' }, 400, 'errors.oauth_state');
    });

    it('a code obtained with another PKCE challenge (missing/wrong verifier)', async () => {
      // The attacker's own authorization (their challenge) injected under the victim's state.
      const victim = await server.api('/api/v1/auth/google/new');
      const victimState = new URL(victim.body.authorization_url).searchParams.get('state');
      const attacker = await startAndSignIn(email('pkce'), (url) => {
        url.searchParams.set('code_challenge', 'A'.repeat(43));
      });
      // The victim's verifier does not fit the attacker's challenge: the provider refuses.
      await expectRefused(
        { code: attacker.code, state: victimState, iss: attacker.iss, provider: 'google' },
        400,
        'errors.oauth_exchange_failed',
      );
      // With its own state the wrong challenge fails the same way.
      await expectRefused(
        { code: attacker.code, state: attacker.state, iss: attacker.iss, provider: 'google' },
        400,
        'errors.oauth_exchange_failed',
      );
    });

    it('the provider itself refuses a code exchanged without the verifier', async () => {
      const { code } = await startAndSignIn(email('noverifier'));
      const res = await fetch(`${idp.issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: callbackUrl,
          client_id: 'podium-web',
          client_secret: 'podium-secret',
        }).toString(),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
    });

    it('changed redirect URI', async () => {
      const { code, state, iss } = await startAndSignIn(email('redirect'));
      await expectRefused(
        { code, state, iss, provider: 'google', redirect_uri: altCallback },
        400,
        'errors.oauth_redirect_mismatch',
      );
      // Changed in the authorization request instead: the exchange at the stored URI fails.
      const swapped = await startAndSignIn(email('redirect2'), (url) => {
        url.searchParams.set('redirect_uri', altCallback);
      });
      expect(swapped.back.origin + swapped.back.pathname).toBe(altCallback);
      await expectRefused(
        { code: swapped.code, state: swapped.state, iss: swapped.iss, provider: 'google' },
        400,
        'errors.oauth_exchange_failed',
      );
      // An address outside the allowed list cannot even start a sign-in.
      const start = await server.api(
        `/api/v1/auth/google/new?redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
      );
      expect(start.status).toBe(400);
      expect(start.body.error.key).toBe('errors.oauth_redirect_not_allowed');
    });

    it('ID token with the wrong nonce', async () => {
      const { code, state, iss } = await startAndSignIn(email('nonce'), (url) => {
        url.searchParams.set('nonce', 'attacker-chosen-nonce-0123456789');
      });
      await expectRefused({ code, state, iss, provider: 'google' }, 401, 'errors.oauth_id_token');
    });

    it('provider mismatch and an unconfigured provider', async () => {
      const { code, state, iss } = await startAndSignIn(email('mismatch'));
      await expectRefused(
        { code, state, iss, provider: 'facebook' },
        400,
        'errors.oauth_provider_mismatch',
      );
      const fb = await server.api('/api/v1/auth/google/new?provider=facebook');
      expect(fb.status).toBe(404);
      expect(fb.body.error.key).toBe('errors.oauth_not_configured');
      const fbLogin = await server.api('/api/account/login/fb', { body: { id_token: 'x.y.z' } });
      expect(fbLogin.status).toBe(404);
    });

    it('malformed bodies are validation errors', async () => {
      const res = await server.api('/api/v1/auth/google/callback', { body: { state: 's' } });
      expect(res.status).toBe(400);
      expect(res.body.error.fields.code).toBeDefined();
      const bad = await server.api('/api/v1/auth/google/new?provider=twitter');
      expect(bad.status).toBe(400);
    });
  });

  describe('POST /api/account/login/gg with an ID token', () => {
    it('signs in with a valid token, nonce checked when given', async () => {
      const login = email('mobile');
      const token = await idp.idTokenFor(podiumClient, login, 'mobile-nonce-123');
      const res = await server.api('/api/account/login/gg', {
        body: { id_token: token, nonce: 'mobile-nonce-123' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ created: true, account: { email: login } });
      const wrongNonce = await server.api('/api/account/login/gg', {
        body: { id_token: token, nonce: 'another-nonce' },
      });
      expect(wrongNonce.status).toBe(401);
      expect(wrongNonce.body.error.key).toBe('errors.oauth_id_token');
    });

    it('refuses the wrong audience, the wrong issuer and a tampered token, creating nothing', async () => {
      const before = await accountCount();
      const foreignAudience = await idp.idTokenFor(otherClient, email('aud'));
      const foreignIssuer = await otherIssuer.idTokenFor(podiumClient, email('iss'));
      const good = await idp.idTokenFor(podiumClient, email('tamper'));
      const [h, p, s] = good.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
      claims.email = 'someone-else@example.test';
      const tampered = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
      for (const idToken of [foreignAudience, foreignIssuer, tampered, 'not-a-jwt']) {
        const res = await server.api('/api/account/login/gg', { body: { id_token: idToken } });
        expect(res.status).toBe(401);
        expect(res.body.error.key).toBe('errors.oauth_id_token');
      }
      expect(await accountCount()).toBe(before);
    });
  });
});

describe('social sign-in without a configured provider', () => {
  it('answers a clear 404 and lists both providers as not configured', async () => {
    const server = await startTestServer('pglite');
    try {
      const providers = await server.api('/api/v1/auth/providers');
      expect(providers.body.providers.every((p: { configured: boolean }) => !p.configured)).toBe(
        true,
      );
      const res = await server.api('/api/v1/auth/google/new');
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({
        key: 'errors.oauth_not_configured',
        message: 'Sign-in with this provider is not set up on this server',
      });
    } finally {
      await server.close();
    }
  });
});
