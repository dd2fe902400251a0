// Issue 16: two participants connected to different nodes are in one call with media both ways.
// Two real nodes (one PostgreSQL database, one Redis) each run their own Janus in one test
// namespace; the host joins through node A, which therefore runs the room; the guest joins
// through node B, whose node link carries the guest's signalling (SDP and ICE included) to A.
// Media itself goes browser ↔ A's Janus, so both must see and hear each other.
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
    // Each page is on its own node's origin (its CSP allows sockets to itself only); both plain
    // http origins are treated as secure, so getUserMedia works on them.
    const origins = cluster.nodes.map((n) => n.url).join(',');
    context = await launchNetnsChromium(spec, workDir, origins);
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    await cluster?.close();
    if (spec) await netnsDown(spec, { killProcesses: true });
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  async function openPage(node: TestServer, credentials: string) {
    const page = await context!.newPage();
    await page.goto(`${node.url}/healthz`);
    await installMediaClient(page);
    const participantId = await pageJoin(page, {
      socketUrl: node.url.replace(/^http/, 'ws') + apiPaths.signal.socket,
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

  it('a host on node A and a guest on node B see and hear each other', async () => {
    const [a, b] = cluster!.nodes as [TestServer, TestServer];
    expect(a.podium.media, 'node A started its Janus').toBeDefined();
    expect(b.podium.media, 'node B started its Janus').toBeDefined();

    const owner = await signUpAndLogin(a, 'nodes', 'Mai Trần');
    const event = await createEvent(a, owner.token);
    const hostCredentials = await socketCredentials(a, { alias: event.name }, owner.token);
    const guestCredentials = await socketCredentials(b, {
      ticket: await joinTicket(b, event.name, { name: 'Lan' }),
    });
    const host = await openPage(a, hostCredentials);
    const guest = await openPage(b, guestCredentials);

    // The room runs on A only: B carries the guest to it rather than opening a room of its own.
    expect(a.podium.signaling.registry.size).toBe(1);
    expect(b.podium.signaling.registry.size).toBe(0);

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
    // Both subscribers talk to the same Janus (A's): the same media server ports.
    expect(guestStats.subscriberRemotePorts.length).toBeGreaterThan(0);
    expect(guestStats.subscriberRemotePorts[0]).toBeGreaterThanOrEqual(32000);
    expect(guestStats.subscriberRemotePorts[0]).toBeLessThanOrEqual(32199);
    await Promise.all([host.page.close(), guest.page.close()]);
  }, 90_000);
});
