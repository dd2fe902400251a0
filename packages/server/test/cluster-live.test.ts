import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@podium/protocol';
import type { RoomLease } from '../src/cluster/leases.ts';
import { startTestNodes, type TestNodes } from './support/cluster.ts';
import { writeHls } from './support/hls-output.ts';
import { hoursFromNow, signUpAndLogin } from './events-support.ts';

// The watch page of a room on air on node A, reached through node B (issue 16): B has no run of
// the room and no files (each node its own HLS_DIR), A holds the room's lease.
describe('the watch page on any node (two nodes, PostgreSQL + Redis)', () => {
  let cluster: TestNodes;
  const dirs: string[] = [];
  let event: { id: string; name: string };
  let run: string;
  let runDir: string;
  let lease: RoomLease | null = null;
  const a = () => cluster.nodes[0]!;
  const b = () => cluster.nodes[1]!;
  /** A plain GET, as a player makes it (no X-Requested-With). */
  const get = (node: { url: string }, p: string, headers: Record<string, string> = {}) =>
    fetch(node.url + p, { headers });
  const playlistPath = (token: string) =>
    `/live/${event.name}/hls/index.m3u8?token=${encodeURIComponent(token)}`;
  const statusOf = async (node: { api: TestNodes['nodes'][number]['api'] }) =>
    (await node.api(`${apiPaths.live.status}?alias=${event.name}`)).body as {
      live: boolean;
      viewers: number;
    };
  const playbackToken = async (node: TestNodes['nodes'][number]) => {
    const ticket = await node.api(apiPaths.events.verifyCall, { body: { alias: event.name } });
    const res = await node.api(apiPaths.live.playback, { body: { ticket: ticket.body.ticket } });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      dirs.push(await fs.mkdtemp(path.join(os.tmpdir(), `podium-cluster-hls-${i}-`)));
    }
    cluster = await startTestNodes(2, (i) => ({ HLS_DIR: dirs[i]! }));
    const owner = await signUpAndLogin(a(), 'cluster-live');
    const created = await a().api(apiPaths.events.create, {
      body: { title: 'Hai nút', start_time: hoursFromNow(1), mode: 'livestream' },
      token: owner.token,
    });
    expect(created.status).toBe(201);
    event = created.body as { id: string; name: string };
    // A runs the room (as when its first participant joined there) and puts it on air.
    lease = await a().podium.services.cluster.leases.claim(event.id);
    expect(lease).not.toBeNull();
    const live = a().podium.services.live;
    ({ run, dir: runDir } = await live.prepare(event.id));
    await writeHls(runDir);
    live.onAir(event.id, run);
  }, 60_000);
  afterAll(async () => {
    await lease?.release();
    await cluster?.close();
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  it("through B: on air, a playlist with the viewer's token, A's segment bytes, each viewer counted once by A", async () => {
    expect(await statusOf(b())).toMatchObject({ live: true });
    const viaB = await playbackToken(b());
    const viaA = await playbackToken(a());

    const res = await get(b(), playlistPath(viaB));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const uris = (await res.text()).split('\n').filter((l) => l && !l.startsWith('#'));
    expect(uris.length).toBeGreaterThanOrEqual(2);
    for (const uri of uris) {
      expect(uri).toMatch(
        new RegExp(`^${run}/segment-\\d{6}\\.ts\\?token=${encodeURIComponent(viaB)}$`),
      );
    }
    // The same viewer again through B, another one straight on A: two viewers on A's count.
    expect((await get(b(), playlistPath(viaB))).status).toBe(200);
    expect((await get(a(), playlistPath(viaA))).status).toBe(200);
    expect(a().podium.services.live.viewers(event.id)).toBe(2);
    expect(b().podium.services.live.viewers(event.id)).toBe(0);
    // B's status is A's: the room's total (after the status's short caches).
    await expect
      .poll(async () => (await statusOf(b())).viewers, { timeout: 8000, interval: 500 })
      .toBe(2);

    const segment = await get(b(), `/live/${event.name}/hls/${uris[0]}`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect(segment.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await segment.arrayBuffer());
    const onA = await fs.readFile(path.join(runDir, 'segment-000000.ts'));
    expect(bytes.equals(onA)).toBe(true);
    expect(segment.headers.get('content-length')).toBe(String(onA.length));
    // B wrote and holds nothing of the run: the files are A's alone.
    expect(await fs.readdir(dirs[1]!)).toEqual([]);
  });

  it('B refuses by itself what A would refuse; a client cannot pose as a node', async () => {
    const token = await playbackToken(b());
    // No token, or a forged one: refused on B, never sent on.
    for (const bad of ['', '?token=garbage']) {
      const res = await get(b(), `/live/${event.name}/hls/index.m3u8${bad}`);
      expect(res.status).toBe(401);
    }
    const base = `/live/${event.name}/hls`;
    for (const p of [
      `${base}/${run}/..%2F..%2Fsecret.ts`,
      `${base}/${run}/index.m3u8.bak`,
      `${base}/AAAAAAAAAAAAAAAAAAAAAAAA/segment-000000.ts`,
    ]) {
      const res = await get(b(), `${p}?token=${encodeURIComponent(token)}`);
      expect([400, 404], p).toContain(res.status);
    }
    // A header claiming to come from a node, unsigned: B treats the request as a client's
    // (sent on, answered by A); A treats it as a client's too (answered as for anyone).
    const forged = { 'x-podium-node-link': `v1.${Date.now()}.MTI3LjAuMC4x.forged` };
    expect((await get(b(), playlistPath(token), forged)).status).toBe(200);
    expect((await get(a(), playlistPath(token), forged)).status).toBe(200);
  });

  it("A does not count B's requests against B's address: a player through B gets B's limit, not half of it", async () => {
    // 1,200 playlist requests a minute per address. Here client and B share 127.0.0.1, so if A
    // counted what B sent on (already counted by B, through Redis) each would count twice.
    const token = await playbackToken(b());
    const statuses: number[] = [];
    for (let i = 0; i < 65; i++) {
      const batch = Array.from({ length: 10 }, () => get(b(), playlistPath(token)));
      for (const res of await Promise.all(batch)) {
        statuses.push(res.status);
        await res.body?.cancel();
      }
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('off air on A: off air on B', async () => {
    const token = await playbackToken(b());
    a().podium.services.live.offAir(event.id, run);
    const res = await get(b(), playlistPath(token));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { key: string } }).error.key).toBe('live.offline');
    await expect
      .poll(async () => (await statusOf(b())).live, { timeout: 8000, interval: 500 })
      .toBe(false);
    expect(await statusOf(b())).toMatchObject({ live: false, viewers: 0 });
  });
});
