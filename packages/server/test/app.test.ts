import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';

describe.each(STORE_KINDS)('server basics on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers health and readiness', async () => {
    expect((await fetch(server.url + '/healthz')).status).toBe(200);
    const ready = await fetch(server.url + '/readyz');
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('refuses API requests without X-Requested-With with a clear message', async () => {
    const res = await fetch(server.url + '/api/account/details');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: {
        code: 'missing_requested_with',
        message: expect.stringContaining('X-Requested-With'),
      },
    });
  });

  it('answers unknown API paths with the JSON error shape and a request id', async () => {
    const res = await fetch(server.url + '/api/nothing-here', {
      headers: { 'X-Requested-With': 'x' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await server.api('/graphql/v1', { body: '{not json' });
    expect(res.status).toBeLessThan(500);
  });
});
