import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiPaths } from '@podium/protocol';
import { startTestServer, type TestServer } from './support/server.ts';

const HANDSHAKE =
  'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n';

/** Sends one raw request and collects the answer until the server closes the connection. */
async function rawExchange(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', () => resolve());
    socket.once('connect', () => socket.write(request));
  });
  return received;
}

/** Opens a WebSocket and resolves with what its handshake came to. */
function open(url: string): Promise<{ opened: boolean; protocol: string; status?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, ['podium', 'other']);
    ws.once('open', () => {
      resolve({ opened: true, protocol: ws.protocol });
      ws.close();
    });
    ws.once('unexpected-response', (_request, response) => {
      resolve({ opened: false, protocol: '', status: response.statusCode });
      ws.terminate();
    });
    ws.once('error', () => resolve({ opened: false, protocol: '' }));
  });
}

/**
 * The signaling socket's upgrade is taken before Fastify routes (realtime/socket-upgrade.ts);
 * what it does not cover still meets Fastify's routing and checks.
 */
describe('signaling socket upgrade', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  const wsUrl = (path: string): string => server.url.replace(/^http/, 'ws') + path;

  it('opens on the socket path, with or without a query, choosing the first subprotocol', async () => {
    expect(await open(wsUrl(apiPaths.signal.socket))).toEqual({
      opened: true,
      protocol: 'podium',
    });
    expect(await open(wsUrl(`${apiPaths.signal.socket}?v=1`))).toMatchObject({ opened: true });
  });

  it('opens when the path is spelled with percent-escapes (routed by Fastify)', async () => {
    const escaped = apiPaths.signal.socket.replace(/1$/, '%31');
    expect(await open(wsUrl(escaped))).toMatchObject({ opened: true });
  });

  it('answers a plain GET of the socket path with 404', async () => {
    const res = await fetch(`${server.url}${apiPaths.signal.socket}`);
    expect(res.status).toBe(404);
  });

  it('refuses an upgrade whose query holds NUL with 400 in the error shape', async () => {
    const answer = await rawExchange(
      server.url,
      `GET ${apiPaths.signal.socket}?x=%00 HTTP/1.1\r\nHost: x\r\n${HANDSHAKE}\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('"code"');
  });

  it('refuses a bad handshake on the socket path with 400', async () => {
    const answer = await rawExchange(
      server.url,
      `GET ${apiPaths.signal.socket} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n` +
        'Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
  });

  it('answers an upgrade of another path as a plain request, then closes the connection', async () => {
    const answer = await rawExchange(
      server.url,
      `GET ${apiPaths.health.live} HTTP/1.1\r\nHost: x\r\n${HANDSHAKE}\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('"status":"ok"');
    // Whatever a plain GET there gets (here the web app's page or a 404), never a socket.
    const plain = await fetch(`${server.url}/socket/nothing-here`);
    const missing = await open(wsUrl('/socket/nothing-here'));
    expect(missing).toEqual({ opened: false, protocol: '', status: plain.status });
  });
});
