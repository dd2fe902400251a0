import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** The per-request log: one compact line per answer, tied to the answer by its request id. */
describe.each(STORE_KINDS)('request log on %s', (kind) => {
  let server: TestServer;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    server = await startTestServer(kind, {}, { logger });
  });
  afterAll(async () => {
    await server.close();
  });

  it('writes one line with method, path, status and time, under the request id', async () => {
    const requestId = `log-${kind}-${Date.now()}`;
    const res = await fetch(`${server.url}/api/nothing-here?code=secret-123`, {
      headers: { 'X-Requested-With': 'x', 'X-Request-Id': requestId },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    // The hook runs once the answer is sent, which may be just after the client has it.
    await expect.poll(() => lines.filter((l) => l.reqId === requestId).length).toBe(1);

    const mine = lines.filter((l) => l.reqId === requestId);
    expect(mine).toEqual([
      expect.objectContaining({
        msg: 'request',
        method: 'GET',
        url: '/api/nothing-here',
        status: 404,
        ms: expect.any(Number),
      }),
    ]);
    // No serialized request or response objects, and the query string is not written.
    expect(mine[0]).not.toHaveProperty('req');
    expect(mine[0]).not.toHaveProperty('res');
    expect(JSON.stringify(lines)).not.toContain('secret-123');
  });
});
