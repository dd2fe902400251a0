import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@podium/protocol';
import { startTestServer } from './support/server.ts';

/** Opens a raw connection to the server and collects what it answers. */
async function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  return { socket, closed, received: () => received };
}

/**
 * A shutdown ends even when clients do not: a restart (or a test's afterAll) must not wait on a
 * kept-alive connection or a socket that never finishes closing.
 */
describe('server shutdown', () => {
  it('closes a kept-alive connection whose request was being answered as the shutdown began', async () => {
    const server = await startTestServer('pglite');
    const client = await rawConnection(server.url);
    // A sign-up takes a while (the password is hashed): the connection is busy when the server's
    // own close runs, so that close leaves it open; once answered it stays kept alive.
    const body = JSON.stringify({
      email: 'shutdown@example.test',
      username: 'u_shutdown',
      password: 'pw-shutdown-secret',
      full_name: 'Shut Down',
    });
    const arrived = new Promise((resolve) => server.podium.app.server.once('request', resolve));
    client.socket.write(
      'POST /api/v1/user/signup HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n' +
        'X-Requested-With: XMLHttpRequest\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await arrived;
    await server.close();
    // It was answered, then closed, well before Fastify's 72 s keep-alive timeout.
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 201/);
  }, 20_000);

  it('ends a signaling socket that never answers the close handshake', async () => {
    const server = await startTestServer('pglite');
    const client = await rawConnection(server.url);
    client.socket.write(
      `GET ${apiPaths.signal.socket} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n` +
        'Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    await expect.poll(() => client.received()).toMatch(/^HTTP\/1\.1 101/);
    // This client reads the server's close frame but never sends its own.
    await server.close();
    await client.closed;
    expect(client.socket.destroyed).toBe(true);
  }, 20_000);
});
