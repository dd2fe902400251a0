import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';

/**
 * Issue 10 item 9: a NUL character in a string reached PostgreSQL, which refuses it in text
 * columns, and the request ended in a 500. The boundary now refuses it with a 400 in the error
 * shape, wherever it is: a body value, a body key, a nested array, the query string or a path.
 */
const NUL = '\u0000';

describe.each(STORE_KINDS)('a NUL character is refused at the boundary (%s)', (kind) => {
  let server: TestServer;
  let person: SignedIn;

  beforeAll(async () => {
    server = await startTestServer(kind);
    person = await signUpAndLogin(server, 'nul');
  });
  afterAll(async () => {
    await server.close();
  });

  function expectRefused(
    res: { status: number; body: { error: Record<string, unknown> } },
    label: string,
  ) {
    expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(400);
    expect(res.body.error.code, label).toBe('validation_failed');
    expect(res.body.error.key, label).toBe('errors.nul_character');
    expect(typeof res.body.error.message, label).toBe('string');
  }

  // The endpoints the fuzzing of issue 10 answered with a 500.
  const cases: Array<{ url: string; auth: boolean; body: Record<string, unknown> }> = [
    { url: '/api/v1/user/session/new', auth: false, body: { username: `a${NUL}b`, password: 'x' } },
    { url: '/api/v1/user/reset-password', auth: false, body: { username: `who${NUL}` } },
    {
      url: '/api/account/forgot-pwd/reset',
      auth: false,
      body: { username: `who${NUL}`, code: '123456', password: 'long-enough-pw' },
    },
    { url: '/api/account/profile/update', auth: true, body: { first_name: `An${NUL}` } },
    { url: '/api/account/sessions/revoke', auth: true, body: { id: `s${NUL}` } },
    {
      url: '/api/gifts/send',
      auth: true,
      body: { to: `u${NUL}`, gift_id: 'rose', idempotency_key: 'k-1234567890' },
    },
  ];

  for (const c of cases) {
    it(`POST ${c.url}`, async () => {
      const res = await server.api(c.url, {
        body: c.body,
        ...(c.auth ? { token: person.token } : {}),
      });
      expectRefused(res, c.url);
    });
  }

  it('in a key, deep in an array, in the query string and in a path parameter', async () => {
    expectRefused(
      await server.api('/api/account/profile/update', {
        body: { [`first${NUL}name`]: 'x' },
        token: person.token,
      }),
      'key',
    );
    expectRefused(
      await server.api('/api/account/profile/update', {
        body: { company: 'x', extra: [{ deep: ['ok', `no${NUL}`] }] },
        token: person.token,
      }),
      'nested',
    );
    expectRefused(await server.api('/api/gifts/recipient?to=a%00b'), 'query');
    expectRefused(await server.api('/api/storage/file/ab%00cd'), 'path');
  });

  it('in GraphQL variables, answered as GraphQL with the same code', async () => {
    const res = await server.api('/graphql/v1', {
      body: {
        query: 'query($c: String!) { blockchain_account(chain_name: $c) { address } }',
        variables: { c: `eth${NUL}` },
      },
      token: person.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('validation_failed');
  });

  it('text without NUL still passes (control characters other than NUL are left to the schemas)', async () => {
    const res = await server.api('/api/account/profile/update', {
      body: { first_name: 'An\tBình' },
      token: person.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
