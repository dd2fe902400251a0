import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';
import { GRAPHQL_LIMITS } from '../src/graphql/limits.ts';

/**
 * Issue 10 item 1: one account sent four requests of 1,000–5,000 aliased `aliases(...)` fields
 * and an unrelated request waited 80 s. Over-limit operations are now refused with a 400 before
 * any resolver runs; `/graphql/v1` is limited per account and per address; introspection is off
 * in production.
 */

interface GraphQLAnswer {
  status: number;
  ms: number;
  body: {
    data?: unknown;
    errors?: Array<{ message: string; extensions?: { code?: string; key?: string } }>;
  };
}

async function gql(
  server: TestServer,
  query: string,
  options: { token?: string; variables?: Record<string, unknown> } = {},
): Promise<GraphQLAnswer> {
  const started = performance.now();
  const res = await server.api('/graphql/v1', {
    body: { query, ...(options.variables ? { variables: options.variables } : {}) },
    ...(options.token ? { token: options.token } : {}),
  });
  return { status: res.status, ms: performance.now() - started, body: res.body };
}

function expectTooComplex(answer: GraphQLAnswer, label: string): void {
  expect(answer.status, `${label}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(400);
  expect(answer.body.errors?.[0]?.extensions?.code, label).toBe('query_too_complex');
  expect(answer.body.errors?.[0]?.message, label).toMatch(/too much at once/);
}

/** `n` aliased `aliases(...)` fields, as in the attack. */
function aliasFlood(n: number): string {
  const fields = Array.from(
    { length: n },
    (_, i) => `a${i}: aliases(input: { limit: 100 }) { entries { id title } }`,
  );
  return `{ ${fields.join(' ')} }`;
}

const ALIAS_FIELDS = `id type name title description require_passcode passcode start_time end_time
  duration mode join_before_host invite_link speaker_link speakers { name email } expired_at
  owner { id name } created_at updated_at`;

describe.each(STORE_KINDS)('GraphQL cost limits (%s)', (kind) => {
  let server: TestServer;
  let person: SignedIn;
  let listCalls = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    person = await signUpAndLogin(server, 'gqlcost');
    // Counts the resolver's service calls, to show a refused operation never ran.
    const events = server.podium.services.events;
    const list = events.list.bind(events);
    events.list = (...args: Parameters<typeof list>) => {
      listCalls += 1;
      return list(...args);
    };
  });
  afterAll(async () => {
    await server.close();
  });

  it('the alias flood is refused at once, without running, and other requests stay fast', async () => {
    listCalls = 0;
    const attacks = [1_000, 2_000, 3_000, 5_000].map((n) =>
      gql(server, aliasFlood(n), { token: person.token }),
    );
    const detailsStarted = performance.now();
    const details = await server.api('/api/account/details', { token: person.token });
    const detailsMs = performance.now() - detailsStarted;
    const answers = await Promise.all(attacks);
    for (const answer of answers) {
      expectTooComplex(answer, 'flood');
      expect(answer.ms).toBeLessThan(2_000);
    }
    expect(details.status).toBe(200);
    expect(detailsMs).toBeLessThan(2_000);
    expect(listCalls).toBe(0);
  });

  it('more aliases than allowed, within the token limit, are refused', async () => {
    listCalls = 0;
    const fields = Array.from(
      { length: GRAPHQL_LIMITS.maxAliases + 1 },
      (_, i) => `p${i}: profile { id }`,
    );
    expectTooComplex(
      await gql(server, `{ ${fields.join(' ')} }`, { token: person.token }),
      'aliases',
    );
    expect(listCalls).toBe(0);
  });

  it('a query deeper than allowed is refused', async () => {
    const depth = GRAPHQL_LIMITS.maxDepth + 2;
    const query = `{ ${'... on Query { '.repeat(depth)}_health${' }'.repeat(depth)} }`;
    expectTooComplex(await gql(server, query, { token: person.token }), 'depth');
    const fine = `{ ${'... on Query { '.repeat(2)}_health${' }'.repeat(2)} }`;
    expect((await gql(server, fine, { token: person.token })).status).toBe(200);
  });

  it('list sizes count: pages of 100 are refused together, one page passes', async () => {
    listCalls = 0;
    const page = (name: string) =>
      `${name}: aliases(input: $input) { entries { ${ALIAS_FIELDS} } }`;
    const three = `query($input: AliasListInput) { ${page('a')} ${page('b')} ${page('c')} }`;
    expectTooComplex(
      await gql(server, three, { token: person.token, variables: { input: { limit: 100 } } }),
      'three pages',
    );
    expect(listCalls).toBe(0);
    // The same document with small pages is cheap enough: the variables decide.
    const small = await gql(server, three, {
      token: person.token,
      variables: { input: { limit: 5 } },
    });
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    expect(listCalls).toBe(3);
    const one = await gql(server, `query($input: AliasListInput) { ${page('a')} }`, {
      token: person.token,
      variables: { input: { limit: 100 } },
    });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
  });

  it('the web app’s operations pass', async () => {
    const profile = await gql(
      server,
      '{ profile { id avatar email first_name last_name role membership_id } }',
      { token: person.token },
    );
    expect(profile.status).toBe(200);
    expect(profile.body.errors).toBeUndefined();
    const alias = await gql(
      server,
      `query Alias($input: AliasInput!) { alias(input: $input) { ${ALIAS_FIELDS} } }`,
      { token: person.token, variables: { input: { name: 'no-such-alias' } } },
    );
    // Answered by the resolver (not found), not refused by a limit.
    expect(alias.body.errors?.[0]?.extensions?.code).not.toBe('query_too_complex');
  });
});

// Introspection and the rate limits do not touch the database: one store is enough.
describe('GraphQL introspection', () => {
  const INTROSPECT = '{ __schema { queryType { name } } }';
  const TYPE = '{ __type(name: "Alias") { name } }';

  it('is refused in production', async () => {
    const server = await startTestServer('pglite', { NODE_ENV: 'production' });
    try {
      for (const query of [INTROSPECT, TYPE]) {
        const answer = await gql(server, query);
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        expect(answer.body.errors?.[0]?.message).toMatch(/introspection is turned off/);
      }
      // __typename is not introspection of the schema.
      expect((await gql(server, '{ __typename }')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('answers outside production, and in production when GRAPHQL_INTROSPECTION=1', async () => {
    const envs: Array<Record<string, string>> = [
      {},
      { NODE_ENV: 'production', GRAPHQL_INTROSPECTION: '1' },
    ];
    for (const env of envs) {
      const server = await startTestServer('pglite', env);
      try {
        const answer = await gql(server, INTROSPECT);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
      } finally {
        await server.close();
      }
    }
  });
});

describe('GraphQL rate limits', () => {
  it('per account: the account over its limit gets 429, another account goes on', async () => {
    const server = await startTestServer('pglite', {
      GRAPHQL_RATE_LIMIT_ACCOUNT: '3',
      GRAPHQL_RATE_LIMIT_ADDRESS: '100',
    });
    try {
      const [a, b] = [await signUpAndLogin(server, 'rla'), await signUpAndLogin(server, 'rlb')];
      for (let i = 0; i < 3; i++) {
        expect((await gql(server, '{ profile { id } }', { token: a.token })).status).toBe(200);
      }
      const refused = await server.api('/graphql/v1', {
        body: { query: '{ profile { id } }' },
        token: a.token,
      });
      expect(refused.status).toBe(429);
      expect(refused.body.errors[0].extensions.code).toBe('too_many_requests');
      expect((await gql(server, '{ profile { id } }', { token: b.token })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('per address: anonymous requests over the limit get 429 with Retry-After', async () => {
    const server = await startTestServer('pglite', { GRAPHQL_RATE_LIMIT_ADDRESS: '3' });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await gql(server, '{ _health }')).status).toBe(200);
      }
      const res = await fetch(`${server.url}/graphql/v1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ query: '{ _health }' }),
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await res.json()) as { errors: Array<{ extensions: { code: string } }> };
      expect(body.errors[0]!.extensions.code).toBe('too_many_requests');
      // The REST API is not counted against GraphQL's limit.
      expect((await server.api('/healthz')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
