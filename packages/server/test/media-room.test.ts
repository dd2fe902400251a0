// The live room with real media: Podium starts its own Janus inside a test network namespace
// (MEDIA_NETNS), two Chromium pages in that namespace join one room through the real gateway
// (POST /member/v1/auth, /socket/member/v1) and one watches the other's camera and microphone.
// Then Janus is killed with SIGKILL mid-call: the server restarts it, rebuilds the room, tells
// both pages to `renegotiate`, and the media comes back on new connections without a reload.
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
  pageRenegotiateCamera,
  pageRequest,
  pageStats,
} from './support/media-page.ts';
import { startTestServer, type TestServer } from './support/server.ts';

describe('live room media through Janus', () => {
  let spec: ResolvedNetnsSpec | undefined;
  let workDir: string | undefined;
  let server: TestServer | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    spec = await createTestNamespace();
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-media-room-test-'));
    // The test cluster's PostgreSQL: quicker to open than PGlite on a busy machine.
    server = await startTestServer('postgres', {
      ...mediaServerEnv(spec, { min: 31000, max: 31199 }),
    });
    context = await launchNetnsChromium(spec, workDir, server.url);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (spec) await netnsDown(spec, { killProcesses: true });
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  async function openPage(credentials: string): Promise<{ page: Page; participantId: string }> {
    const page = await context!.newPage();
    // Any page of the server's origin will do: the client script brings its own socket.
    await page.goto(`${server!.url}/healthz`);
    await installMediaClient(page);
    const participantId = await pageJoin(page, {
      socketUrl: server!.url.replace(/^http/, 'ws') + apiPaths.signal.socket,
      credentials,
      protocolVersion: PROTOCOL_VERSION,
    });
    return { page, participantId };
  }

  /** A new event with its owner (host) and a guest, each in a page joined to the live room. */
  async function hostAndGuest() {
    const owner = await signUpAndLogin(server!, 'media', 'Mai Trần');
    const event = await createEvent(server!, owner.token);
    const hostCredentials = await socketCredentials(server!, { alias: event.name }, owner.token);
    const guestCredentials = await socketCredentials(server!, {
      ticket: await joinTicket(server!, event.name, { name: 'Lan' }),
    });
    const host = await openPage(hostCredentials);
    const guest = await openPage(guestCredentials);
    return { host, guest };
  }

  /** Frames and audio packets the page receives over `ms`. */
  async function receivedOver(page: Page, ms: number) {
    const start = await pageStats(page);
    await new Promise((resolve) => setTimeout(resolve, ms));
    const end = await pageStats(page);
    return { frames: end.frames - start.frames, audio: end.audioPackets - start.audioPackets };
  }

  /** Waits until the page decodes video and receives audio steadily (a 1 s window). */
  async function expectMediaFlowing(page: Page, ms = 15_000): Promise<void> {
    let last = { frames: 0, audio: 0 };
    try {
      await expect
        .poll(
          async () => {
            last = await receivedOver(page, 1_000);
            return last.frames >= 5 && last.audio >= 10;
          },
          { timeout: ms, interval: 100 },
        )
        .toBe(true);
    } catch (error) {
      // What arrived in the last second tells "nothing" (a connection lost) from "too little"
      // (a starved machine).
      const { errors } = await pageStats(page);
      throw new Error(
        `${(error as Error).message}; last second: ${JSON.stringify(last)}, page errors: ${JSON.stringify(errors)}`,
      );
    }
  }

  /**
   * Waits until `viewer` receives video `width` wide. When it does not, the failure says what
   * the sender was sending then (its layers' widths, frame rates and what limited them), which
   * tells a sender that shed a layer from a layer Janus did not relay.
   */
  async function expectWidth(viewer: Page, sender: Page, width: number, timeout: number) {
    try {
      await expect
        .poll(async () => (await pageStats(viewer)).frameWidth, { timeout, interval: 250 })
        .toBe(width);
    } catch (error) {
      const { sending } = await pageStats(sender);
      throw new Error(
        `${(error as Error).message}; the sender's layers: ${JSON.stringify(sending)}`,
      );
    }
  }

  it('one participant watches the other; after Janus dies the call resumes without a reload', async () => {
    const media = server!.podium.media;
    expect(media, 'the server started Janus').toBeDefined();

    const { host, guest } = await hostAndGuest();

    // The host publishes camera and microphone: publish_offer → answer, trickle both ways.
    await pagePublishCamera(host.page);
    // The guest hears of the feed (`feeds`), subscribes, answers Janus's offer and decodes.
    await expectMediaFlowing(guest.page);
    const before = await pageStats(guest.page);
    expect(before.feeds).toHaveLength(1);
    expect(before.subscriberConnections).toBe(1);
    expect(before.errors).toEqual([]);
    const feedId = before.feeds[0]!;

    // Janus dies hard, mid-call.
    const firstPid = media!.pid!;
    const firstGeneration = media!.generation;
    process.kill(firstPid, 'SIGKILL');

    // The server restarts Janus, rebuilds the room and asks both pages to renegotiate; the
    // host publishes on a new connection, the guest subscribes again on a new one.
    await expect
      .poll(async () => (await pageStats(guest.page)).subscriberConnections, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(2);
    await expectMediaFlowing(guest.page);

    expect(media!.generation).toBe(firstGeneration + 1);
    expect(media!.pid).not.toBe(firstPid);

    const hostAfter = await pageStats(host.page);
    const guestAfter = await pageStats(guest.page);
    // No reload: the page scripts that joined are the ones still running.
    expect(hostAfter.bootId).not.toBe('');
    expect(guestAfter.bootId).toBe(before.bootId);
    expect(hostAfter.renegotiations).toEqual([['camera']]);
    expect(hostAfter.publisherConnections).toBe(2);
    expect(guestAfter.renegotiations).toEqual([['subscriber']]);
    // The feed went away with the old Janus and came back under the same id.
    expect(guestAfter.feeds).toEqual([feedId]);
    expect(guestAfter.errors).toEqual([]);
    expect(hostAfter.errors).toEqual([]);
    await Promise.all([host.page.close(), guest.page.close()]);
  }, 60_000);

  it('Janus blocks what the rights no longer allow and lets it through again; renegotiation, replacement and ICE restart', async () => {
    const { host, guest } = await hostAndGuest();
    await pagePublishCamera(guest.page);
    const sending = { audio: true, video: true, screen: false };
    expect((await pageRequest(guest.page, 'set_media_state', sending)).type).toBe('reply');
    await expectMediaFlowing(host.page);

    // "Stop all cameras" is the client's to carry out (it may turn the camera on again at once,
    // as this page effectively does): Janus keeps forwarding what the rights still allow.
    expect((await pageRequest(host.page, 'stop_all_cameras', {})).type).toBe('reply');
    await expectMediaFlowing(host.page);

    // The host takes the guest off the stage: a guest in a meeting may not publish. This page
    // ignores what the room tells it and keeps sending; Janus drops its media regardless.
    const demote = { participant_id: guest.participantId, role: 'presenter', granted: false };
    expect((await pageRequest(host.page, 'set_role', demote)).type).toBe('reply');
    await new Promise((resolve) => setTimeout(resolve, 700));
    const blocked = await receivedOver(host.page, 1_500);
    expect(blocked.frames).toBeLessThan(3);
    expect(blocked.audio).toBeLessThan(5);

    // Back on the stage: the same connection carries media again, no renegotiation needed.
    const promote = { ...demote, granted: true };
    expect((await pageRequest(host.page, 'set_role', promote)).type).toBe('reply');
    await expectMediaFlowing(host.page);

    // A new offer on the same connection is a renegotiation; media keeps flowing.
    await pageRenegotiateCamera(guest.page);
    await expectMediaFlowing(host.page);

    // A new connection for the same source replaces the old one; the watcher follows the feed.
    await pagePublishCamera(guest.page);
    await expectMediaFlowing(host.page);
    // An ICE restart of the subscriber: a reply, then Janus's fresh offer, answered by the page.
    const offers = (await pageStats(host.page)).received.filter((t) => t === 'offer').length;
    expect((await pageRequest(host.page, 'ice_restart', { target: 'subscriber' })).type).toBe(
      'reply',
    );
    await expect
      .poll(async () => (await pageStats(host.page)).received.filter((t) => t === 'offer').length)
      .toBe(offers + 1);
    await expectMediaFlowing(host.page);

    const hostStats = await pageStats(host.page);
    expect(hostStats.feeds).toHaveLength(1);
    expect(hostStats.subscriberConnections).toBe(1);
    expect(hostStats.errors).toEqual([]);
    expect((await pageStats(guest.page)).errors).toEqual([]);
    await Promise.all([host.page.close(), guest.page.close()]);
  }, 40_000);

  it('a participant whose downlink is lossy receives a lower simulcast layer, then the top again', async () => {
    const { host, guest } = await hostAndGuest();
    await pagePublishCamera(host.page, { simulcast: true });
    const width = async () => (await pageStats(guest.page)).frameWidth;
    // Janus relays the top layer unless told otherwise.
    await expectWidth(guest.page, host.page, 1280, 20_000);

    // `receive_layer` 1: the middle layer of every video, with no renegotiation.
    const offers = (await pageStats(guest.page)).received.filter((t) => t === 'offer').length;
    expect((await pageRequest(guest.page, 'receive_layer', { layer: 1 })).type).toBe('reply');
    await expectWidth(guest.page, host.page, 640, 10_000);
    await expectMediaFlowing(guest.page);
    const offersNow = (await pageStats(guest.page)).received.filter((t) => t === 'offer').length;
    expect(offersNow).toBe(offers);
    // A camera published anew after that comes in at the chosen layer too (Janus starts every
    // new stream at the top).
    await pagePublishCamera(host.page, { simulcast: true });
    await expectMediaFlowing(guest.page);
    expect(await width()).toBe(640);

    expect((await pageRequest(guest.page, 'receive_layer', { layer: 2 })).type).toBe('reply');
    await expectWidth(guest.page, host.page, 1280, 10_000);
    const after = await pageStats(guest.page);
    expect(after.subscriberConnections).toBe(1);
    expect(after.errors).toEqual([]);
    await Promise.all([host.page.close(), guest.page.close()]);
  }, 60_000);

  it('a camera about to send fewer layers moves its viewers down first, then back up', async () => {
    const { host, guest } = await hostAndGuest();
    await pagePublishCamera(host.page, { simulcast: true });
    const width = async () => (await pageStats(guest.page)).frameWidth;
    await expectWidth(guest.page, host.page, 1280, 20_000);

    // `send_layer` 0 while the camera still sends every layer: the viewer is already on the
    // lowest one (the key frame the server asks for), so turning the others off costs nothing.
    expect((await pageRequest(host.page, 'send_layer', { layer: 0 })).type).toBe('reply');
    await expectWidth(guest.page, host.page, 320, 10_000);
    await expectMediaFlowing(guest.page);
    // The viewer's own choice cannot lift it above what the sender sends.
    expect((await pageRequest(guest.page, 'receive_layer', { layer: 1 })).type).toBe('reply');
    await expectMediaFlowing(guest.page);
    expect(await width()).toBe(320);

    // Every layer again: the lower of the two choices, the viewer's middle layer.
    expect((await pageRequest(host.page, 'send_layer', { layer: 2 })).type).toBe('reply');
    await expectWidth(guest.page, host.page, 640, 10_000);
    // At once after that, its own top layer: Janus ignores a second key-frame request within a
    // second of the first, so the server asks again; otherwise the switch waits for the room's
    // periodic request, 10 s.
    expect((await pageRequest(guest.page, 'receive_layer', { layer: 2 })).type).toBe('reply');
    await expectWidth(guest.page, host.page, 1280, 6_000);
    expect((await pageStats(guest.page)).errors).toEqual([]);
    await Promise.all([host.page.close(), guest.page.close()]);
  }, 60_000);
});
