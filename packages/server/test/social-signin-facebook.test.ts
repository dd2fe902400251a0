import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { startTestIdp, type IdpClient, type TestIdp } from '../src/test-support/oidc-idp.ts';
import { accounts } from '../src/store/schema.ts';

let seq = 0;
function email(tag: string): string {
  seq += 1;
  return `${tag}${seq}${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/**
 * Facebook is wired exactly like Google; one local OpenID provider plays both, with a client
 * for each, so the tests show the two never accept each other's codes or tokens.
 */
describe.each(STORE_KINDS)('Facebook sign-in against a real OpenID provider on %s', (kind) => {
  let idp: TestIdp;
  let server: TestServer;
  let googleClient: IdpClient;
  let facebookClient: IdpClient;

  beforeAll(async () => {
    idp = await startTestIdp();
    server = await startTestServer(kind, {
      OAUTH_GOOGLE_ISSUER: idp.issuer,
      OAUTH_GOOGLE_CLIENT_ID: 'podium-google',
      OAUTH_GOOGLE_CLIENT_SECRET: 'google-secret',
      OAUTH_FACEBOOK_ISSUER: idp.issuer,
      OAUTH_FACEBOOK_CLIENT_ID: 'podium-facebook',
      OAUTH_FACEBOOK_CLIENT_SECRET: 'facebook-secret',
      LOGIN_MAX_ATTEMPTS: '1000',
    });
    // The web's single callback page serves both providers (the body names which one).
    const callbackUrl = `${server.url}/auth/google/callback`;
    googleClient = {
      client_id: 'podium-google',
      client_secret: 'google-secret',
      redirect_uris: [callbackUrl],
    };
    facebookClient = {
      client_id: 'podium-facebook',
      client_secret: 'facebook-secret',
      redirect_uris: [callbackUrl],
    };
    idp.configure([googleClient, facebookClient]);
  });
  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  async function accountCount(): Promise<number> {
    const [row] = await server.podium.services.store.db.select({ n: count() }).from(accounts);
    return row?.n ?? 0;
  }

  async function signInWith(provider: 'google' | 'facebook', login: string) {
    const started = await server.api(`/api/v1/auth/google/new?provider=${provider}`);
    expect(started.status).toBe(200);
    const authUrl = new URL(started.body.authorization_url);
    const back = await idp.signIn(authUrl.href, login);
    return {
      authUrl,
      body: {
        code: back.searchParams.get('code') ?? '',
        state: back.searchParams.get('state') ?? '',
        iss: back.searchParams.get('iss') ?? undefined,
      },
    };
  }

  it('lists both providers as configured', async () => {
    const res = await server.api('/api/v1/auth/providers');
    expect(res.status).toBe(200);
    expect(res.body.providers).toEqual([
      { provider: 'google', configured: true },
      { provider: 'facebook', configured: true },
    ]);
  });

  it('full code flow with provider facebook: a new account, then the same account again', async () => {
    const login = email('fb');
    const before = await accountCount();
    const flow = await signInWith('facebook', login);
    expect(flow.authUrl.searchParams.get('client_id')).toBe('podium-facebook');
    expect(flow.authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(flow.body.code).not.toBe('');

    const res = await server.api('/api/v1/auth/google/callback', {
      body: { ...flow.body, provider: 'facebook' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      created: true,
      account: { email: login, email_verified: true, has_password: false },
    });
    const token: string = res.body.authorization;
    expect(await accountCount()).toBe(before + 1);

    const linked = await server.api('/api/account/linked-accounts', { token });
    expect(linked.body).toMatchObject({
      has_password: false,
      linked_accounts: [{ provider: 'facebook', email: login }],
    });

    const again = await signInWith('facebook', login);
    const second = await server.api('/api/v1/auth/google/callback', {
      body: { ...again.body, provider: 'facebook' },
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ created: false, account: { id: res.body.account.id } });
    expect(await accountCount()).toBe(before + 1);
  });

  it('Google then Facebook with the same verified email: one account with both identities', async () => {
    const login = email('both');
    const google = await signInWith('google', login);
    const first = await server.api('/api/v1/auth/google/callback', {
      body: { ...google.body, provider: 'google' },
    });
    expect(first.status).toBe(200);
    const before = await accountCount();

    const facebook = await signInWith('facebook', login);
    const second = await server.api('/api/v1/auth/google/callback', {
      body: { ...facebook.body, provider: 'facebook' },
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      created: false,
      linked: true,
      account: { id: first.body.account.id },
    });
    expect(await accountCount()).toBe(before);
    const linked = await server.api('/api/account/linked-accounts', {
      token: second.body.authorization,
    });
    const providers = (linked.body.linked_accounts as { provider: string }[])
      .map((l) => l.provider)
      .sort();
    expect(providers).toEqual(['facebook', 'google']);
  });

  it("a Facebook code is not accepted as Google's, and the other way round", async () => {
    const before = await accountCount();
    const facebook = await signInWith('facebook', email('swap'));
    const asGoogle = await server.api('/api/v1/auth/google/callback', {
      body: { ...facebook.body, provider: 'google' },
    });
    expect(asGoogle.status).toBe(400);
    expect(asGoogle.body.error.key).toBe('errors.oauth_provider_mismatch');
    const google = await signInWith('google', email('swap'));
    const asFacebook = await server.api('/api/v1/auth/google/callback', {
      body: { ...google.body, provider: 'facebook' },
    });
    expect(asFacebook.status).toBe(400);
    expect(asFacebook.body.error.key).toBe('errors.oauth_provider_mismatch');
    expect(await accountCount()).toBe(before);
  });

  describe('POST /api/account/login/fb with an ID token', () => {
    it('signs in with a valid token, nonce checked when given', async () => {
      const login = email('fbmobile');
      const idToken = await idp.idTokenFor(facebookClient, login, 'fb-nonce-123');
      const res = await server.api('/api/account/login/fb', {
        body: { id_token: idToken, nonce: 'fb-nonce-123' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ created: true, account: { email: login } });
      const linked = await server.api('/api/account/linked-accounts', {
        token: res.body.authorization,
      });
      expect(linked.body.linked_accounts).toMatchObject([{ provider: 'facebook', email: login }]);

      const again = await server.api('/api/account/login/fb', { body: { id_token: idToken } });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ created: false, account: { id: res.body.account.id } });

      const wrongNonce = await server.api('/api/account/login/fb', {
        body: { id_token: idToken, nonce: 'another-nonce' },
      });
      expect(wrongNonce.status).toBe(401);
      expect(wrongNonce.body.error.key).toBe('errors.oauth_id_token');
    });

    it("refuses Google's token (another audience) and a tampered token, creating nothing", async () => {
      const before = await accountCount();
      const googleToken = await idp.idTokenFor(googleClient, email('gtoken'));
      const good = await idp.idTokenFor(facebookClient, email('fbtamper'));
      const [h, p, s] = good.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
      claims.email = 'someone-else@example.test';
      const tampered = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
      for (const idToken of [googleToken, tampered, 'not-a-jwt']) {
        const res = await server.api('/api/account/login/fb', { body: { id_token: idToken } });
        expect(res.status).toBe(401);
        expect(res.body.error.key).toBe('errors.oauth_id_token');
      }
      // And the Facebook token is not a Google one.
      const asGoogle = await server.api('/api/account/login/gg', { body: { id_token: good } });
      expect(asGoogle.status).toBe(401);
      expect(await accountCount()).toBe(before);
    });
  });
});
