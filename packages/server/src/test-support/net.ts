import net from 'node:net';

/**
 * A port free on `host` right now, for a child process that must be told its port up front
 * (PostgreSQL, a server in its own process). Another process may take it before the child
 * binds; in-process servers listen on port 0 instead.
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
