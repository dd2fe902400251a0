import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { desc, eq } from 'drizzle-orm';
import { CLIENT_LOG_MAX_BYTES, CLIENT_LOG_RATE_PER_MINUTE, apiPaths } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin } from './events-support.ts';
import { clientLogs } from '../src/store/schema.ts';

/** Each test reports from its own address (TRUST_PROXY), so the per-address limit is its own. */
let addressSeq = 0;
const nextAddress = () => `203.0.113.${++addressSeq}`;

describe.each(STORE_KINDS)('POST /v1/log on %s', (kind) => {
  let server: TestServer;
  const db = () => server.podium.services.store.db;
  const rows = () => db().select().from(clientLogs).orderBy(desc(clientLogs.id));

  function report(body: unknown, from: string, init: { token?: string } = {}) {
    return server.api(apiPaths.logger.clientLog, {
      method: 'POST',
      body,
      ...init,
      headers: { 'x-forwarded-for': from, 'user-agent': 'PodiumTest/1.0' },
    });
  }

  beforeAll(async () => {
    server = await startTestServer(kind, { TRUST_PROXY: '1' });
  });
  afterAll(() => server.close());

  it('stores a report with its context, address and browser; no account without a token', async () => {
    const from = nextAddress();
    const res = await report(
      {
        level: 'error',
        message: 'TypeError: x is undefined',
        context: { stack: 'at f (app.js:1:2)', url: '/room/abc', line: 1, tags: ['a', null] },
      },
      from,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await db().select().from(clientLogs).where(eq(clientLogs.id, res.body.id));
    expect(row).toMatchObject({
      level: 'error',
      message: 'TypeError: x is undefined',
      context: { stack: 'at f (app.js:1:2)', url: '/room/abc', line: 1, tags: ['a', null] },
      accountId: null,
      userAgent: 'PodiumTest/1.0',
      ip: from,
    });
  });

  it('names the account when a valid token comes with it, and ignores a bad one', async () => {
    const from = nextAddress();
    const person = await signUpAndLogin(server, 'log');
    const signedIn = await report({ level: 'warn', message: 'slow' }, from, {
      token: person.token,
    });
    expect(signedIn.status).toBe(201);
    const badToken = await report({ level: 'info', message: 'hello' }, from, {
      token: 'not-a-token',
    });
    expect(badToken.status).toBe(201);
    const [bad, good] = await rows();
    expect(good).toMatchObject({ id: signedIn.body.id, accountId: person.id, context: {} });
    expect(bad).toMatchObject({ id: badToken.body.id, accountId: null });
  });

  it('refuses a body over the limit with 413, and stores nothing', async () => {
    const from = nextAddress();
    const before = (await rows()).length;
    const res = await report(
      { level: 'error', message: 'big', context: { blob: 'x'.repeat(CLIENT_LOG_MAX_BYTES) } },
      from,
    );
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    expect(res.body.error.message).toMatch(/too large/i);
    // The same without a declared length (chunked): refused while reading.
    const chunked = await new Promise<number>((resolve, reject) => {
      const url = new URL(server.url + apiPaths.logger.clientLog);
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-requested-with': 'XMLHttpRequest',
            'x-forwarded-for': from,
          },
        },
        (answer) => {
          answer.resume();
          resolve(answer.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write('{"level":"error","message":"');
      req.write('y'.repeat(CLIENT_LOG_MAX_BYTES));
      req.end('"}');
    });
    expect(chunked).toBe(413);
    expect((await rows()).length).toBe(before);
  });

  it('validates level and message length', async () => {
    const from = nextAddress();
    for (const body of [
      { level: 'fatal', message: 'x' },
      { level: 'error', message: '' },
      { level: 'error', message: '   ' },
      { level: 'error', message: 'x'.repeat(2001) },
      { level: 'error' },
      { level: 'error', message: 'x', context: 'not an object' },
      { level: 'error', message: 'x', extra: 1 },
    ]) {
      const res = await report(body, from);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it('limits each address; another address still gets through', async () => {
    const from = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= CLIENT_LOG_RATE_PER_MINUTE; i++) {
      statuses.push((await report({ level: 'info', message: `n${i}` }, from)).status);
    }
    expect(statuses.slice(0, CLIENT_LOG_RATE_PER_MINUTE).every((s) => s === 201)).toBe(true);
    const limited = await report({ level: 'info', message: 'one more' }, from);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('too_many_requests');
    expect((await report({ level: 'info', message: 'other' }, nextAddress())).status).toBe(201);
  });

  it('never answers 5xx, whatever arrives', async () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    const body = fc.oneof(
      json,
      fc.record(
        {
          level: fc.oneof(fc.constantFrom('error', 'warn', 'info'), fc.string()),
          message: fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), json),
          context: fc.oneof(
            fc.dictionary(fc.string({ unit: 'binary', maxLength: 70 }), json, { maxKeys: 40 }),
            json,
          ),
        },
        { requiredKeys: [] },
      ),
      fc.string({ unit: 'binary', maxLength: 200 }).map((s) => `{"level":"error","message":${s}`),
    );
    let from = nextAddress();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        // Stay under the per-address limit: this test is about answers, not the limit.
        if (++sent % (CLIENT_LOG_RATE_PER_MINUTE - 1) === 0) from = nextAddress();
        const res = await report(typeof b === 'string' ? b : JSON.stringify(b), from);
        expect([201, 400, 413], JSON.stringify(res.body)).toContain(res.status);
        if (res.status !== 201) expect(typeof res.body.error.message).toBe('string');
      }),
      { numRuns: 150 },
    );
    // NUL characters are refused at the boundary like on every endpoint (400, key
    // errors.nul_character), so nothing reaches PostgreSQL's text/jsonb, which cannot hold them.
    const before = await db().select().from(clientLogs);
    const nul = await report(
      { level: 'error', message: 'a\u0000b', context: { 'k\u0000': ['\u0000'] } },
      nextAddress(),
    );
    expect(nul.status).toBe(400);
    expect(nul.body.error.key).toBe('errors.nul_character');
    expect(await db().select().from(clientLogs)).toHaveLength(before.length);
  });
});
