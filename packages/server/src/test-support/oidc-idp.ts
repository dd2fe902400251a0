import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type JWK } from 'oidc-provider';
import { exportJWK, generateKeyPair } from 'jose';

/**
 * A real OpenID Connect identity provider (`oidc-provider`) on loopback, standing in for Google
 * or Facebook in tests. People sign in on its own page (a form asking for an email; every email
 * is an account) or headlessly through `signIn()`.
 */

export interface IdpAccount {
  email: string;
  email_verified: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
}

export interface IdpClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface TestIdp {
  issuer: string;
  /** Private signing keys, to start a second provider (another issuer) signing alike. */
  keys: JWK[];
  /** Registers the clients (redirect URIs are often known only after the IdP listens). */
  configure(clients: IdpClient[]): void;
  /** Marks the email of a login as not verified (every other login gets a verified one). */
  setAccount(login: string, account: Partial<IdpAccount>): void;
  /** The subject the IdP gives a login. */
  subjectOf(login: string): string;
  /**
   * Follows an authorization URL as a browser would, signs in as `login` on the IdP's page and
   * returns where the IdP sends the browser back (the client's redirect URI with code and state,
   * or an error).
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  /** A complete code flow for one client, as a mobile app would run it: returns the ID token. */
  idTokenFor(client: IdpClient, login: string, nonce?: string): Promise<string>;
  close(): Promise<void>;
}

const PAGE_STYLE = 'font-family:sans-serif;max-width:24rem;margin:4rem auto';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loginPage(uid: string, clientId: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body style="${PAGE_STYLE}"><main><h1>Test identity provider</h1>
<p>Sign in to continue to ${escapeHtml(clientId)}.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Email <input type="email" name="login" required autofocus></label>
<button type="submit">Continue</button></form></main></body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestIdp(options: { keys?: JWK[] } = {}): Promise<TestIdp> {
  const accounts = new Map<string, Partial<IdpAccount>>();
  const subjectOf = (login: string) =>
    `sub-${crypto.createHash('sha256').update(login.trim().toLowerCase()).digest('hex').slice(0, 20)}`;
  const loginOf = new Map<string, string>();

  let keys = options.keys;
  if (!keys) {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    keys = [{ ...jwk, kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' } as JWK];
  }

  let provider: Provider | null = null;
  const server = http.createServer((req, res) => {
    if (!provider) {
      res.writeHead(503).end('identity provider not configured yet');
      return;
    }
    void handle(provider, req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function handle(p: Provider, req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!match) {
      p.callback()(req, res);
      return;
    }
    const details = await p.interactionDetails(req, res);
    const clientId = String(details.params.client_id ?? '');
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(loginPage(details.uid, clientId));
      return;
    }
    const login = (await readForm(req)).get('login')?.trim().toLowerCase() ?? '';
    if (!login) {
      res.writeHead(400).end('login required');
      return;
    }
    const accountId = subjectOf(login);
    loginOf.set(accountId, login);
    // Consent is given with the sign-in: a test IdP has nobody to ask.
    const grant = new p.Grant({ accountId, clientId });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await p.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const idp: TestIdp = {
    issuer,
    keys,
    subjectOf,
    setAccount(login, account) {
      accounts.set(login.trim().toLowerCase(), account);
    },
    configure(clients) {
      provider = new Provider(issuer, {
        clients: clients.map((c) => ({
          ...c,
          token_endpoint_auth_method: 'client_secret_post',
          grant_types: ['authorization_code'],
          response_types: ['code'],
        })),
        jwks: { keys: keys as JWK[] },
        cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
        pkce: { required: () => true },
        // ID tokens carry the email and profile claims, as Google's do.
        conformIdTokenClaims: false,
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['name', 'given_name', 'family_name'],
        },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        findAccount: (_ctx, sub) => {
          const login = loginOf.get(sub);
          if (!login) return undefined;
          const extra = accounts.get(login) ?? {};
          return {
            accountId: sub,
            claims: () => ({
              sub,
              email: login,
              email_verified: extra.email_verified ?? true,
              name: extra.name ?? login.split('@')[0],
              ...(extra.given_name ? { given_name: extra.given_name } : {}),
              ...(extra.family_name ? { family_name: extra.family_name } : {}),
            }),
          };
        },
      });
      // The provider's own error pages are enough; keep its stack traces out of test output.
      provider.on('server_error', () => undefined);
    },
    async signIn(authorizationUrl, login) {
      const jar = new Map<string, string>();
      const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const remember = (res: Response) => {
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const eq = pair?.indexOf('=') ?? -1;
          if (pair && eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
        }
      };
      let next: URL = new URL(authorizationUrl);
      let init: RequestInit = { method: 'GET' };
      for (let hop = 0; hop < 10; hop++) {
        if (next.origin !== issuer) return next;
        const res = await fetch(next, {
          ...init,
          redirect: 'manual',
          headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
        });
        remember(res);
        const location = res.headers.get('location');
        if (res.status >= 300 && res.status < 400 && location) {
          next = new URL(location, next);
          init = { method: 'GET' };
          continue;
        }
        if (res.status === 200 && /^\/interaction\/[\w-]+$/.test(next.pathname)) {
          await res.text();
          next = new URL(`${next.pathname}/login`, issuer);
          init = {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ login }).toString(),
          };
          continue;
        }
        throw new Error(`the IdP answered ${res.status} at ${next.pathname}: ${await res.text()}`);
      }
      throw new Error('too many redirects at the IdP');
    },
    async idTokenFor(client, login, nonce = crypto.randomBytes(16).toString('base64url')) {
      const verifier = crypto.randomBytes(32).toString('base64url');
      const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
      const redirectUri = client.redirect_uris[0] ?? '';
      const auth = new URL('/auth', issuer);
      auth.search = new URLSearchParams({
        client_id: client.client_id,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state: 's',
        nonce,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).toString();
      const back = await idp.signIn(auth.href, login);
      const code = back.searchParams.get('code');
      if (!code) throw new Error(`no code: ${back.href}`);
      const res = await fetch(new URL('/token', issuer), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          code_verifier: verifier,
          client_id: client.client_id,
          client_secret: client.client_secret,
        }).toString(),
      });
      const body = (await res.json()) as { id_token?: string; error?: string };
      if (!body.id_token) throw new Error(`no ID token: ${JSON.stringify(body)}`);
      return body.id_token;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return idp;
}
