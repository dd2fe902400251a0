// Issue 16: two participants connected to different nodes are in one call with media both ways.
// Two real nodes (one PostgreSQL database, one Redis) each run their own Janus in one test
// namespace, with the repository's nginx front door before them (deploy/nginx, least_conn, no
// stickiness). Both pages reach Podium only through nginx: the host's socket lands on one node,
// which therefore runs the room, the guest's on the other, whose node link carries the guest's
// signalling (SDP and ICE included) to the first. Media goes browser ↔ the room node's Janus,
// so both must see and hear each other.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, apiPaths } from '@podium/protocol';
import { type ResolvedNetnsSpec, netnsDown } from '../src/media/index.ts';
import type { TestServer } from '../src/test-support/server.ts';
import { signUpAndLogin } from './events-support.ts';
import { createEvent, joinTicket, socketCredentials } from './signal-support.ts';
import { startTestNodes, type TestNodes } from './support/cluster.ts';
import { startFrontDoor, type FrontDoor } from './support/front-door.ts';
import { launchNetnsChromium } from './support/media-browser.ts';
import { createTestNamespace, mediaServerEnv } from './support/media-netns.ts';
import {
  installMediaClient,
  pageJoin,
  pagePublishCamera,
  pageRequest,
  pageStats,
} from './support/media-page.ts';

describe('two nodes, one call with media', () => {
  let spec: ResolvedNetnsSpec | undefined;
  let workDir: string | undefined;
  let cluster: TestNodes | undefined;
  let door: FrontDoor | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    spec = await createTestNamespace();
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-cluster-media-test-'));
    const ns = spec;
    cluster = await startTestNodes(2, (i) => ({
      // Each node's own Janus in the one namespace: its own UDP range and API port.
      ...mediaServerEnv(ns, { min: 32000 + i * 200, max: 32199 + i * 200 }),
      JANUS_WS_PORT: String(8290 + i * 100),
    }));
    // nginx on the namespace's host side, where the browsers reach it; no web app to serve.
    const webDist = path.join(workDir, 'no-web');
    await fs.mkdir(webDist);
    door = await startFrontDoor({
      nodes: cluster.nodes.map((n) => n.url),
      webDist,
      host: spec.hostIp,
    });
    context = await launchNetnsChromium(spec, workDir, door.url);
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    await door?.close();
    await cluster?.close();
    if (spec) await netnsDown(spec, { killProcesses: true });
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  async function openPage(credentials: string) {
    const page = await context!.newPage();
    await page.goto(`${door!.url}/healthz`);
    await installMediaClient(page);
    const participantId = await pageJoin(page, {
      socketUrl: door!.url.replace(/^http/, 'ws') + apiPaths.signal.socket,
      credentials,
      protocolVersion: PROTOCOL_VERSION,
    });
    return { page, participantId };
  }

  /** Frames and audio packets the page receives over `ms`. */
  async function receivedOver(page: Page, ms: number) {
    const start = await pageStats(page);
    await new Promise((resolve) => setTimeout(resolve, ms));
    const end = await pageStats(page);
    return { frames: end.frames - start.frames, audio: end.audioPackets - start.audioPackets };
  }

  async function expectMediaFlowing(page: Page): Promise<void> {
    await expect
      .poll(
        async () => {
          const window = await receivedOver(page, 1_000);
          return window.frames >= 5 && window.audio >= 10;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
  }

  it('through nginx, a host on one node and a guest on the other see and hear each other', async () => {
    const nodes = cluster!.nodes as [TestServer, TestServer];
    for (const node of nodes) expect(node.podium.media, 'each node runs its Janus').toBeDefined();

    // The account, event and credentials come from the first node's API (any node answers them
    // alike: cluster-limits and the front-door test cover HTTP across nodes); the sockets are what
    // this test sends through nginx.
    const api = nodes[0];
    const owner = await signUpAndLogin(api, 'nodes', 'Mai Trần');
    const event = await createEvent(api, owner.token);
    const hostCredentials = await socketCredentials(api, { alias: event.name }, owner.token);
    const guestCredentials = await socketCredentials(api, {
      ticket: await joinTicket(api, event.name, { name: 'Lan' }),
    });
    const host = await openPage(hostCredentials);
    const guest = await openPage(guestCredentials);

    // One node runs the room; the other opened none: it carries the guest over its node link.
    // The room's node holds two sockets (the host's and the link), the other the guest's.
    const sizes = nodes.map((n) => n.podium.signaling.registry.size);
    expect([...sizes].sort()).toEqual([0, 1]);
    const roomNode = sizes.indexOf(1);
    const [room, edge] = [nodes[roomNode]!, nodes[1 - roomNode]!];
    expect(room.podium.signaling.connections).toBe(2);
    expect(edge.podium.signaling.connections).toBe(1);

    // The guest may publish in a meeting; both publish camera and microphone.
    await pagePublishCamera(host.page);
    await pagePublishCamera(guest.page);
    const sending = { audio: true, video: true, screen: false };
    expect((await pageRequest(host.page, 'set_media_state', sending)).type).toBe('reply');
    expect((await pageRequest(guest.page, 'set_media_state', sending)).type).toBe('reply');

    await expectMediaFlowing(guest.page);
    await expectMediaFlowing(host.page);
    const hostStats = await pageStats(host.page);
    const guestStats = await pageStats(guest.page);
    expect(hostStats.feeds).toHaveLength(1);
    expect(guestStats.feeds).toHaveLength(1);
    expect(hostStats.errors).toEqual([]);
    expect(guestStats.errors).toEqual([]);
    // Both receive from the room node's Janus (its UDP range), the guest included.
    const range = { min: 32000 + roomNode * 200, max: 32199 + roomNode * 200 };
    for (const stats of [hostStats, guestStats]) {
      expect(stats.subscriberRemotePorts.length).toBeGreaterThan(0);
      expect(stats.subscriberRemotePorts[0]).toBeGreaterThanOrEqual(range.min);
      expect(stats.subscriberRemotePorts[0]).toBeLessThanOrEqual(range.max);
    }
    await Promise.all([host.page.close(), guest.page.close()]);
  }, 90_000);
});
