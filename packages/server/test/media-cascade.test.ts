// Cascaded Janus for real: two Janus instances in one test namespace, a Chromium page publishing
// its fake camera and microphone on Janus A, the feed forwarded to a remote publisher on Janus B
// (janus-cascade.ts), and the same page subscribing on B: it must decode the video and receive
// the audio. Then the forward is stopped and set up again, which needs fresh ports (1.1.2 leaks
// the sockets of a removed remote publisher).
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CascadeForward,
  CascadePorts,
  type IceCandidate,
  MediaServer,
  type PublisherInfo,
  type ResolvedNetnsSpec,
  type SessionDescription,
  type VideoRoomHandle,
  netnsDown,
} from '../src/media/index.ts';
import { createTestNamespace } from './support/media-netns.ts';
import { launchNetnsChromium } from './support/media-browser.ts';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

type PcName = 'pub' | 'sub';

/** The slice of the browser's API the page code uses (the server project has no DOM types). */
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
  close(): void;
}
interface PageGlobals {
  RTCPeerConnection: new () => Pc;
  navigator: {
    mediaDevices: { getUserMedia(constraints: object): Promise<{ getTracks(): unknown[] }> };
  };
  pcs: Partial<Record<PcName, Pc>>;
  pending: Record<PcName, (IceCandidate | null)[]>;
  podiumCandidate(pc: PcName, candidate: IceCandidate | null): void;
  addRemoteCandidate(pc: PcName, candidate: IceCandidate | null): Promise<void>;
  newPc(pc: PcName): void;
  answerOffer(offer: SessionDescription): Promise<SessionDescription>;
  received(): Promise<{ frames: number; audioPackets: number }>;
}

describe('cascaded Janus: a publisher on A watched on B', () => {
  let spec: ResolvedNetnsSpec | undefined;
  let workDir: string | undefined;
  let origin: MediaServer | undefined;
  let edge: MediaServer | undefined;
  let web: http.Server | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    spec = await createTestNamespace();
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-cascade-test-'));
    // Two instances in one namespace: their own API ports and ICE port ranges.
    origin = await MediaServer.create({
      logger,
      network: { mode: 'netns', netns: spec },
      workDir,
      wsPort: 8291,
      rtpPortRange: { min: 31300, max: 31349 },
    });
    edge = await MediaServer.create({
      logger,
      network: { mode: 'netns', netns: spec },
      workDir,
      wsPort: 8292,
      rtpPortRange: { min: 31350, max: 31399 },
    });
    web = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>cascade</title>');
    });
    await new Promise<void>((resolve) => web!.listen(0, spec!.hostIp, resolve));
    url = `http://${spec.hostIp}:${(web.address() as { port: number }).port}`;
    context = await launchNetnsChromium(spec, workDir, url);
    page = context.pages()[0] ?? (await context.newPage());
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await Promise.all([origin?.close(), edge?.close()]);
    await new Promise((resolve) => (web ? web.close(resolve) : resolve(undefined)));
    if (spec) await netnsDown(spec, { killProcesses: true });
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  it('forwards the feed once to the edge, where a subscriber decodes it; stop and again', async () => {
    const sessionA = await (await origin!.whenReady()).createSession();
    const sessionB = await (await edge!.whenReady()).createSession();
    const roomId = 'cascade';
    const [adminA, monitorA, publisher, adminB] = await Promise.all([
      sessionA.attachVideoRoom(),
      sessionA.attachVideoRoom(),
      sessionA.attachVideoRoom(),
      sessionB.attachVideoRoom(),
    ]);
    await adminA.createRoom({ roomId, secret: 'secret-a', maxPublishers: 4 });
    await adminB.createRoom({ roomId, secret: 'secret-b', maxPublishers: 4 });
    // The origin room's monitor hears the feed with its streams (codecs, mindex), as
    // room-media-janus.ts's does.
    const feedLive = new Promise<PublisherInfo>((resolve) => {
      monitorA.on('publishers', ({ publishers }) => {
        const live = publishers.find((p) => p.streams.length >= 2);
        if (live) resolve(live);
      });
    });
    await monitorA.joinAsPublisher({ roomId, feedId: 'monitor', display: 'podium' });

    const handles: Partial<Record<PcName, VideoRoomHandle>> = { pub: publisher };
    const relay = (name: PcName, handle: VideoRoomHandle) => {
      handles[name] = handle;
      handle.on('candidate', ({ candidate }) => {
        if (handles[name] !== handle) return;
        void page.evaluate(
          ([pc, c]) => (globalThis as unknown as PageGlobals).addRemoteCandidate(pc, c),
          [name, candidate] as const,
        );
      });
    };
    relay('pub', publisher);
    await page.goto(url);
    await page.exposeFunction('podiumCandidate', (pc: PcName, candidate: IceCandidate | null) => {
      void handles[pc]?.trickle(candidate);
    });
    await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      g.pcs = {};
      g.pending = { pub: [], sub: [] };
      g.newPc = (name) => {
        g.pcs[name]?.close();
        const pc = new g.RTCPeerConnection();
        g.pcs[name] = pc;
        g.pending[name] = [];
        pc.onicecandidate = (e) =>
          g.podiumCandidate(name, e.candidate ? e.candidate.toJSON() : null);
      };
      g.addRemoteCandidate = async (name, candidate) => {
        const pc = g.pcs[name];
        if (!pc?.remoteDescription) g.pending[name].push(candidate);
        else await pc.addIceCandidate(candidate ?? undefined);
      };
      g.answerOffer = async (offer) => {
        const pc = g.pcs.sub!;
        await pc.setRemoteDescription(offer);
        for (const c of g.pending.sub.splice(0)) await pc.addIceCandidate(c ?? undefined);
        await pc.setLocalDescription(await pc.createAnswer());
        return { type: 'answer', sdp: pc.localDescription!.sdp };
      };
      g.received = async () => {
        let frames = 0;
        let audioPackets = 0;
        const stats = await g.pcs.sub!.getStats();
        stats.forEach((s) => {
          if (s.type !== 'inbound-rtp') return;
          if (s.kind === 'video') frames += s.framesDecoded ?? 0;
          if (s.kind === 'audio') audioPackets += s.packetsReceived ?? 0;
        });
        return { frames, audioPackets };
      };
    });

    // Publish the fake camera and microphone on A.
    const joined = await publisher.joinAsPublisher({ roomId, feedId: 'presenter', display: 'Mai' });
    const offer = await page.evaluate(async () => {
      const g = globalThis as unknown as PageGlobals;
      g.newPc('pub');
      const pc = g.pcs.pub!;
      const stream = await g.navigator.mediaDevices.getUserMedia({ audio: true, video: true });
      for (const track of stream.getTracks()) pc.addTrack(track, stream);
      await pc.setLocalDescription(await pc.createOffer());
      return { type: 'offer' as const, sdp: pc.localDescription!.sdp };
    });
    const answer = await publisher.publish({ offer, display: 'Mai' });
    await page.evaluate(async (a) => {
      const g = globalThis as unknown as PageGlobals;
      await g.pcs.pub!.setRemoteDescription(a);
      for (const c of g.pending.pub.splice(0)) await g.pcs.pub!.addIceCandidate(c ?? undefined);
    }, answer);
    const feed = await feedLive;
    expect(feed.feedId).toBe(joined.feedId);

    const ports = new CascadePorts({ min: 31400, max: 31499 });
    const forwardTo = () =>
      CascadeForward.start({
        origin: { handle: adminA, roomId, secret: 'secret-a' },
        edge: { handle: adminB, roomId, secret: 'secret-b', address: edge!.iceAddress },
        feed,
        ports,
        log: logger,
      });

    /** A subscriber on B for the forwarded feed; resolves when frames and audio arrive. */
    const watchOnEdge = async () => {
      const subscriber = await sessionB.attachVideoRoom();
      relay('sub', subscriber);
      await page.evaluate(() => (globalThis as unknown as PageGlobals).newPc('sub'));
      const subscription = await subscriber.joinAsSubscriber({
        roomId,
        streams: [{ feedId: feed.feedId }],
      });
      expect(subscription.streams.filter((s) => s.active).map((s) => s.kind)).toEqual([
        'audio',
        'video',
      ]);
      const subAnswer = await page.evaluate(
        (o) => (globalThis as unknown as PageGlobals).answerOffer(o),
        subscription.offer,
      );
      const subscribed = performance.now();
      await subscriber.start(subAnswer);
      let firstFrameMs = 0;
      await expect
        .poll(
          async () => {
            const r = await page.evaluate(() => (globalThis as unknown as PageGlobals).received());
            if (r.frames > 0 && firstFrameMs === 0) firstFrameMs = performance.now() - subscribed;
            return r.frames > 20 && r.audioPackets > 20;
          },
          { timeout: 15_000, interval: 200 },
        )
        .toBe(true);
      return { subscriber, firstFrameMs };
    };

    const first = await forwardTo();
    expect(first.feedId).toBe(feed.feedId);
    // The edge lists the forwarded feed as a publisher under the origin's feed id.
    expect(await adminB.listParticipants(roomId)).toContainEqual(
      expect.objectContaining({ feedId: feed.feedId, publishing: true }),
    );
    const watched = await watchOnEdge();
    const decoded = await page.evaluate(() => (globalThis as unknown as PageGlobals).received());
    // No key frame request of ours: the edge's own (through the RTCP port the origin latched)
    // reaches the publisher; without it the first frame would wait for the room's 10 s one.
    expect(watched.firstFrameMs).toBeLessThan(5_000);
    logger.info(
      { setupMs: first.setupMs, port: first.port, firstFrameMs: watched.firstFrameMs, ...decoded },
      'cascade forward',
    );

    // Stop: the edge loses the feed and the subscriber's video stops.
    await first.stop();
    await first.stop();
    await expect
      .poll(async () => (await adminB.listParticipants(roomId)).map((p) => p.feedId), {
        timeout: 5_000,
      })
      .not.toContain(feed.feedId);
    await watched.subscriber.close();

    // Again, for the same feed: fresh ports (the removed publisher's stay bound in 1.1.2).
    const second = await forwardTo();
    expect(second.port).not.toBe(first.port);
    const again = await watchOnEdge();
    const decodedAgain = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).received(),
    );
    expect(again.firstFrameMs).toBeLessThan(5_000);
    logger.info(
      {
        setupMs: second.setupMs,
        port: second.port,
        firstFrameMs: again.firstFrameMs,
        ...decodedAgain,
      },
      'cascade forward again',
    );
    await second.stop();
    await Promise.all([sessionA.close(), sessionB.close()]);
  }, 90_000);
});
