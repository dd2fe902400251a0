import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * Property: no body a client can send to an account endpoint gets a 5xx, and every refusal has
 * the one error shape. Bodies are random JSON values, mutations of a valid body (missing fields,
 * wrong types, huge strings, extra keys) and text that is not JSON at all.
 */

interface Endpoint {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  /** A valid body the mutations start from. */
  valid: Record<string, unknown>;
  auth: boolean;
}

const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    url: '/api/v1/user/signup',
    auth: false,
    valid: {
      email: 'fuzz@example.test',
      username: 'fuzzer',
      phone: '+84900000001',
      password: 'fuzz-password',
      full_name: 'Fuzz',
      referral_code: 'ABCDEFGH',
    },
  },
  {
    method: 'POST',
    url: '/api/v1/user/session/new',
    auth: false,
    valid: { username: 'fuzz-owner', password: 'owner-password' },
  },
  {
    method: 'POST',
    url: '/api/v1/user/session/renew',
    auth: false,
    valid: { renewal_token: 'prt_x' },
  },
  { method: 'DELETE', url: '/api/v1/user/session', auth: true, valid: {} },
  { method: 'POST', url: '/api/v1/user/confirm-email', auth: true, valid: { code: '123456' } },
  {
    method: 'POST',
    url: '/api/v1/user/resend-email',
    auth: false,
    valid: { username: 'fuzz-owner' },
  },
  {
    method: 'POST',
    url: '/api/account/phone/resend',
    auth: false,
    valid: { phone: '+84900000002' },
  },
  { method: 'POST', url: '/api/account/phone/verify', auth: true, valid: { code: '123456' } },
  { method: 'GET', url: '/api/account/details', auth: true, valid: {} },
  {
    method: 'POST',
    url: '/api/account/profile/update',
    auth: true,
    valid: {
      first_name: 'A',
      last_name: 'B',
      full_name: 'A B',
      company: 'C',
      avatar: 'https://example.test/a.png',
    },
  },
  {
    method: 'POST',
    url: '/api/account/setting/conference/update',
    auth: true,
    valid: { conference_mode: 'endtoend' },
  },
  {
    method: 'POST',
    url: '/api/v1/user/change-password',
    auth: true,
    valid: { old_password: 'owner-password', new_password: 'owner-password' },
  },
  { method: 'POST', url: '/api/account/set-pwd', auth: true, valid: { password: 'fuzz-password' } },
  {
    method: 'POST',
    url: '/api/v1/user/reset-password',
    auth: false,
    valid: { username: 'fuzz-owner' },
  },
  {
    method: 'POST',
    url: '/api/account/forgot-pwd/reset',
    auth: false,
    valid: { username: 'fuzz-owner', code: '123456', password: 'fuzz-password' },
  },
  {
    method: 'POST',
    url: '/graphql/v1',
    auth: true,
    valid: { query: '{ profile { id avatar email first_name last_name role membership_id } }' },
  },
];

const hugeString = fc
  .tuple(
    fc.constantFrom('a', '9', 'é', ' ', '"', '\\', '\u0000', '😀'),
    fc.integer({ min: 256, max: 150_000 }),
  )
  .map(([c, n]) => c.repeat(n));
const oddValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hugeString,
  fc.string({ unit: 'grapheme', maxLength: 64 }),
  fc.constantFrom('', ' ', '0', '000000', '-1', 'null', 'true', '<script>', "' OR 1=1 --"),
);

type Body = { kind: 'json'; value: unknown } | { kind: 'text'; text: string; type: string };

function mutated(valid: Record<string, unknown>): fc.Arbitrary<Body> {
  const keys = Object.keys(valid);
  const mutation = fc.oneof(
    keys.length
      ? fc.constantFrom(...keys).map((k) => (b: Record<string, unknown>) => {
          const { [k]: _dropped, ...rest } = b;
          return rest;
        })
      : fc.constant((b: Record<string, unknown>) => b),
    fc
      .tuple(keys.length ? fc.constantFrom(...keys) : fc.string({ maxLength: 8 }), oddValue)
      .map(([k, v]) => (b: Record<string, unknown>) => ({ ...b, [k]: v })),
    fc
      .tuple(fc.string({ maxLength: 20 }), oddValue)
      .map(([k, v]) => (b: Record<string, unknown>) => ({ ...b, [k]: v })),
  );
  return fc
    .array(mutation, { minLength: 1, maxLength: 4 })
    .map((ms) => ({ kind: 'json', value: ms.reduce((b, m) => m(b), { ...valid }) }) as Body);
}

function bodies(valid: Record<string, unknown>): fc.Arbitrary<Body> {
  const validText = JSON.stringify(valid);
  return fc.oneof(
    { weight: 4, arbitrary: mutated(valid) },
    {
      weight: 2,
      arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => ({ kind: 'json', value }) as Body),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 0, max: Math.max(0, validText.length - 1) })
        .map(
          (n) => ({ kind: 'text', text: validText.slice(0, n), type: 'application/json' }) as Body,
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        )
        .map(([text, type]) => ({ kind: 'text', text, type }) as Body),
    },
  );
}

const authHeader = fc.oneof(
  { weight: 3, arbitrary: fc.constant<'valid'>('valid') },
  { weight: 1, arbitrary: fc.constant<'none'>('none') },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: 'grapheme-ascii', maxLength: 600 })
      .map((s) => ({ raw: s.trim() })),
  },
);

describe('account endpoints never answer 5xx to client input (pglite)', () => {
  let server: TestServer;
  let accountId: string;

  beforeAll(async () => {
    server = await startTestServer('pglite', { LOGIN_MAX_ATTEMPTS: '100000' });
    const owner = await server.api('/api/v1/user/signup', {
      body: { username: 'fuzz-owner', email: 'owner@example.test', password: 'owner-password' },
    });
    expect(owner.status).toBe(201);
    accountId = owner.body.account.id;
  });
  afterAll(async () => {
    await server.close();
  });

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.url}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          bodies(endpoint.valid),
          authHeader,
          fc.string({ maxLength: 40 }),
          async (body, auth, query) => {
            const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
            if (auth === 'valid' && endpoint.auth) {
              // A fresh session per run: logout and password changes may end earlier ones.
              const issued = await server.podium.services.accounts.tokens.issue(accountId);
              headers.authorization = `Bearer ${issued.authorization}`;
            } else if (typeof auth === 'object' && auth.raw) {
              headers.authorization = auth.raw;
            }
            let payload: string | undefined;
            if (endpoint.method !== 'GET') {
              if (body.kind === 'json') {
                payload = JSON.stringify(body.value) ?? 'null';
                headers['content-type'] = 'application/json';
              } else {
                payload = body.text;
                headers['content-type'] = body.type;
              }
            }
            const url =
              endpoint.method === 'GET'
                ? `${server.url}${endpoint.url}?${new URLSearchParams({ q: query, [query]: query })}`
                : server.url + endpoint.url;
            const res = await fetch(url, { method: endpoint.method, headers, body: payload });
            const text = await res.text();
            expect(res.status, `${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
            if (res.status >= 400) {
              const parsed = JSON.parse(text) as {
                error?: { code?: unknown; message?: unknown };
                errors?: Array<{ message?: unknown }>;
              };
              if (endpoint.url.startsWith('/graphql/') && parsed.errors) {
                // GraphQL answers in its own error shape.
                expect(typeof parsed.errors[0]?.message).toBe('string');
              } else {
                expect(typeof parsed.error?.code).toBe('string');
                expect(typeof parsed.error?.message).toBe('string');
              }
            }
          },
        ),
        { numRuns: 100 },
      );
    });
  }
});
