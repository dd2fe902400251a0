import type { FastifyInstance } from 'fastify';

/**
 * The recorder page streams to the egress process's ingest socket, on another port than the
 * page. SECURITY: only the recorder page's own document (`/egress/…`) may connect there — its
 * Content-Security-Policy gets that one address (loopback, or the media namespace's host side)
 * added to `connect-src`; every other page keeps the site's policy.
 * The hook runs on every answer of the server, so it is `done`-style: an async hook would cost
 * each of them a promise (issue 11, the request path).
 */
export function allowRecorderIngest(app: FastifyInstance, ingestHost: string): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.url.startsWith('/egress/')) {
      done(null, payload);
      return;
    }
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && csp.includes('connect-src')) {
      reply.header(
        'content-security-policy',
        csp
          .replace(/connect-src ([^;]*)/, `connect-src $1 ws://${ingestHost}:*`)
          // The egress opens the page over plain http on a private address (an https
          // PUBLIC_URL's upgrade would send its assets and socket to a TLS port that is not there).
          .replace(/;?\s*upgrade-insecure-requests/, ''),
      );
    }
    done(null, payload);
  });
}
