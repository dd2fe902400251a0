// Media really flows through Podium's Janus: headless Chromium (inside the test namespace, as in
// notes/media-janus.md) publishes fake camera and microphone through the typed client, then
// subscribes to itself through a second PeerConnection and decodes frames. The server side here
// plays the signaling role: every SDP and candidate goes through VideoRoomHandle.
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type IceCandidate,
  MediaServer,
  type ResolvedNetnsSpec,
  type SessionDescription,
  type VideoRoomEvents,
  type VideoRoomHandle,
  netnsDown,
} from '../src/media/index.ts';
import { createTestNamespace } from './support/media-netns.ts';
import { launchNetnsChromium } from './support/media-browser.ts';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

type PcName = 'pub' | 'sub';

/**
 * The slice of the browser's API the page code uses. The server project compiles without DOM
 * types (so server code cannot use them by accident); page functions cast globalThis to this.
 */
interface Pc {
  remoteDescription: SessionDescription | null;
  localDescription: SessionDescription | null;
  onicecandidate: ((event: { candidate: { toJSON(): IceCandidate } | null }) => void) | null;
  addTrack(track: unknown, stream: unknown): void;
  createOffer(): Promise<SessionDescription>;
  createAnswer(): Promise<SessionDescription>;
  setLocalDescription(description: SessionDescription): Promise<void>;
  setRemoteDescription(description: SessionDescription): Promise<void>;
  addIceCandidate(candidate?: IceCandidate): Promise<void>;
  getStats(): Promise<{
    forEach(
      cb: (s: {
        type: string;
        kind?: string;
        framesDecoded?: number;
        packetsReceived?: number;
      }) => void,
    ): void;
  }>;
}
interface PageGlobals {
  RTCPeerConnection: new () => Pc;
  navigator: {
    mediaDevices: {
      getUserMedia(constraints: object): Promise<{ getTracks(): unknown[] }>;
    };
  };
  pcs: Record<PcName, Pc>;
  /** Janus candidates that arrived before the remote description. */
  pending: Record<PcName, (IceCandidate | null)[]>;
  podiumCandidate(pc: PcName, candidate: IceCandidate | null): void;
  setRemote(pc: PcName, description: SessionDescription): Promise<void>;
  addRemoteCandidate(pc: PcName, candidate: IceCandidate | null): Promise<void>;
}

function waitFor<K extends keyof VideoRoomEvents>(
  handle: VideoRoomHandle,
  event: K,
  accept: (payload: VideoRoomEvents[K]) => boolean = () => true,
  ms = 15_000,
): Promise<VideoRoomEvents[K]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const off = handle.on(event, (payload) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      off();
      resolve(payload);
    });
  });
}

describe('WebRTC through Janus with the typed client', () => {
  let spec: ResolvedNetnsSpec | undefined;
  let workDir: string | undefined;
  let media: MediaServer | undefined;
  let web: http.Server | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let origin: string;

  beforeAll(async () => {
    spec = await createTestNamespace();
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-webrtc-test-'));
    media = await MediaServer.create({
      logger,
      network: { mode: 'netns', netns: spec },
      workDir,
      rtpPortRange: { min: 30000, max: 30099 },
    });

    // The page's origin is on the host side of the link, the only address the browser can reach.
    web = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>media</title>');
    });
    await new Promise<void>((resolve) => web!.listen(0, spec!.hostIp, resolve));
    origin = `http://${spec.hostIp}:${(web.address() as { port: number }).port}`;

    // Chromium runs inside the namespace, so its media stays there too.
    context = await launchNetnsChromium(spec, workDir, origin);
    page = context.pages()[0] ?? (await context.newPage());
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await media?.close();
    await new Promise((resolve) => (web ? web.close(resolve) : resolve(undefined)));
    if (spec) await netnsDown(spec, { killProcesses: true });
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  it('publishes a camera and microphone and receives them back through a subscription', async () => {
    const client = await media!.whenReady();
    const session = await client.createSession();
    const admin = await session.attachVideoRoom();
    await admin.createRoom({ roomId: 'rtc', secret: 'rtc-secret', maxPublishers: 2 });
    const publisher = await session.attachVideoRoom();
    const subscriber = await session.attachVideoRoom();
    const handles: Record<PcName, VideoRoomHandle> = { pub: publisher, sub: subscriber };

    // Browser candidates → Janus; Janus candidates → browser.
    await page.goto(origin);
    await page.exposeFunction('podiumCandidate', (pc: PcName, candidate: IceCandidate | null) => {
      void handles[pc].trickle(candidate);
    });
    for (const name of ['pub', 'sub'] as const) {
      handles[name].on('candidate', ({ candidate }) => {
        void page.evaluate(
          ([pc, c]) => (globalThis as unknown as PageGlobals).addRemoteCandidate(pc, c),
          [name, candidate] as const,
        );
      });
    }
    await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      g.pcs = { pub: new g.RTCPeerConnection(), sub: new g.RTCPeerConnection() };
      g.pending = { pub: [], sub: [] };
      for (const name of ['pub', 'sub'] as const) {
        g.pcs[name].onicecandidate = (e) =>
          g.podiumCandidate(name, e.candidate ? e.candidate.toJSON() : null);
      }
      // Candidates may overtake the description they belong to; hold them until it is set.
      g.addRemoteCandidate = async (name, candidate) => {
        const pc = g.pcs[name];
        if (!pc.remoteDescription) g.pending[name].push(candidate);
        else await pc.addIceCandidate(candidate ?? undefined);
      };
      g.setRemote = async (name, description) => {
        await g.pcs[name].setRemoteDescription(description);
        for (const c of g.pending[name].splice(0))
          await g.pcs[name].addIceCandidate(c ?? undefined);
      };
    });

    const joined = await publisher.joinAsPublisher({ roomId: 'rtc', display: 'Camera' });
    const offer = await page.evaluate(async () => {
      const g = globalThis as unknown as PageGlobals;
      const stream = await g.navigator.mediaDevices.getUserMedia({ audio: true, video: true });
      for (const track of stream.getTracks()) g.pcs.pub.addTrack(track, stream);
      await g.pcs.pub.setLocalDescription(await g.pcs.pub.createOffer());
      const d = g.pcs.pub.localDescription!;
      return { type: d.type, sdp: d.sdp };
    });
    const published = waitFor(publisher, 'webrtcUp');
    const videoIn = waitFor(publisher, 'media', (m) => m.kind === 'video' && m.receiving);
    const answer = await publisher.publish({ offer, display: 'Camera' });
    expect(answer.type).toBe('answer');
    expect(answer.sdp).toMatch(/VP8/);
    await page.evaluate((a) => (globalThis as unknown as PageGlobals).setRemote('pub', a), answer);
    await published;
    await videoIn;

    const feed = (await admin.listParticipants('rtc')).find((p) => p.feedId === joined.feedId);
    expect(feed).toMatchObject({ publishing: true, display: 'Camera' });

    const subscription = await subscriber.joinAsSubscriber({
      roomId: 'rtc',
      streams: [{ feedId: joined.feedId }],
      privateId: joined.privateId,
    });
    expect(subscription.streams.map((s) => s.kind).sort()).toEqual(['audio', 'video']);
    expect(subscription.streams.every((s) => s.feedId === joined.feedId)).toBe(true);
    const subscribed = waitFor(subscriber, 'webrtcUp');
    const subAnswer = await page.evaluate(async (o) => {
      const g = globalThis as unknown as PageGlobals;
      await g.setRemote('sub', o);
      await g.pcs.sub.setLocalDescription(await g.pcs.sub.createAnswer());
      const d = g.pcs.sub.localDescription!;
      return { type: d.type, sdp: d.sdp };
    }, subscription.offer);
    await subscriber.start(subAnswer);
    await subscribed;

    // Frames decoded and audio received on the subscribing PeerConnection.
    const received = () =>
      page.evaluate(async () => {
        const stats = await (globalThis as unknown as PageGlobals).pcs.sub.getStats();
        let frames = 0;
        let audioPackets = 0;
        stats.forEach(
          (s: {
            type: string;
            kind?: string;
            framesDecoded?: number;
            packetsReceived?: number;
          }) => {
            if (s.type !== 'inbound-rtp') return;
            if (s.kind === 'video') frames = s.framesDecoded ?? 0;
            if (s.kind === 'audio') audioPackets = s.packetsReceived ?? 0;
          },
        );
        return { frames, audioPackets };
      });
    await expect
      .poll(
        async () => {
          const r = await received();
          return r.frames > 10 && r.audioPackets > 10;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);

    // A host's moderation stops the publisher's video for everyone, audio keeps flowing.
    const videoMid = subscription.streams.find((s) => s.kind === 'video')!.feedMid!;
    await admin.moderate('rtc', 'rtc-secret', joined.feedId, videoMid, true);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const before = await received();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const after = await received();
    expect(after.frames - before.frames).toBeLessThan(3);
    expect(after.audioPackets - before.audioPackets).toBeGreaterThan(20);

    await publisher.unpublish();
    expect(
      (await admin.listParticipants('rtc')).find((p) => p.feedId === joined.feedId),
    ).toMatchObject({ publishing: false });
    await session.close();
  }, 60_000);
});
