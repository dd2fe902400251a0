import net from 'node:net';
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

  it('answers oversized headers and broken framing in the one error shape', async () => {
    const huge = await fetch(server.url + '/api/account/details', {
      headers: { 'X-Requested-With': 'x', 'X-Padding': 'a'.repeat(40_000) },
    });
    expect(huge.status).toBe(431);
    expect(await huge.json()).toMatchObject({ error: { code: 'headers_too_large' } });

    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1', () =>
        socket.write('GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.split('\r\n\r\n')[1] ?? '')).toMatchObject({
      error: { code: 'bad_request' },
    });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await server.api('/graphql/v1', { body: '{not json' });
    expect(res.status).toBeLessThan(500);
  });
});
