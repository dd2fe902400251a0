import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@podium/protocol';
import { requestLogLevel, SLOW_REQUEST_MS } from '../src/app.ts';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin } from './events-support.ts';
import {
  createEvent,
  joinRoom,
  joinTicket,
  socketCredentials,
  type SignalClient,
} from './signal-support.ts';

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

  it('writes an answer that went well and fast at debug only, so info stays quiet under load', async () => {
    const requestId = `log-ok-${kind}-${Date.now()}`;
    const res = await fetch(`${server.url}${apiPaths.health.live}`, {
      headers: { 'X-Request-Id': requestId },
    });
    expect(res.status).toBe(200);
    // A later request's line shows the hook has run for the first one too.
    const laterId = `log-later-${kind}-${Date.now()}`;
    await fetch(`${server.url}/api/nothing-here`, {
      headers: { 'X-Requested-With': 'x', 'X-Request-Id': laterId },
    });
    await expect.poll(() => lines.some((l) => l.reqId === laterId)).toBe(true);
    expect(lines.filter((l) => l.reqId === requestId)).toEqual([]);
  });

  it('writes no error for a socket that greets, joins, chats and leaves', async () => {
    const owner = await signUpAndLogin(server, `log-${kind}`, 'Mai Trần');
    const event = await createEvent(server, owner.token);
    const clients: SignalClient[] = [];
    try {
      const host = await joinRoom(
        server,
        await socketCredentials(server, { alias: event.name }, owner.token),
      );
      clients.push(host.client);
      const ticket = await joinTicket(server, event.name, { name: 'Lan' });
      const guest = await joinRoom(server, await socketCredentials(server, { ticket }));
      clients.push(guest.client);
      await guest.client.ok({ type: 'chat', to: 'everyone', text: 'xin chào' });
      await host.client.nextOf('chat_message');
      await guest.client.ok({ type: 'leave' });
      await host.client.nextOf('participant_left');
    } finally {
      for (const c of clients) c.ws.terminate();
    }
    // Each answered request once wrote "request left without an answer" (an answer's
    // `answered` flag read false for ever).
    expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });

  it('levels: server errors and slow answers at warn, client errors at info, the rest at debug', () => {
    expect(requestLogLevel(200, 3)).toBe('debug');
    expect(requestLogLevel(304, 3)).toBe('debug');
    expect(requestLogLevel(404, 3)).toBe('info');
    expect(requestLogLevel(500, 3)).toBe('warn');
    expect(requestLogLevel(200, SLOW_REQUEST_MS)).toBe('warn');
  });
});
