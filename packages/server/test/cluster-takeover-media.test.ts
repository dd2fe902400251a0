// Issue 16 item 1, the last bullet with media: the node that runs a room dies (SIGKILL, its Janus
// with it, as when the machine goes), another node runs the room within 10 s, and the people in
// it see and hear each other again without a reload, their media now through the new owner's
// Janus. Two node processes (one PostgreSQL database, one Redis), each supervising its own Janus
// in one test namespace; both pages are on node B while the room runs on node A (a first
// participant joined through A), so their media goes browser ↔ A's Janus until A dies.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PROTOCOL_VERSION, apiPaths } from '@podium/protocol';
import { type ResolvedNetnsSpec, netnsDown } from '../src/media/index.ts';
import { startTestRedis, type TestRedis } from '../src/test-support/redis-server.ts';
import { signUpAndLogin } from './events-support.ts';
import {
  createEvent,
  joinRoom,
  joinTicket,
  socketCredentials,
  type ApiLike,
  type SignalClient,
} from './signal-support.ts';
import { launchNetnsChromium } from './support/media-browser.ts';
import { createTestNamespace, isAlive, mediaServerEnv } from './support/media-netns.ts';
import {
  installMediaClient,
  pageJoin,
  pagePublishCamera,
  pageRequest,
  pageStats,
} from './support/media-page.ts';
import {
  janusPids,
  killNodeProcess,
  startNodeProcess,
  type NodeProcess,
} from './support/node-process.ts';

/** Each node's Janus: its own API port and UDP range in the one namespace. */
const JANUS = [
  { ws: 8490, min: 32400, max: 32599 },
  { ws: 8590, min: 32600, max: 32799 },
] as const;

describe('media after the owner node dies (two node processes, each with its Janus)', () => {
  let spec: ResolvedNetnsSpec | undefined;
  let redis: TestRedis | undefined;
  let context: BrowserContext | undefined;
  const nodes: { node: NodeProcess; dataDir: string }[] = [];
  const sockets: SignalClient[] = [];
  const dirs: string[] = [];

  async function database(): Promise<string> {
    const adminUrl = inject('pgUrl');
    const name = `podium_takeover_media_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    return adminUrl.replace(/\/postgres$/, `/${name}`);
  }

  async function startNode(
    ns: ResolvedNetnsSpec,
    index: 0 | 1,
    env: Record<string, string>,
  ): Promise<{ node: NodeProcess; dataDir: string }> {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-takeover-media-'));
    dirs.push(dataDir);
    const janus = JANUS[index];
    const node = await startNodeProcess({
      ...env,
      DATA_DIR: dataDir,
      // Janus in the namespace, the node on its host side (where the browsers reach it).
      ...mediaServerEnv(ns, { min: janus.min, max: janus.max }),
      JANUS_WS_PORT: String(janus.ws),
    });
    const started = { node, dataDir };
    nodes.push(started);
    return started;
  }

  beforeAll(async () => {
    spec = await createTestNamespace();
    const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-takeover-media-test-'));
    dirs.push(workDir);
    redis = await startTestRedis();
    const env = { REDIS_URL: redis.url, DATABASE_URL: await database() };
    // One after the other: the first migrates the database.
    await startNode(spec, 0, env);
    await startNode(spec, 1, env);
    context = await launchNetnsChromium(spec, workDir, nodes[1]!.node.server.url);
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await context?.close();
    await Promise.allSettled(nodes.map((n) => killNodeProcess(n.node)));
    // A SIGKILLed node leaves its Janus behind; the namespace's teardown kills what is left.
    if (spec) await netnsDown(spec, { killProcesses: true });
    await redis?.stop();
    await Promise.allSettled(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
  });

  async function openPage(server: ApiLike, credentials: string) {
    const page = await context!.newPage();
    await page.goto(`${server.url}/healthz`);
    await installMediaClient(page);
    await pageJoin(page, {
      socketUrl: server.url.replace(/^http/, 'ws') + apiPaths.signal.socket,
      credentials,
      protocolVersion: PROTOCOL_VERSION,
      reconnect: true,
    });
    await pagePublishCamera(page);
    const sending = { audio: true, video: true, screen: false };
    expect((await pageRequest(page, 'set_media_state', sending)).type).toBe('reply');
    return page;
  }

  /** Waits until the page decodes video and receives audio steadily (a 1 s window). */
  async function expectMediaFlowing(page: Page): Promise<void> {
    await expect
      .poll(
        async () => {
          const start = await pageStats(page);
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          const end = await pageStats(page);
          return end.frames - start.frames >= 5 && end.audioPackets - start.audioPackets >= 10;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
  }

  it('both pages on the surviving node are back in the call and see and hear each other through its Janus, without a reload', async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const owner = await signUpAndLogin(a.node.server, 'takeovermedia', 'Mai Trần');
    const event = await createEvent(a.node.server, owner.token);
    // The room runs on node A: a first participant joins there.
    const first = await joinRoom(
      a.node.server,
      await socketCredentials(a.node.server, {
        ticket: await joinTicket(a.node.server, event.name, { name: 'Đầu tiên' }),
      }),
    );
    sockets.push(first.client);

    const hostCredentials = await socketCredentials(
      b.node.server,
      { alias: event.name },
      owner.token,
    );
    const guestCredentials = await socketCredentials(b.node.server, {
      ticket: await joinTicket(b.node.server, event.name, { name: 'Lan' }),
    });
    const host = await openPage(b.node.server, hostCredentials);
    const guest = await openPage(b.node.server, guestCredentials);
    await expectMediaFlowing(guest);
    await expectMediaFlowing(host);
    const inRange = (ports: number[], janus: (typeof JANUS)[number]) =>
      ports.length > 0 && ports.every((p) => p >= janus.min && p <= janus.max);
    // Before: both pages' media goes through A's Janus (B only carries their signalling).
    expect(inRange((await pageStats(guest)).subscriberRemotePorts, JANUS[0])).toBe(true);
    expect(inRange((await pageStats(host)).subscriberRemotePorts, JANUS[0])).toBe(true);
    const before = { host: await pageStats(host), guest: await pageStats(guest) };

    // Node A dies with its Janus, as when its machine goes.
    const janusOfA = await janusPids(a.dataDir);
    expect(janusOfA).toHaveLength(1);
    const killedAt = Date.now();
    await killNodeProcess(a.node);
    for (const pid of janusOfA) process.kill(pid, 'SIGKILL');

    // Each page: back in the room (a fresh join after its refused resume), then decoding again.
    const times = { host: { room: 0, video: 0 }, guest: { room: 0, video: 0 } };
    await expect
      .poll(
        async () => {
          for (const [name, page] of [
            ['host', host],
            ['guest', guest],
          ] as const) {
            const s = await pageStats(page);
            if (!times[name].room && s.rejoinedAt.length > 0) {
              times[name].room = s.rejoinedAt[0]! - killedAt;
            }
            if (!times[name].video && s.subscriberConnections > 1 && s.frames > 0) {
              times[name].video = Date.now() - killedAt;
            }
          }
          return times.host.video > 0 && times.guest.video > 0;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
    process.stdout.write(
      `takeover with media: back in the room on B after ${times.host.room} ms (host) and ` +
        `${times.guest.room} ms (guest); decoding video again after ${times.host.video} ms ` +
        `(host) and ${times.guest.video} ms (guest) after SIGKILL\n`,
    );
    expect(Math.max(times.host.room, times.guest.room)).toBeLessThan(10_000);
    for (const pid of janusOfA) expect(isAlive(pid)).toBe(false);

    await expectMediaFlowing(guest);
    await expectMediaFlowing(host);
    const after = { host: await pageStats(host), guest: await pageStats(guest) };
    for (const name of ['host', 'guest'] as const) {
      // No reload: the page scripts that joined are the ones still running.
      expect(after[name].bootId).toBe(before[name].bootId);
      // Node B told them to reconnect; their resume was refused and they joined anew once.
      expect(after[name].closeCodes).toEqual([1012]);
      expect(after[name].rejoinedAt).toHaveLength(1);
      expect(after[name].publisherConnections).toBe(2);
      expect(after[name].feeds).toHaveLength(1);
      // Media now through B's Janus.
      expect(inRange(after[name].subscriberRemotePorts, JANUS[1])).toBe(true);
      expect(after[name].errors).toEqual([]);
    }
    await Promise.all([host.close(), guest.close()]);
  }, 90_000);
});
