import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, VERIFY_CALL_MAX_FAILURES } from '@podium/protocol';
import { apiAt } from '../src/test-support/server.ts';
import { startTestNodes, type TestNodes } from './support/cluster.ts';
import { requestFrom, startFrontDoor, type FrontDoor } from './support/front-door.ts';
import { hoursFromNow, signUpAndLogin } from './events-support.ts';
import { greet } from './signal-support.ts';

const INLINE_SCRIPT = "document.documentElement.dataset.scheme = 'light';";
const ASSET = '/assets/app-Df3kQ9zA.js';
const ASSET_TEXT = `export const app = ${JSON.stringify('Podium '.repeat(200))};\n`;

/** A built web app as scripts/build-web.mjs leaves it: hashed assets with .br and .gz beside. */
async function makeWebDist(): Promise<string> {
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-front-door-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><script>${INLINE_SCRIPT}</script>` +
      `<script type="module" src="${ASSET}"></script></head><body></body></html>`,
  );
  const asset = path.join(dist, ASSET);
  await fs.writeFile(asset, ASSET_TEXT);
  await fs.writeFile(`${asset}.gz`, zlib.gzipSync(ASSET_TEXT));
  await fs.writeFile(`${asset}.br`, zlib.brotliCompressSync(ASSET_TEXT));
  return dist;
}

/** The helmet headers a node puts on every answer (http/security-headers.ts). */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

// Two real nodes on one PostgreSQL and one Redis behind Debian nginx running the repository's
// front door (deploy/nginx, rendered by its renderer), all on loopback (issue 16 item 3).
describe('the nginx front door over two nodes (deploy/nginx)', () => {
  let webDist: string;
  let hlsDir: string;
  let cluster: TestNodes;
  let door: FrontDoor;
  const nodeHost = (i: number) => new URL(cluster.nodes[i]!.url).host;
  /** Who answered each logged request for `uri` (nginx's upstream=; `-` when nginx itself). */
  const upstreamsOf = async (method: string, uri: string) =>
    (await door.accessLog())
      .filter((line) => line.includes(`"${method} ${uri}"`))
      .map((line) => /upstream=(.*?) upstream_status=/.exec(line)?.[1] ?? '?');

  beforeAll(async () => {
    webDist = await makeWebDist();
    hlsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-front-door-hls-'));
    cluster = await startTestNodes(2, {
      TRUST_PROXY: '1',
      WEB_DIST: webDist,
      HLS_DIR: hlsDir,
      // Only the per-address passcode limit in play, not the per-event one.
      VERIFY_CALL_EVENT_MAX_FAILURES: '1000',
    });
    door = await startFrontDoor({ nodes: cluster.nodes.map((n) => n.url), webDist });
  });
  afterAll(async () => {
    await door?.close();
    await cluster?.close();
    for (const dir of [webDist, hlsDir]) {
      if (dir) await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("spreads requests over both nodes, with no stickiness; the node logs nginx's request id", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await requestFrom('127.0.0.1', `${door.url}${apiPaths.health.live}`, {
        // A client's own id is replaced by nginx's.
        headers: { 'x-request-id': 'chosen-by-the-client' },
      });
      expect(res.status).toBe(200);
      ids.push(String(res.headers['x-request-id']));
    }
    await expect
      .poll(async () => new Set(await upstreamsOf('GET', apiPaths.health.live)))
      .toEqual(new Set([nodeHost(0), nodeHost(1)]));
    // The id the node answered with (and logs) is the one in nginx's line for the request.
    const logged = async () =>
      (await door.accessLog())
        .filter((line) => line.includes(`"GET ${apiPaths.health.live}"`))
        .map((line) => /id=(\S+)/.exec(line)?.[1]);
    await expect.poll(logged).toEqual(ids);
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it("serves hashed assets itself (immutable, precompressed, the node's security headers); documents come from the nodes", async () => {
    const br = await requestFrom('127.0.0.1', door.url + ASSET, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(ASSET_TEXT);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    const gz = await requestFrom('127.0.0.1', door.url + ASSET, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString('utf8')).toBe(ASSET_TEXT);
    // nginx answered both itself.
    await expect.poll(() => upstreamsOf('GET', ASSET)).toEqual(['-', '-']);

    // The same hardening as a node's own answer for the file, but for index.html's script
    // hashes (they allow inline scripts, which no asset has).
    const direct = await requestFrom('127.0.0.1', cluster.nodes[0]!.url + ASSET);
    const withoutHashes = (csp: unknown) => String(csp).replace(/ 'sha256-[^']+'/g, '');
    for (const name of SECURITY_HEADERS) {
      const want = name === 'content-security-policy' ? withoutHashes : String;
      expect(`${name}: ${want(br.headers[name])}`).toBe(`${name}: ${want(direct.headers[name])}`);
    }
    expect(br.headers['content-security-policy']).toContain("default-src 'self'");

    // Documents: the node's CSP names the hash of the inline script as built; not cached.
    for (const page of ['/', '/events/some-page']) {
      const doc = await requestFrom('127.0.0.1', door.url + page);
      expect(doc.status).toBe(200);
      expect(doc.headers['content-type']).toMatch(/^text\/html/);
      expect(doc.body.toString('utf8')).toContain(INLINE_SCRIPT);
      expect(doc.headers['cache-control']).toBe('no-cache');
      expect(doc.headers['content-security-policy']).toMatch(/script-src [^;]*'sha256-/);
      await expect
        .poll(() => upstreamsOf('GET', page))
        .toEqual([expect.stringMatching(/^127\.0\.0\.1:\d+$/)]);
    }
    // An asset not on nginx's disk is asked of a node (which answers the API's 404).
    const missing = await requestFrom('127.0.0.1', `${door.url}/assets/gone-0000.js`);
    expect(missing.status).toBe(404);
    expect(missing.json?.error?.code).toBeTruthy();
  });

  it('a client is counted by the address nginx saw, across both nodes; a forged X-Forwarded-For changes nothing', async () => {
    const viaDoor = { api: apiAt(door.url), podium: cluster.nodes[0]!.podium };
    const owner = await signUpAndLogin(viaDoor, 'door-owner');
    const created = await viaDoor.api(apiPaths.events.create, {
      body: { title: 'Front door', start_time: hoursFromNow(1), passcode: 'Right-123456' },
      token: owner.token,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const alias = created.body.name as string;
    const guess = (from: string, n: number, headers: Record<string, string> = {}) =>
      requestFrom(from, door.url + apiPaths.events.verifyCall, {
        body: { alias, passcode: `Wrong-${100000 + n}` },
        headers: { 'x-requested-with': 'XMLHttpRequest', ...headers },
      });

    for (let i = 0; i < VERIFY_CALL_MAX_FAILURES; i++) {
      const res = await guess('127.0.0.2', i);
      expect(res.status, JSON.stringify(res.json)).not.toBe(429);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    // The guesses were answered by both nodes: the count is shared (Redis), keyed on 127.0.0.2.
    await expect
      .poll(async () => new Set(await upstreamsOf('POST', apiPaths.events.verifyCall)))
      .toEqual(new Set([nodeHost(0), nodeHost(1)]));
    expect((await guess('127.0.0.2', 100)).status).toBe(429);
    // SECURITY: the client writes another address first; nginx appends the real one, which is
    // the one the nodes take (TRUST_PROXY=1 counts hops from the right).
    for (const forged of ['198.51.100.9', '198.51.100.9, 203.0.113.5']) {
      const res = await guess('127.0.0.2', 101, { 'x-forwarded-for': forged });
      expect(res.status, forged).toBe(429);
    }
    // Another client is not held back by the first one's guesses.
    const other = await guess('127.0.0.3', 102);
    expect(other.status).not.toBe(429);
    expect(other.status).toBeGreaterThanOrEqual(400);
  });

  it('the signaling socket goes through nginx; a node that dies: its sockets reconnect to the other and every request still answers', async () => {
    const viaDoor = { url: door.url, api: apiAt(door.url), podium: cluster.nodes[0]!.podium };
    const who = await signUpAndLogin(viaDoor, 'door-socket');
    const credentials = async () => {
      const auth = await viaDoor.api(apiPaths.signal.auth, { body: {}, token: who.token });
      expect(auth.status, JSON.stringify(auth.body)).toBe(200);
      return auth.body.credentials as string;
    };
    const first = await greet(viaDoor, await credentials());
    const holding = () => cluster.nodes.map((n) => n.podium.signaling.connections);
    const holder = holding().findIndex((n) => n > 0);
    expect(holder).toBeGreaterThanOrEqual(0);
    const survivor = 1 - holder;

    // The holder goes away: its socket is closed as "going away" through nginx.
    await cluster.nodes[holder]!.close();
    expect((await first.closed).code).toBe(1001);

    // The browser reconnects through nginx and lands on the node still running.
    const second = await greet(viaDoor, await credentials());
    expect(holding()[survivor]).toBe(1);
    second.ws.terminate();

    const before = (await door.accessLog()).length;
    for (let i = 0; i < 6; i++) {
      expect((await requestFrom('127.0.0.1', `${door.url}${apiPaths.health.live}`)).status).toBe(
        200,
      );
    }
    await expect
      .poll(async () => (await door.accessLog()).slice(before).length)
      .toBeGreaterThanOrEqual(6);
    const after = (await door.accessLog()).slice(before).filter((l) => l.includes('/healthz'));
    // Each answer came from the survivor (a line may first name the dead node, then it).
    for (const line of after) expect(line).toMatch(new RegExp(`${nodeHost(survivor)} upstream_`));
  });
  it('HLS through nginx: every playlist fetch reaches a node; a segment is fetched from a node once for all viewers', async () => {
    // A run is known to the node whose egress writes it until room ownership shares runs
    // (docs/deploy.md): one node is left (the test above stopped the other; stopped here if not).
    const alive = cluster.nodes.filter((n) => n.podium.app.server.listening);
    for (const n of alive.slice(1)) await n.close();
    const node = alive[0]!;
    const viaDoor = { api: apiAt(door.url), podium: node.podium };
    const owner = await signUpAndLogin(viaDoor, 'door-live');
    const created = await viaDoor.api(apiPaths.events.create, {
      body: { title: 'On air', start_time: hoursFromNow(1), mode: 'livestream' },
      token: owner.token,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const event = created.body as { id: string; name: string };
    // What the egress's HLS ffmpeg leaves: a playlist and 1 s segments in the run's folder.
    const live = node.podium.services.live;
    const { run, dir } = await live.prepare(event.id);
    const segment = Buffer.from('G'.repeat(188 * 10));
    await fs.writeFile(path.join(dir, 'segment-000000.ts'), segment);
    await fs.writeFile(
      path.join(dir, 'index.m3u8'),
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:0\n' +
        '#EXTINF:1.0,\nsegment-000000.ts\n',
    );
    live.onAir(event.id, run);

    /** A viewer: a join ticket, then a playback token (each viewer has their own). */
    const viewerToken = async () => {
      const ticket = await viaDoor.api(apiPaths.events.verifyCall, { body: { alias: event.name } });
      expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
      const playback = await viaDoor.api(apiPaths.live.playback, {
        body: { ticket: ticket.body.ticket },
      });
      expect(playback.status, JSON.stringify(playback.body)).toBe(200);
      return playback.body.token as string;
    };
    const base = `/live/${event.name}/hls`;
    const segmentPath = `${base}/${run}/segment-000000.ts`;
    for (const token of [await viewerToken(), await viewerToken()]) {
      const q = `?token=${encodeURIComponent(token)}`;
      const playlist = await requestFrom('127.0.0.1', `${door.url}${base}/index.m3u8${q}`);
      expect(playlist.status).toBe(200);
      expect(playlist.headers['cache-control']).toBe('private, no-cache');
      // Rewritten for this viewer: the segment carries this viewer's token.
      expect(playlist.body.toString('utf8')).toContain(`${run}/segment-000000.ts${q}`);
      const seg = await requestFrom('127.0.0.1', `${door.url}${segmentPath}${q}`);
      expect(seg.status).toBe(200);
      expect(seg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(seg.body.equals(segment)).toBe(true);
    }
    // Without a token the cache is skipped and the node refuses.
    expect((await requestFrom('127.0.0.1', door.url + segmentPath)).status).toBe(401);

    const cacheOf = async (uri: string) =>
      (await door.accessLog())
        .filter((line) => line.includes(`"GET ${uri}"`))
        .map((line) => /cache=(\S+)/.exec(line)?.[1]);
    await expect.poll(() => cacheOf(segmentPath)).toEqual(['MISS', 'HIT', 'BYPASS']);
    // Playlists are never kept: both went to the node.
    expect(await cacheOf(`${base}/index.m3u8`)).toEqual(['-', '-']);
    // (A line may first name the stopped node: nginx tries it again once fail_timeout is over.)
    const answeredBy = expect.stringMatching(new RegExp(`${new URL(node.url).host}$`));
    expect(await upstreamsOf('GET', `${base}/index.m3u8`)).toEqual([answeredBy, answeredBy]);
  });
});
