import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allApiPaths, apiPaths } from '@podium/protocol';
import { isApiPath } from '../src/app.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * The full paths of Fastify's route tree. `printRoutes({ commonPrefix: false })` draws one line
 * per tree node: `├── /segment (GET, HEAD)`, indented four characters per level, each node's
 * text continuing its parent's path.
 */
function registeredPaths(tree: string): string[] {
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack.push(path);
    // A node without methods only groups its children.
    if (match[3]) paths.push(path);
  }
  return paths;
}

describe('REST paths', () => {
  let server: TestServer;
  // Development tools on (NODE_ENV=test), so the dev-only routes are registered too. No web
  // build: its files would each be a static route, and they are not part of the API.
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      WEB_DIST: path.join(os.tmpdir(), 'podium-no-web-build'),
    });
  });
  afterAll(() => server.close());

  it('reads the route tree (the parser keeps up with Fastify)', () => {
    const paths = registeredPaths(server.podium.app.printRoutes({ commonPrefix: false }));
    expect(paths).toContain('/api/account/sessions/revoke-others');
    expect(paths).toContain('/dev/outbox.json');
    expect(paths).toContain('/api/storage/file/:id');
  });

  it('the server registers exactly the paths of the protocol, no more, no fewer', () => {
    const registered = new Set(
      registeredPaths(server.podium.app.printRoutes({ commonPrefix: false })),
    );
    const declared = new Set<string>(allApiPaths());
    expect([...registered].filter((p) => !declared.has(p)).sort()).toEqual([]);
    expect([...declared].filter((p) => !registered.has(p)).sort()).toEqual([]);
  });

  it('treats every API path as the API (X-Requested-With, JSON errors), and only those', () => {
    // Pages, probes and the socket are not: a browser or a probe opens them without the header.
    const outside = new Set<string>([
      ...Object.values(apiPaths.health),
      ...Object.values(apiPaths.dev),
      apiPaths.domain.list,
      apiPaths.signal.socket,
      // Players and CDNs fetch HLS with plain GETs (the token is in the query).
      ...Object.values(apiPaths.hls),
      // …and EventSource opens the audience chat's stream the same way (it only reads).
      apiPaths.live.chatEvents,
    ]);
    for (const route of allApiPaths()) {
      expect(isApiPath(route.replace(':id', 'x')), route).toBe(!outside.has(route));
    }
  });
});
