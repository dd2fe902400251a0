// A minimal browser client for the media tests: it runs inside a test page, speaks the real
// signaling protocol over the page's own WebSocket, publishes the fake camera and microphone,
// subscribes to the feeds it is told about, and handles `renegotiate` (new peer connections
// without a page reload). The web app's client is apps/web/src/features/room; this is the
// smallest one that exercises the server's media flow end to end.
//
// The server project compiles without DOM types (server code must not use them by accident), so
// the page function describes the few browser APIs it uses and casts globalThis to them.
import type { Page } from 'playwright-core';

type Target = 'camera' | 'screen' | 'subscriber';
interface Description {
  type: 'offer' | 'answer';
  sdp: string;
}
interface Candidate {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
}
interface StatsEntry {
  type: string;
  kind?: string;
  framesDecoded?: number;
  packetsReceived?: number;
  frameWidth?: number;
  port?: number;
  rid?: string;
  framesPerSecond?: number;
  qualityLimitationReason?: string;
}
interface Pc {
  remoteDescription: Description | null;
  localDescription: Description | null;
  connectionState: string;
  onicecandidate: ((event: { candidate: { toJSON(): Candidate } | null }) => void) | null;
  addTrack(track: unknown, stream: unknown): void;
  addTransceiver(
    trackOrKind: unknown,
    init: { direction: string; streams?: unknown[]; sendEncodings?: object[] },
  ): { sender: Sender };
  createOffer(): Promise<Description>;
  createAnswer(): Promise<Description>;
  setLocalDescription(description: Description): Promise<void>;
  setRemoteDescription(description: Description): Promise<void>;
  addIceCandidate(candidate?: Candidate): Promise<void>;
  getStats(): Promise<{ forEach(cb: (s: StatsEntry) => void): void }>;
  close(): void;
}
interface Socket {
  readyState: number;
  onmessage: ((event: { data: string }) => void) | null;
  onopen: (() => void) | null;
  onerror: (() => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  send(data: string): void;
  close(): void;
}
interface MediaStreamLike {
  getTracks(): { kind: string }[];
}
interface Sender {
  getParameters(): { degradationPreference?: string };
  setParameters(parameters: { degradationPreference?: string }): Promise<void>;
}
interface ServerFrame {
  type: string;
  id?: string | null;
  ok?: boolean;
  data?: Record<string, unknown>;
  code?: string;
  message?: string;
  target?: Target;
  sdp?: string;
  candidate?: Candidate | null;
  added?: { feed_id: string; participant_id: string; audio: boolean; video: boolean }[];
  removed?: string[];
  targets?: Target[];
  session_id?: string;
}

/** What a test reads back from a page. */
export interface PageMediaStats {
  /** Video frames decoded on the current subscriber connection. */
  frames: number;
  /** Audio packets received on the current subscriber connection. */
  audioPackets: number;
  /** The widest video frame being received now (0 before any). */
  frameWidth: number;
  /** Ports of the media server's ICE candidates on the subscriber connection (which Janus). */
  subscriberRemotePorts: number[];
  /** How many subscriber connections the page has made. */
  subscriberConnections: number;
  /** How many camera publisher connections the page has made. */
  publisherConnections: number;
  /** Feed ids the page knows (as `feeds` told it). */
  feeds: string[];
  /** Set once when the page script started; a reload would change it. */
  bootId: string;
  /** Every server message type received, in order. */
  received: string[];
  /** `renegotiate` targets received, in order. */
  renegotiations: Target[][];
  /** Errors the page met (failed requests, failed negotiation steps). */
  errors: string[];
  /** The participant id of the page's current join. */
  participantId: string;
  /**
   * The camera's video layers as the page sends them (outbound-rtp): what a viewer's width
   * depends on, read when a width is not the one expected.
   */
  sending: { rid: string; frameWidth: number; fps: number; limitedBy: string }[];
  /** Close codes of the sockets the server closed, in order (with `reconnect`). */
  closeCodes: number[];
  /** Sockets opened after a drop (with `reconnect`), whether or not they got back in. */
  reconnectAttempts: number;
  /** Refused resumes followed by a fresh join (with `reconnect`): when each join was answered (ms). */
  rejoinedAt: number[];
  /** Accepted resumes (with `reconnect`). */
  resumes: number;
}

/** How the page joins; `reconnect` makes it come back after a drop as the web app does. */
export interface PageJoinOptions {
  socketUrl: string;
  credentials: string;
  protocolVersion: number;
  /**
   * Reconnect after the server closes the socket, as the web app does (SocketCore,
   * SignalingClient, RoomSession, RoomMedia.onReconnected): the same backoff (without the
   * jitter), hello with the same credentials, `resume`; a refused resume joins again and starts
   * its media over (RoomMedia.reset: every connection dropped, the camera published anew, the
   * media state reported again). Without it a drop ends the page's client (older tests).
   */
  reconnect?: boolean;
}

interface PageClient {
  start(options: PageJoinOptions): Promise<{ participantId: string }>;
  /** With `simulcast`, 1280x720 in three layers (rids h, m, l: 1280, 640, 320 wide). */
  publishCamera(options?: { simulcast?: boolean }): Promise<void>;
  renegotiateCamera(): Promise<void>;
  stats(): Promise<PageMediaStats>;
  request(type: string, payload: Record<string, unknown>): Promise<ServerFrame>;
  close(): void;
}

interface PageGlobals {
  WebSocket: new (url: string) => Socket;
  RTCPeerConnection: new () => Pc;
  navigator: {
    mediaDevices: { getUserMedia(constraints: object): Promise<MediaStreamLike> };
  };
  crypto: { randomUUID(): string };
  podium: PageClient;
}

/** Runs in the page: installs `globalThis.podium`. */
function installPageClient(): void {
  const g = globalThis as unknown as PageGlobals;
  const bootId = g.crypto.randomUUID();
  const received: string[] = [];
  const errors: string[] = [];
  const renegotiations: Target[][] = [];
  const waiting = new Map<string, (frame: ServerFrame) => void>();
  const pending: Record<Target, (Candidate | null)[]> = { camera: [], screen: [], subscriber: [] };
  const pcs: Record<Target, Pc | null> = { camera: null, screen: null, subscriber: null };
  const feeds = new Set<string>();
  let ws: Socket | null = null;
  let seq = 0;
  let self = '';
  let stream: MediaStreamLike | null = null;
  let publishing = false;
  let subscriberConnections = 0;
  let publisherConnections = 0;
  // Reconnecting (PageJoinOptions.reconnect).
  let joinOptions: PageJoinOptions | null = null;
  let sessionId: string | null = null;
  let joined = false;
  let closedByPage = false;
  let lastMediaState: Record<string, unknown> | null = null;
  const closeCodes: number[] = [];
  const rejoinedAt: number[] = [];
  let reconnectAttempts = 0;
  let resumes = 0;
  // One step at a time per connection: closing a connection while it makes an offer would leave
  // that step pending forever. Offers are never queued behind `subscribe` replies, since the
  // server may hold a subscription change until the previous offer is answered.
  const chains: Record<'camera' | 'subscriber', Promise<void>> = {
    camera: Promise.resolve(),
    subscriber: Promise.resolve(),
  };
  const serial = (chain: 'camera' | 'subscriber', step: () => Promise<void>): Promise<void> => {
    const next = chains[chain].then(step);
    chains[chain] = next.catch(fail);
    return next;
  };

  const fail = (error: unknown): void => {
    errors.push(String(error instanceof Error ? error.message : error));
  };
  const request = (type: string, payload: Record<string, unknown>): Promise<ServerFrame> => {
    seq += 1;
    const id = `p${seq}`;
    // The media state is reported again after a fresh join (RoomMedia #reportState).
    if (type === 'set_media_state') lastMediaState = payload;
    const socket = ws;
    // As the web app's requests in flight on a lost socket: they fail with `disconnected`.
    if (!socket || socket.readyState !== 1) {
      return Promise.resolve({ type: 'error', id, code: 'disconnected' });
    }
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ ...payload, type, id }));
    });
  };
  const must = async (type: string, payload: Record<string, unknown>): Promise<ServerFrame> => {
    const answer = await request(type, payload);
    if (answer.type !== 'reply') throw new Error(`${type}: ${answer.code} ${answer.message}`);
    return answer;
  };

  const watchCandidates = (pc: Pc, target: Target): void => {
    pc.onicecandidate = (event) => {
      if (pcs[target] !== pc) return;
      const c = event.candidate ? event.candidate.toJSON() : null;
      if (c && !c.candidate) return;
      const payload = c ? { target, candidate: c } : { target, completed: true };
      void request('trickle', payload);
    };
  };
  // The media server's candidates may overtake the description they belong to.
  const addRemoteCandidate = async (target: Target, candidate: Candidate | null) => {
    const pc = pcs[target];
    if (!pc || !pc.remoteDescription) {
      pending[target].push(candidate);
      return;
    }
    await pc.addIceCandidate(candidate ?? undefined).catch(fail);
  };
  const flushCandidates = async (target: Target, pc: Pc) => {
    for (const c of pending[target].splice(0)) await pc.addIceCandidate(c ?? undefined).catch(fail);
  };
  const drop = (target: Target): void => {
    pcs[target]?.close();
    pcs[target] = null;
    pending[target] = [];
  };

  let simulcast = false;
  const publishCamera = async (): Promise<void> => {
    stream ??= await g.navigator.mediaDevices.getUserMedia({
      audio: true,
      video: simulcast ? { width: 1280, height: 720 } : true,
    });
    drop('camera');
    const pc = new g.RTCPeerConnection();
    pcs.camera = pc;
    publisherConnections += 1;
    publishing = true;
    watchCandidates(pc, 'camera');
    for (const track of stream.getTracks()) {
      if (simulcast && track.kind === 'video') {
        const { sender } = pc.addTransceiver(track, {
          direction: 'sendonly',
          streams: [stream],
          sendEncodings: [
            // Top first, as the app (and Janus's own client) lists them: Janus reads the order.
            { rid: 'h', maxBitrate: 1_200_000 },
            { rid: 'm', scaleResolutionDownBy: 2, maxBitrate: 400_000 },
            { rid: 'l', scaleResolutionDownBy: 4, maxBitrate: 150_000 },
          ],
        });
        // Chrome's encoder sheds resolution when it runs short of CPU ("balanced"), and with it
        // the top layer; these tests are about which layer Janus relays, so on a busy machine
        // the sender keeps its resolutions and drops frames instead.
        const parameters = sender.getParameters();
        parameters.degradationPreference = 'maintain-resolution';
        await sender.setParameters(parameters);
      } else pc.addTrack(track, stream);
    }
    await pc.setLocalDescription(await pc.createOffer());
    const reply = await must('publish_offer', { source: 'camera', sdp: pc.localDescription!.sdp });
    // A newer connection replaced this one meanwhile: its answer is moot.
    if (pcs.camera !== pc) return;
    await pc.setRemoteDescription({ type: 'answer', sdp: String(reply.data!.sdp) });
    await flushCandidates('camera', pc);
  };

  /** A new offer on the same connection (what turning media back on after a stop needs). */
  const renegotiateCamera = async (): Promise<void> => {
    const pc = pcs.camera;
    if (!pc) throw new Error('not publishing');
    await pc.setLocalDescription(await pc.createOffer());
    const reply = await must('publish_offer', { source: 'camera', sdp: pc.localDescription!.sdp });
    await pc.setRemoteDescription({ type: 'answer', sdp: String(reply.data!.sdp) });
  };

  const subscribe = async (ids: string[]): Promise<void> => {
    const wanted = ids.filter((id) => feeds.has(id));
    if (wanted.length > 0) await must('subscribe', { feeds: wanted });
  };

  const onOffer = async (sdp: string): Promise<void> => {
    let pc = pcs.subscriber;
    if (!pc) {
      pc = new g.RTCPeerConnection();
      pcs.subscriber = pc;
      subscriberConnections += 1;
      watchCandidates(pc, 'subscriber');
    }
    await pc.setRemoteDescription({ type: 'offer', sdp });
    await flushCandidates('subscriber', pc);
    await pc.setLocalDescription(await pc.createAnswer());
    await must('answer', { sdp: pc.localDescription!.sdp });
  };

  const onRenegotiate = (targets: Target[]): void => {
    for (const target of targets) {
      if (target === 'camera') {
        void serial('camera', async () => {
          drop('camera');
          if (publishing) await publishCamera();
        });
      }
      if (target === 'subscriber') {
        // A new subscriber connection comes with the next offer: ask again for every known feed.
        void serial('subscriber', async () => {
          drop('subscriber');
          subscribe([...feeds]).catch(fail);
        });
      }
    }
  };

  const onFrame = (frame: ServerFrame): void => {
    received.push(frame.type);
    if ((frame.type === 'reply' || frame.type === 'error') && frame.id) {
      const resolve = waiting.get(frame.id);
      waiting.delete(frame.id);
      resolve?.(frame);
      return;
    }
    switch (frame.type) {
      case 'feeds': {
        for (const id of frame.removed ?? []) feeds.delete(id);
        const added = (frame.added ?? []).filter((f) => f.participant_id !== self);
        for (const f of added) feeds.add(f.feed_id);
        subscribe(added.map((f) => f.feed_id)).catch(fail);
        return;
      }
      case 'offer':
        if (frame.target === 'subscriber') void serial('subscriber', () => onOffer(frame.sdp!));
        return;
      case 'trickle':
        addRemoteCandidate(frame.target!, frame.candidate ?? null).catch(fail);
        return;
      case 'renegotiate':
        renegotiations.push(frame.targets ?? []);
        onRenegotiate(frame.targets ?? []);
        return;
      case 'welcome':
        joined = true;
        sessionId = frame.session_id ?? sessionId;
        return;
      case 'ended':
      case 'removed':
        joined = false;
        return;
      default:
        return;
    }
  };

  /** Opens a socket and says hello; rejects when the socket fails or closes first. */
  const connect = async (options: PageJoinOptions): Promise<void> => {
    const socket = new g.WebSocket(options.socketUrl);
    await new Promise<void>((resolve, reject) => {
      socket.onopen = () => resolve();
      socket.onerror = () => reject(new Error('socket failed'));
      socket.onclose = () => reject(new Error('socket closed'));
    });
    ws = socket;
    let greeted = false;
    socket.onmessage = (event) => onFrame(JSON.parse(event.data) as ServerFrame);
    socket.onclose = (event) => {
      if (ws !== socket) return;
      ws = null;
      // Requests in flight on the lost socket fail (SocketCore #failInFlight).
      for (const [id, resolve] of [...waiting]) {
        waiting.delete(id);
        resolve({ type: 'error', id, code: 'disconnected' });
      }
      // Before the hello answered, the attempt in progress sees the failure itself.
      if (!greeted || closedByPage || !joinOptions?.reconnect) return;
      closeCodes.push(event.code);
      // 1008 (abuse) is final for the room's socket; 1000 comes after `ended`, which closes it.
      if (event.code === 1008 || event.code === 1000) return;
      void reconnect();
    };
    const hello = await Promise.race([
      request('hello', {
        protocol_version: options.protocolVersion,
        credentials: options.credentials,
      }),
      // The browser's wait for the hello reply (SocketCore connectTimeoutMs).
      new Promise<ServerFrame>((resolve) =>
        setTimeout(() => resolve({ type: 'error', code: 'timeout' }), 10_000),
      ),
    ]);
    if (hello.type !== 'reply') {
      if (ws === socket) ws = null;
      socket.close();
      throw new Error(`hello: ${hello.code} ${hello.message}`);
    }
    greeted = true;
  };

  const join = async (): Promise<void> => {
    const reply = await must('join', { has_mic: true, has_camera: true });
    self = String(reply.data!.participant_id);
  };

  /** After a drop: SocketCore's backoff, then SignalingClient #greeted and RoomSession #onOpen. */
  const reconnect = async (): Promise<void> => {
    const options = joinOptions!;
    for (let attempt = 0; !closedByPage; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(8_000, 300 * 2 ** attempt)));
      if (closedByPage) return;
      reconnectAttempts += 1;
      try {
        await connect(options);
      } catch {
        continue;
      }
      if (joined && sessionId) {
        const resumed = await request('resume', { session_id: sessionId });
        // A transport failure is retried like any other drop (the socket's close does it).
        if (resumed.type === 'error' && resumed.code === 'disconnected') return;
        if (resumed.type === 'reply') {
          // The room kept us: healthy connections stay (RoomMedia.onReconnected, resumed).
          resumes += 1;
          return;
        }
      }
      // The room lost us (grace over, or a new run after a takeover): start over on this socket.
      joined = false;
      startOver();
      const again = await request('join', { has_mic: true, has_camera: true });
      // Dropped meanwhile: the next socket joins (RoomSession #onJoinRefused).
      if (again.type === 'error' && again.code === 'disconnected') return;
      if (again.type !== 'reply') {
        fail(`join: ${again.code} ${again.message}`);
        return;
      }
      self = String(again.data!.participant_id);
      rejoinedAt.push(Date.now());
      if (publishing) await serial('camera', publishCamera).catch(fail);
      if (lastMediaState) await must('set_media_state', lastMediaState).catch(fail);
      return;
    }
  };

  /** RoomMedia.reset: every connection dropped; publishing starts again after the join. */
  const startOver = (): void => {
    drop('camera');
    drop('screen');
    drop('subscriber');
    feeds.clear();
  };

  g.podium = {
    async start(options) {
      joinOptions = options;
      await connect(options);
      await join();
      return { participantId: self };
    },
    publishCamera: (options = {}) => {
      simulcast = options.simulcast ?? false;
      return serial('camera', publishCamera);
    },
    renegotiateCamera: () => serial('camera', renegotiateCamera),
    request,
    async stats() {
      let frames = 0;
      let audioPackets = 0;
      let frameWidth = 0;
      const subscriberRemotePorts: number[] = [];
      const sending: PageMediaStats['sending'] = [];
      (await pcs.camera?.getStats())?.forEach((s) => {
        if (s.type !== 'outbound-rtp' || s.kind !== 'video') return;
        sending.push({
          rid: s.rid ?? '',
          frameWidth: s.frameWidth ?? 0,
          fps: s.framesPerSecond ?? 0,
          limitedBy: s.qualityLimitationReason ?? '',
        });
      });
      const stats = await pcs.subscriber?.getStats();
      stats?.forEach((s) => {
        if (s.type === 'remote-candidate' && s.port) subscriberRemotePorts.push(s.port);
        if (s.type !== 'inbound-rtp') return;
        if (s.kind === 'video') frames += s.framesDecoded ?? 0;
        if (s.kind === 'video') frameWidth = Math.max(frameWidth, s.frameWidth ?? 0);
        if (s.kind === 'audio') audioPackets += s.packetsReceived ?? 0;
      });
      return {
        frames,
        audioPackets,
        frameWidth,
        subscriberRemotePorts,
        subscriberConnections,
        publisherConnections,
        feeds: [...feeds],
        bootId,
        received: [...received],
        renegotiations: renegotiations.map((t) => [...t]),
        errors: [...errors],
        participantId: self,
        sending,
        closeCodes: [...closeCodes],
        reconnectAttempts,
        rejoinedAt: [...rejoinedAt],
        resumes,
      };
    },
    close() {
      closedByPage = true;
      for (const target of ['camera', 'screen', 'subscriber'] as const) drop(target);
      ws?.close();
    },
  };
}

/** Installs the client in `page` (already on the server's origin). */
export async function installMediaClient(page: Page): Promise<void> {
  await page.evaluate(installPageClient);
}

export async function pageJoin(page: Page, options: PageJoinOptions): Promise<string> {
  const { participantId } = await page.evaluate(
    (o) => (globalThis as unknown as PageGlobals).podium.start(o),
    options,
  );
  return participantId;
}

export async function pagePublishCamera(
  page: Page,
  options: { simulcast?: boolean } = {},
): Promise<void> {
  await page.evaluate(
    (o) => (globalThis as unknown as PageGlobals).podium.publishCamera(o),
    options,
  );
}

export async function pageRenegotiateCamera(page: Page): Promise<void> {
  await page.evaluate(() => (globalThis as unknown as PageGlobals).podium.renegotiateCamera());
}

export async function pageStats(page: Page): Promise<PageMediaStats> {
  return page.evaluate(() => (globalThis as unknown as PageGlobals).podium.stats());
}

/** Sends one request from the page; resolves with the server's reply or error frame. */
export async function pageRequest(
  page: Page,
  type: string,
  payload: Record<string, unknown>,
): Promise<{ type: string; code?: string; data?: Record<string, unknown> }> {
  return page.evaluate(([t, p]) => (globalThis as unknown as PageGlobals).podium.request(t, p), [
    type,
    payload,
  ] as const);
}
