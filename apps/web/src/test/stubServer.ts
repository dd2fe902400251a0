import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** Raw text instead of JSON. */
  text?: string;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

/**
 * A stub HTTP server on loopback for client tests: answers by `METHOD path` and records every
 * request, so the client is exercised over the network rather than through a fetch stub. For the
 * answers the real server cannot be made to give (a 500, a malformed body); everything else runs
 * against the real server (test/appOverServer.ts, test/liveRoom.ts).
 */
export async function startStubServer(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as unknown) : undefined,
      };
      requests.push(recorded);
      const path = recorded.url.split('?')[0];
      const handler = routes[`${recorded.method} ${path}`];
      void Promise.resolve(
        handler
          ? handler(recorded)
          : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } },
      ).then((reply) => {
        const status = reply.status ?? 200;
        if (reply.text !== undefined) {
          res.writeHead(status, { 'content-type': 'text/plain' }).end(reply.text);
        } else if (reply.body === undefined) {
          res.writeHead(status).end();
        } else {
          res
            .writeHead(status, { 'content-type': 'application/json' })
            .end(JSON.stringify(reply.body));
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
