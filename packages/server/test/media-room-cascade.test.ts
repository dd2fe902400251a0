// Cascaded Janus through the whole server: Podium started with JANUS_EDGES=1 runs two Janus
// instances in the test namespace; in a conference the host presents (camera and microphone on
// the origin, Janus A) and a guest of the audience, who publishes nothing, is placed on the edge
// (Janus B) and decodes the host's video over the remote-publisher path. Which Janus the guest's
// connection runs on is in the server's counts, and in the browser's own stats: the port of
// Janus's ICE candidate lies in B's share of the UDP range. The host sends simulcast: the guest
// gets the top layer over the cascade, and the middle one when it asks (`receive_layer`).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, apiPaths } from '@podium/protocol';
import { type ResolvedNetnsSpec, netnsDown } from '../src/media/index.ts';
import { signUpAndLogin } from './events-support.ts';
import { createEvent, joinTicket, socketCredentials } from './signal-support.ts';
import { launchNetnsChromium } from './support/media-browser.ts';
import { createTestNamespace, mediaServerEnv } from './support/media-netns.ts';
import {
  installMediaClient,
  pageJoin,
  pagePublishCamera,
  pageRequest,
  pageStats,
} from './support/media-page.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** 31600-31799 split in two: A's ICE ports 31600-31699, B's 31700-31774 (+ its forwards'). */
const EDGE_PORTS = { min: 31700, max: 31774 };

describe('a conference over cascaded Janus (JANUS_EDGES=1)', () => {
  let spec: ResolvedNetnsSpec | undefined;
  let workDir: string | undefined;
  let server: TestServer | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    spec = await createTestNamespace();
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-media-cascade-room-'));
    server = await startTestServer('postgres', {
      ...mediaServerEnv(spec, { min: 31600, max: 31799 }),
      JANUS_EDGES: '1',
    });
    context = await launchNetnsChromium(spec, workDir, server.url);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (spec) await netnsDown(spec, { killProcesses: true });
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  async function openPage(credentials: string): Promise<Page> {
    const page = await context!.newPage();
    await page.goto(`${server!.url}/healthz`);
    await installMediaClient(page);
    await pageJoin(page, {
      socketUrl: server!.url.replace(/^http/, 'ws') + apiPaths.signal.socket,
      credentials,
      protocolVersion: PROTOCOL_VERSION,
    });
    return page;
  }

  it("the audience's guest is placed on the edge Janus, decodes the presenter and picks a simulcast layer", async () => {
    const owner = await signUpAndLogin(server!, 'cascade', 'Mai Trần');
    const event = await createEvent(server!, owner.token, { mode: 'conference' });
    const host = await openPage(
      await socketCredentials(server!, { alias: event.name }, owner.token),
    );
    const guest = await openPage(
      await socketCredentials(server!, {
        ticket: await joinTicket(server!, event.name, { name: 'Lan' }),
      }),
    );

    // Simulcast, as the app publishes: the forward carries every layer (SSRC +1/+2 per layer)
    // and each viewer on the edge receives the one that fits its link.
    await pagePublishCamera(host, { simulcast: true });
    await expect
      .poll(
        async () => {
          const stats = await pageStats(guest);
          return stats.frames > 20 && stats.audioPackets > 20;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(true);
    const stats = await pageStats(guest);
    expect(stats.errors).toEqual([]);
    // The server's own account: the guest's subscription on the edge, fed by one forward.
    expect(server!.podium.mediaRooms?.cascadeStats()).toEqual({
      subscribers: [0, 1],
      feeds: 1,
      forwards: 1,
    });
    expect(stats.subscriberRemotePorts.length).toBeGreaterThan(0);
    for (const port of stats.subscriberRemotePorts) {
      expect(port).toBeGreaterThanOrEqual(EDGE_PORTS.min);
      expect(port).toBeLessThanOrEqual(EDGE_PORTS.max);
    }

    // The top layer first; `receive_layer` 1 gives the middle one, on the edge's subscription.
    const width = async () => (await pageStats(guest)).frameWidth;
    await expect.poll(width, { timeout: 20_000, interval: 250 }).toBe(1280);
    expect((await pageRequest(guest, 'receive_layer', { layer: 1 })).type).toBe('reply');
    await expect.poll(width, { timeout: 10_000, interval: 250 }).toBe(640);
  }, 60_000);
});
