import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long connections get to finish what they are doing once the server shuts down. */
export const SHUTDOWN_GRACE_MS = 2000;
/** How often idle keep-alive connections are closed while the server shuts down. */
const IDLE_SWEEP_MS = 200;

/**
 * Keeps a server's shutdown bounded. Node's `server.close()` closes the keep-alive connections
 * idle at that moment, but a request that was still being answered then (or arrived on a
 * kept-alive connection while the preClose hooks ran) leaves its connection open until the
 * keep-alive timeout — 72 s in Fastify — and `close()` waits for it. Upgraded sockets are not
 * tracked by Node at all: a client that reconnects while the server closes, or never answers the
 * close handshake, would keep it waiting forever.
 *
 * `begin()` (from a preClose hook) closes idle connections every 200 ms until the server has
 * closed, and after the grace closes every connection and upgraded socket still open.
 */
export function boundShutdown(server: Server, graceMs = SHUTDOWN_GRACE_MS): { begin(): void } {
  const upgraded = new Set<Socket>();
  server.on('upgrade', (_request, socket: Socket) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  let begun = false;
  return {
    begin() {
      if (begun) return;
      begun = true;
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      const last = setTimeout(() => {
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
      }, graceMs);
      sweep.unref();
      last.unref();
      server.once('close', () => {
        clearInterval(sweep);
        clearTimeout(last);
      });
    },
  };
}
