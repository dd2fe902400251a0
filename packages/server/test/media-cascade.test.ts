// Cascaded Janus for real: two Janus instances in one test namespace and one Chromium page
// holding every peer connection. First the module alone (janus-cascade.ts): the page publishes
// its fake camera and microphone on Janus A, the feed is forwarded to a remote publisher on
// Janus B, and the page subscribes on B: it must decode the video and receive the audio; the
// forward is stopped and set up again, which needs fresh ports (1.1.2 leaks the sockets of a
// removed remote publisher). Then the live rooms' media (JanusRoomMedia with B as an edge): a
// conference's presenter publishes on A, two viewers are placed on B and decode the presenter,
// fed by a single forward; B is killed, the viewers renegotiate and land on the restarted B under
// a new forward; the forward goes when the last viewer leaves.
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedView } from '@podium/protocol';
import {
  CascadeForward,
  CascadePorts,
  type IceCandidate,
  JanusRoomMedia,
  MediaServer,
  type PublisherInfo,
  type ResolvedNetnsSpec,
  type SessionDescription,
  type VideoRoomHandle,
  netnsDown,
} from '../src/media/index.ts';
import { createTestNamespace } from './support/media-netns.ts';
import { launchNetnsChromium } from './support/media-browser.ts';
import type { MediaRoom } from '../src/realtime/room-media.ts';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

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
/** One page holds every peer connection of a test, by name (one Chromium, as lean as it gets). */
interface PageGlobals {
  RTCPeerConnection: new () => Pc;
  navigator: {
    mediaDevices: { getUserMedia(constraints: object): Promise<{ getTracks(): unknown[] }> };
  };
  pcs: Record<string, Pc>;
  pending: Record<string, (IceCandidate | null)[]>;
  podiumCandidate(pc: string, candidate: IceCandidate | null): void;
  addRemoteCandidate(pc: string, candidate: IceCandidate | null): Promise<void>;
  newPc(pc: string): void;
  offerCamera(pc: string): Promise<SessionDescription>;
  setAnswer(pc: string, answer: SessionDescription): Promise<void>;
  answerOffer(pc: string, offer: SessionDescription): Promise<SessionDescription>;
  received(pc: string): Promise<Received>;
  addCameraTrack(pc: string): Promise<SessionDescription>;
}
interface Received {
  /** Video streams that decoded frames. */
  videoStreams: number;
  frames: number;
  audioPackets: number;
}

/** Runs in the page. */
function installPeers(): void {
  const g = globalThis as unknown as PageGlobals;
  g.pcs = {};
  g.pending = {};
  g.newPc = (name) => {
    g.pcs[name]?.close();
    const pc = new g.RTCPeerConnection();
    g.pcs[name] = pc;
    g.pending[name] = [];
    pc.onicecandidate = (e) => g.podiumCandidate(name, e.candidate ? e.candidate.toJSON() : null);
  };
  // Candidates may overtake the description they belong to; hold them until it is set.
  g.addRemoteCandidate = async (name, candidate) => {
    const pc = g.pcs[name];
    if (!pc?.remoteDescription) g.pending[name]?.push(candidate);
    else await pc.addIceCandidate(candidate ?? undefined);
  };
  const flush = async (name: string) => {
    for (const c of g.pending[name]!.splice(0)) await g.pcs[name]!.addIceCandidate(c ?? undefined);
  };
  g.offerCamera = async (name) => {
    g.newPc(name);
    const pc = g.pcs[name]!;
    const stream = await g.navigator.mediaDevices.getUserMedia({ audio: true, video: true });
    for (const track of stream.getTracks()) pc.addTrack(track, stream);
    await pc.setLocalDescription(await pc.createOffer());
    return { type: 'offer', sdp: pc.localDescription!.sdp };
  };
  // A second camera track on the same connection: a renegotiation that adds a stream.
  g.addCameraTrack = async (name) => {
    const pc = g.pcs[name]!;
    const stream = await g.navigator.mediaDevices.getUserMedia({ video: true });
    for (const track of stream.getTracks()) pc.addTrack(track, stream);
    await pc.setLocalDescription(await pc.createOffer());
    return { type: 'offer', sdp: pc.localDescription!.sdp };
  };
  g.setAnswer = async (name, answer) => {
    await g.pcs[name]!.setRemoteDescription(answer);
    await flush(name);
  };
  g.answerOffer = async (name, offer) => {
    if (!g.pcs[name]) g.newPc(name);
    const pc = g.pcs[name]!;
    await pc.setRemoteDescription(offer);
    await flush(name);
    await pc.setLocalDescription(await pc.createAnswer());
    return { type: 'answer', sdp: pc.localDescription!.sdp };
  };
  g.received = async (name) => {
    let frames = 0;
    let audioPackets = 0;
    let videoStreams = 0;
    const stats = await g.pcs[name]!.getStats();
    stats.forEach((s) => {
      if (s.type !== 'inbound-rtp') return;
      if (s.kind === 'video') frames += s.framesDecoded ?? 0;
      if (s.kind === 'video' && (s.framesDecoded ?? 0) > 0) videoStreams += 1;
      if (s.kind === 'audio') audioPackets += s.packetsReceived ?? 0;
    });
    return { videoStreams, frames, audioPackets };
  };
}

const inPage = (page: Page) => ({
  newPc: (name: string) =>
    page.evaluate((n) => (globalThis as unknown as PageGlobals).newPc(n), name),
  offerCamera: (name: string) =>
    page.evaluate((n) => (globalThis as unknown as PageGlobals).offerCamera(n), name),
  setAnswer: (name: string, answer: SessionDescription) =>
    page.evaluate(([n, a]) => (globalThis as unknown as PageGlobals).setAnswer(n, a), [
      name,
      answer,
    ] as const),
  answerOffer: (name: string, offer: SessionDescription) =>
    page.evaluate(([n, o]) => (globalThis as unknown as PageGlobals).answerOffer(n, o), [
      name,
      offer,
    ] as const),
  addCandidate: (name: string, candidate: IceCandidate | null) =>
    page.evaluate(([n, c]) => (globalThis as unknown as PageGlobals).addRemoteCandidate(n, c), [
      name,
      candidate,
    ] as const),
  addCameraTrack: (name: string) =>
    page.evaluate((n) => (globalThis as unknown as PageGlobals).addCameraTrack(n), name),
  received: (name: string) =>
    page.evaluate((n) => (globalThis as unknown as PageGlobals).received(n), name),
});

/** Polls until `name` decoded more than 20 frames and got more than 20 audio packets. */
async function untilDecoding(peers: ReturnType<typeof inPage>, name: string): Promise<number> {
  const since = performance.now();
  let firstFrameMs = 0;
  await expect
    .poll(
      async () => {
        const r = await peers.received(name);
        if (r.frames > 0 && firstFrameMs === 0) firstFrameMs = performance.now() - since;
        return r.frames > 20 && r.audioPackets > 20;
      },
      { timeout: 15_000, interval: 200 },
    )
    .toBe(true);
  return firstFrameMs;
}

describe('cascaded Janus: a publisher on A watched on B', () => {
  let spec: ResolvedNetnsSpec | undefined;
  let workDir: string | undefined;
  let origin: MediaServer | undefined;
  let edge: MediaServer | undefined;
  let web: http.Server | undefined;
  let context: BrowserContext | undefined;
  let peers: ReturnType<typeof inPage>;
  /** Where each page connection's ICE candidates go (a Janus handle or a media room). */
  const toServer = new Map<string, (candidate: IceCandidate | null) => void>();

  beforeAll(async () => {
    spec = await createTestNamespace();
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-cascade-test-'));
    // Two instances in one namespace: their own API ports and ICE port ranges (A 31300-31349,
    // B 31350-31399), so a candidate's port tells which Janus a connection runs on.
    const start = (wsPort: number, min: number) =>
      MediaServer.create({
        logger,
        network: { mode: 'netns', netns: spec! },
        workDir,
        wsPort,
        rtpPortRange: { min, max: min + 49 },
      });
    origin = await start(8291, 31300);
    edge = await start(8292, 31350);
    web = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>cascade</title>');
    });
    await new Promise<void>((resolve) => web!.listen(0, spec!.hostIp, resolve));
    const url = `http://${spec.hostIp}:${(web.address() as { port: number }).port}`;
    context = await launchNetnsChromium(spec, workDir, url);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    await page.exposeFunction('podiumCandidate', (pc: string, candidate: IceCandidate | null) => {
      toServer.get(pc)?.(candidate);
    });
    await page.evaluate(installPeers);
    peers = inPage(page);
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
    const relay = (name: string, handle: VideoRoomHandle) => {
      toServer.set(name, (candidate) => void handle.trickle(candidate).catch(() => undefined));
      handle.on('candidate', ({ candidate }) => void peers.addCandidate(name, candidate));
    };

    // Publish the fake camera and microphone on A.
    relay('pub', publisher);
    const joined = await publisher.joinAsPublisher({ roomId, feedId: 'presenter', display: 'Mai' });
    const offer = await peers.offerCamera('pub');
    await peers.setAnswer('pub', await publisher.publish({ offer, display: 'Mai' }));
    const feed = await feedLive;
    expect(feed.feedId).toBe(joined.feedId);

    const ports = new CascadePorts({ min: 31400, max: 31499 });
    const forwardTo = () =>
      CascadeForward.start({
        origin: { handle: adminA, roomId, secret: 'secret-a' },
        edge: { handle: adminB, roomId, secret: 'secret-b', address: edge!.localAddress },
        feed,
        ports,
        log: logger,
      });

    /** A subscriber on B for the forwarded feed; resolves when frames and audio arrive. */
    const watchOnEdge = async (name: string) => {
      const subscriber = await sessionB.attachVideoRoom();
      relay(name, subscriber);
      await peers.newPc(name);
      const subscription = await subscriber.joinAsSubscriber({
        roomId,
        streams: [{ feedId: feed.feedId }],
      });
      expect(subscription.streams.filter((s) => s.active).map((s) => s.kind)).toEqual([
        'audio',
        'video',
      ]);
      await subscriber.start(await peers.answerOffer(name, subscription.offer));
      const firstFrameMs = await untilDecoding(peers, name);
      return { subscriber, firstFrameMs, ...(await peers.received(name)) };
    };

    const first = await forwardTo();
    expect(first.feedId).toBe(feed.feedId);
    // The edge lists the forwarded feed as a publisher under the origin's feed id.
    expect(await adminB.listParticipants(roomId)).toContainEqual(
      expect.objectContaining({ feedId: feed.feedId, publishing: true }),
    );
    const watched = await watchOnEdge('sub1');
    // No key frame request of ours: the edge's own (through the RTCP port the origin latched)
    // reaches the publisher; without it the first frame would wait for the room's 10 s one.
    expect(watched.firstFrameMs).toBeLessThan(5_000);
    logger.info(
      {
        setupMs: first.setupMs,
        port: first.port,
        firstFrameMs: watched.firstFrameMs,
        frames: watched.frames,
      },
      'cascade forward',
    );

    // Stop: the edge loses the feed.
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
    const again = await watchOnEdge('sub2');
    expect(again.firstFrameMs).toBeLessThan(5_000);
    logger.info(
      {
        setupMs: second.setupMs,
        port: second.port,
        firstFrameMs: again.firstFrameMs,
        frames: again.frames,
      },
      'cascade forward again',
    );

    // The publisher adds a second camera (a renegotiation with a new stream): the origin
    // forwards it by itself, the edge's remote publisher learns of it (update_remote_publisher),
    // and the edge's subscriber adds it and decodes both videos.
    const grown = new Promise<PublisherInfo>((resolve) => {
      monitorA.on('publishers', ({ publishers }) => {
        const changed = publishers.find((p) => p.feedId === feed.feedId && p.streams.length >= 3);
        if (changed) resolve(changed);
      });
    });
    const renegotiation = await peers.addCameraTrack('pub');
    const regotAnswer = await publisher.configurePublisher({ offer: renegotiation });
    await peers.setAnswer('pub', regotAnswer!);
    await second.update((await grown).streams);
    const added = await again.subscriber.updateSubscription({
      subscribe: [{ feedId: feed.feedId, mid: '2' }],
    });
    expect(added.status).toBe('updated');
    if (added.status !== 'updated' || !added.offer) throw new Error('no offer for the new stream');
    await again.subscriber.start(await peers.answerOffer('sub2', added.offer));
    await expect
      .poll(async () => (await peers.received('sub2')).videoStreams, { timeout: 15_000 })
      .toBe(2);
    await second.stop();
    await Promise.all([sessionA.close(), sessionB.close()]);
  }, 90_000);

  it('room media: a conference audience is placed on the edge, fed by one forward per feed', async () => {
    const media = new JanusRoomMedia({
      server: origin!,
      edges: [{ server: edge!, ports: new CascadePorts({ min: 31500, max: 31599 }) }],
      log: logger,
    });
    const feeds: FeedView[] = [];
    /** ICE ports Janus offered each participant: which instance their connection runs on. */
    const janusPorts = new Map<string, number[]>();
    const renegotiations: string[][] = [];
    const room: MediaRoom = await media.createRoom(
      { roomId: 'conf', mode: 'conference', maxPublishers: 4, log: logger },
      {
        feedsChanged: ({ added }) => feeds.push(...added),
        offer: (participantId, _target, sdp) => {
          // Janus changed a subscription by itself: answer it as a browser would.
          void peers
            .answerOffer(participantId, { type: 'offer', sdp })
            .then((answer) => room.answer(participantId, answer.sdp));
        },
        candidate: (participantId, _target, candidate) => {
          const port = candidate && Number(candidate.candidate.split(' ')[5]);
          if (port) janusPorts.set(participantId, [...(janusPorts.get(participantId) ?? []), port]);
          void peers.addCandidate(participantId, candidate);
        },
        renegotiate: (participantId, targets) => renegotiations.push([participantId, ...targets]),
      },
    );
    const ALL = { audio: true, video: true, screen: false };

    // The presenter publishes on the origin.
    toServer.set('presenter', (c) => void room.trickle('presenter', 'camera', c));
    const offer = await peers.offerCamera('presenter');
    const answer = await room.publish({
      participantId: 'presenter',
      display: 'Mai',
      source: 'camera',
      sdp: offer.sdp,
      rights: ALL,
    });
    await peers.setAnswer('presenter', { type: 'answer', sdp: answer });
    await expect.poll(() => feeds.some((f) => f.video && f.audio), { timeout: 10_000 }).toBe(true);
    const feedId = feeds.find((f) => f.participant_id === 'presenter')!.feed_id;

    /** What a viewer's client does: a new subscriber connection for the feed. */
    const watch = async (viewer: string) => {
      toServer.set(viewer, (c) => void room.trickle(viewer, 'subscriber', c));
      janusPorts.delete(viewer);
      await peers.newPc(viewer);
      const sdp = await room.subscribe(viewer, [feedId]);
      const reply = await peers.answerOffer(viewer, { type: 'offer', sdp });
      await room.answer(viewer, reply.sdp);
    };
    // Two viewers (publishing nothing): the origin carries the presenter, so both go to B.
    for (const viewer of ['v1', 'v2']) await watch(viewer);
    expect(media.cascadeStats()).toEqual({ subscribers: [0, 2], feeds: 1, forwards: 1 });
    const decoded = [];
    for (const viewer of ['v1', 'v2']) {
      const firstFrameMs = await untilDecoding(peers, viewer);
      decoded.push({ viewer, firstFrameMs, ...(await peers.received(viewer)) });
    }
    logger.info({ decoded }, 'room media over the cascade');
    // Independent of our own counts: Janus B (ports 31350-31399) offered the viewers its
    // candidates, Janus A (31300-31349) the presenter.
    for (const viewer of ['v1', 'v2']) {
      expect(janusPorts.get(viewer)?.length).toBeGreaterThan(0);
      expect(janusPorts.get(viewer)!.every((p) => p >= 31350 && p <= 31399)).toBe(true);
    }
    expect(janusPorts.get('presenter')!.every((p) => p >= 31300 && p <= 31349)).toBe(true);

    // The edge Janus dies: its viewers are told to renegotiate their subscriber connection; once
    // it is back they are placed on it again, under a new forward from the origin.
    const generation = edge!.generation;
    process.kill(edge!.pid!, 'SIGKILL');
    await expect
      .poll(() => renegotiations.sort(), { timeout: 10_000 })
      .toEqual([
        ['v1', 'subscriber'],
        ['v2', 'subscriber'],
      ]);
    expect(media.cascadeStats()).toEqual({ subscribers: [0, 0], feeds: 1, forwards: 0 });
    await expect.poll(() => edge!.generation, { timeout: 10_000 }).toBe(generation + 1);
    await edge!.whenReady();
    for (const viewer of ['v1', 'v2']) await watch(viewer);
    expect(media.cascadeStats()).toEqual({ subscribers: [0, 2], feeds: 1, forwards: 1 });
    for (const viewer of ['v1', 'v2']) await untilDecoding(peers, viewer);

    // The forward outlives the first viewer and goes with the last.
    await room.leave('v1');
    expect(media.cascadeStats()).toEqual({ subscribers: [0, 1], feeds: 1, forwards: 1 });
    await room.leave('v2');
    expect(media.cascadeStats()).toEqual({ subscribers: [0, 0], feeds: 1, forwards: 0 });
    await room.destroy();
    expect(media.cascadeStats()).toEqual({ subscribers: [0, 0], feeds: 0, forwards: 0 });
  }, 90_000);
});
