// Live rooms' media through Janus's VideoRoom (the gateway's RoomMedia, see
// realtime/room-media.ts). Per live room: one VideoRoom with a generated secret, watched by a
// "monitor" handle that joins as a publisher without ever publishing, so Janus tells it about
// every feed that comes and goes. Per participant: one publisher handle per source (camera+mic
// together, screen apart) and one subscriber handle carrying every feed they watch.
//
// Janus may die and come back (MediaServer restarts it). Its sessions and handles are then gone,
// and with them every PeerConnection: the room is rebuilt on the new Janus, feeds are reported
// removed, and every participant who had a connection is told through `MediaSink.renegotiate`
// to set up a new one. Browsers never see Janus itself.
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import {
  CAMERA_SHARE_MAX,
  CAMERA_SHARE_SOURCES,
  type FeedView,
  type IceCandidate,
  type MediaKind,
  type PeerTarget,
  type PublishSource,
  type RoomMode,
} from '@podium/protocol';
import { isMeetingLike, type PublishRights } from '../rooms/index.ts';
import {
  mayPublish,
  MediaUnavailableError,
  type MediaRoom,
  type MediaRoomOptions,
  type MediaSink,
  type PublishRequest,
  type RoomMedia,
  type SimulcastLayer,
} from '../realtime/room-media.ts';
import type { JanusClient, JanusSession } from './janus-client.ts';
import { MediaError } from './janus-errors.ts';
import type {
  PublisherInfo,
  SubscriptionStream,
  SubscriptionUpdate,
  VideoRoomHandle,
} from './janus-videoroom.ts';
import type { MediaServer } from './media-server.ts';
import { type JanusEdge, RoomEdges } from './room-media-edges.ts';
import { sdpFingerprint, sdpMids } from './sdp-media.ts';

export interface JanusRoomMediaOptions {
  /** The origin Janus: every publisher, and every subscriber of meeting-like rooms. */
  server: MediaServer;
  /**
   * Edge Janus instances (issue 16 item 2): in conference-like rooms the audience subscribes on
   * the least-loaded instance, edges included, and the feeds they watch are forwarded there once
   * per edge. None (the default): everything on `server`, as before.
   */
  edges?: readonly JanusEdge[];
  log: Logger;
  /** How long a media request waits for Janus while it (re)starts (default 15 s). */
  readyTimeoutMs?: number;
  /** How long a subscription change Janus queued may wait for its offer (default 10 s). */
  offerTimeoutMs?: number;
}

/** Conference-like rooms: at most this many stage members publish at once (as the room host). */
const CONFERENCE_PUBLISHERS = 100;
/**
 * Each stage member may publish a camera, a screen and their camera shares: that many Janus
 * publishers.
 */
const PUBLISHERS_PER_MEMBER = 2 + CAMERA_SHARE_MAX;
/** How long replacing a publisher's connection waits for Janus to drop the old one. */
const HANGUP_WAIT_MS = 2_000;
/** Longest shown name Janus keeps (display only; never trusted). */
const MAX_DISPLAY = 100;

/** The media backend of live rooms when Janus runs. */
export class JanusRoomMedia implements RoomMedia {
  readonly available = true;
  readonly #options: JanusRoomMediaOptions;
  readonly #rooms = new Set<JanusMediaRoom>();
  /** Subscriber connections per instance (0 the origin, 1… the edges), over every room. */
  readonly #subscribers: number[];
  readonly #placement: Placement;

  constructor(options: JanusRoomMediaOptions) {
    this.#options = options;
    this.#subscribers = new Array<number>(1 + (options.edges?.length ?? 0)).fill(0);
    this.#placement = {
      place: (up) => this.#place(up),
      count: (instance, delta) => {
        this.#subscribers[instance] = (this.#subscribers[instance] ?? 0) + delta;
      },
    };
  }

  /** Media rooms open now. */
  get openRooms(): number {
    return this.#rooms.size;
  }

  /**
   * Where media runs now: subscriber connections per instance (0 the origin, then the edges),
   * feeds published on the origin, and forwards running to edges (one per feed and edge).
   */
  cascadeStats(): { subscribers: number[]; feeds: number; forwards: number } {
    let feeds = 0;
    let forwards = 0;
    for (const room of this.#rooms) {
      feeds += room.liveFeeds;
      forwards += room.liveForwards;
    }
    return { subscribers: [...this.#subscribers], feeds, forwards };
  }

  /**
   * The least-loaded instance for an audience member's subscription. Load is connections: the
   * origin also carries every publisher; a tie goes to an edge, which exists to take the
   * audience off the origin.
   */
  #place(up: (edge: number) => boolean): number {
    let feeds = 0;
    for (const room of this.#rooms) feeds += room.liveFeeds;
    let best = 0;
    let bestLoad = (this.#subscribers[0] ?? 0) + feeds;
    for (let instance = 1; instance < this.#subscribers.length; instance++) {
      if (!up(instance - 1)) continue;
      const load = this.#subscribers[instance] ?? 0;
      if (load <= bestLoad) {
        best = instance;
        bestLoad = load;
      }
    }
    return best;
  }

  async createRoom(options: MediaRoomOptions, sink: MediaSink): Promise<MediaRoom> {
    const room = new JanusMediaRoom(this.#options, options, sink, this.#placement, () =>
      this.#rooms.delete(room),
    );
    this.#rooms.add(room);
    // With Janus up, build the room now so the first publish does not wait for it. While Janus
    // is (re)starting, the room builds itself as soon as Janus is back; the live room opens now.
    if (this.#options.server.client) await room.open();
    else room.openLater();
    return room;
  }
}

interface Live {
  readonly session: JanusSession;
  /** Administers the VideoRoom and, joined as a silent publisher, hears about every feed. */
  readonly monitor: VideoRoomHandle;
}

interface PublisherSlot {
  readonly source: PublishSource;
  /** Stable across Janus restarts, so clients see the same feed come back. */
  readonly feedId: string;
  handle: VideoRoomHandle | undefined;
  publishing: boolean;
  /** The mids of the last negotiated offer, per kind (moderation works per mid). */
  mids: { audio: string[]; video: string[] };
  /** The DTLS fingerprint of the browser's connection being published. */
  fingerprint: string | undefined;
  /** mids this room has moderated (blocked) in Janus. */
  blocked: Set<string>;
  /** The next hangup is ours (unpublish): no renegotiation. */
  expectHangup: boolean;
}

/** How rooms place audience subscriptions and report them (JanusRoomMedia's counters). */
interface Placement {
  /** 0 the origin, i the edge i - 1; `up` tells which edges answer now. */
  place(up: (edge: number) => boolean): number;
  count(instance: number, delta: 1 | -1): void;
}

interface SubscriberSlot {
  readonly handle: VideoRoomHandle;
  /** Where it runs: 0 the origin Janus, i the edge i - 1 (fed by forwards, see RoomEdges). */
  readonly instance: number;
  /** Taken out of the placement counts (once, whatever took it down). */
  released: boolean;
  /** Feeds with active streams in this subscription. */
  feeds: Set<string>;
  /** Its streams as Janus last reported them (the mid of each feed's video, for `send`). */
  streams: readonly SubscriptionStream[];
  /** A subscription change Janus queued: its offer comes as an event. */
  waiter: { resolve(sdp: string): void; reject(error: Error): void } | undefined;
  expectHangup: boolean;
  /** The simulcast layer Janus last said it forwards, per video mid (its switch event). */
  readonly forwarding: Map<string, SimulcastLayer>;
}

interface Member {
  readonly id: string;
  display: string;
  rights: PublishRights;
  readonly publishers: Map<PublishSource, PublisherSlot>;
  subscriber: SubscriberSlot | undefined;
  /** The subscriber being created (answers and candidates wait for it). */
  subscriberReady: Promise<SubscriberSlot | undefined> | undefined;
  /** The highest simulcast layer it receives (`receive_layer`); Janus's default is the top. */
  layer: SimulcastLayer;
  /** One operation at a time per peer connection. */
  readonly queues: Map<PeerTarget, Promise<unknown>>;
}

/** One viewer's stream moved to another layer (#changeLayers), its switch awaited. */
interface ViewedStream {
  viewer: Member;
  slot: SubscriberSlot;
  stream: SubscriptionStream;
}

/** Janus forwards at most one key-frame request a second per stream (#askKeyFrames). */
const KEY_FRAME_RETRY_MS = 1_100;

/** Janus relays a simulcast stream's top layer unless told otherwise. */
const TOP_LAYER: SimulcastLayer = 2;

const NO_RIGHTS: PublishRights = { audio: false, video: false, screen: false };

function randomId(prefix: string): string {
  // SECURITY: feed ids travel to clients; they carry no meaning and cannot be guessed ahead.
  return prefix + crypto.randomBytes(9).toString('base64url');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function isGoneError(error: unknown): boolean {
  return error instanceof MediaError && (error.kind === 'gone' || error.kind === 'closed');
}

/** Janus went away under a request: to the client, media is unavailable right now. */
function unavailableIfGone(error: unknown): never {
  throw isGoneError(error) ? new MediaUnavailableError() : error;
}

/** Resolves with `promise`, or rejects with MediaUnavailableError after `ms`. */
function withinOrUnavailable<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new MediaUnavailableError()), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        reject(new MediaUnavailableError());
      },
    );
  });
}

class JanusMediaRoom implements MediaRoom {
  readonly available = true;
  readonly #server: MediaServer;
  readonly #sink: MediaSink;
  readonly #log: Logger;
  readonly #readyTimeoutMs: number;
  readonly #offerTimeoutMs: number;
  readonly #onClosed: () => void;
  /** The VideoRoom's id in Janus: unique per media room, never shown to clients. */
  readonly #janusRoomId: string;
  /** SECURITY: the VideoRoom's secret (edit, destroy, moderate, kick) stays in this object. */
  readonly #secret = crypto.randomBytes(24).toString('base64url');
  readonly #monitorFeedId = randomId('m');
  #maxPublishers: number;
  #live: Live | undefined;
  #connecting: Promise<Live> | undefined;
  #closed = false;
  #destroying: Promise<void> | undefined;
  readonly #members = new Map<string, Member>();
  /** Cameras sending fewer than all their layers (`send_layer`), by feed id: the highest sent. */
  readonly #sendCaps = new Map<string, SimulcastLayer>();
  /** Feeds publishing now, as clients see them. */
  readonly #feeds = new Map<string, FeedView>();
  /** Who publishes which feed id (known before the feed goes live). */
  readonly #owners = new Map<string, { participantId: string; source: PublishSource }>();
  /** Peer connections lost with a Janus that died: announced once the room is back. */
  #renegotiate = new Map<string, Set<PeerTarget>>();
  /** Feeds Janus hears talking now (its audio level averages; see `#onTalking`). */
  readonly #talkingFeeds = new Set<string>();
  /**
   * One VideoRoom handle attached ahead of need on the live session: a participant's first
   * subscription (or publisher) takes it instead of waiting for Janus's `attach`, one round
   * trip less between `subscribe` and the offer (issue 11 item 3). Refilled after each use.
   */
  #spare: { live: Live; handle: Promise<VideoRoomHandle | undefined> } | undefined;
  #mode: RoomMode;
  readonly #placement: Placement;
  /** The room's share of the edge Janus instances; undefined when the node has none. */
  readonly #edges: RoomEdges | undefined;
  /** Live feeds as the origin's monitor last described them (streams, codecs: for forwards). */
  readonly #feedInfo = new Map<string, PublisherInfo>();

  constructor(
    options: JanusRoomMediaOptions,
    room: MediaRoomOptions,
    sink: MediaSink,
    placement: Placement,
    onClosed: () => void,
  ) {
    this.#server = options.server;
    this.#readyTimeoutMs = options.readyTimeoutMs ?? 15_000;
    this.#offerTimeoutMs = options.offerTimeoutMs ?? 10_000;
    this.#sink = sink;
    this.#onClosed = onClosed;
    this.#log = room.log.child({ media: 'janus' });
    this.#janusRoomId = `${room.roomId}.${crypto.randomBytes(6).toString('base64url')}`;
    this.#maxPublishers = this.#capFor(room.mode, room.maxPublishers);
    this.#mode = room.mode;
    this.#placement = placement;
    this.#edges = options.edges?.length
      ? new RoomEdges({
          edges: options.edges,
          janusRoomId: this.#janusRoomId,
          // Edge rooms hold only forwarded feeds, whatever the mode becomes later.
          maxPublishers: CONFERENCE_PUBLISHERS * PUBLISHERS_PER_MEMBER,
          log: this.#log,
          origin: () =>
            this.#live && {
              handle: this.#live.monitor,
              roomId: this.#janusRoomId,
              secret: this.#secret,
            },
          onEdgeLost: (edge) => this.#onEdgeLost(edge),
        })
      : undefined;
  }

  /** Feeds published on the origin now (their load counts there). */
  get liveFeeds(): number {
    return this.#feeds.size;
  }

  /** Forwards of this room's feeds to edges running now. */
  get liveForwards(): number {
    return this.#edges?.forwards ?? 0;
  }

  /** Builds the VideoRoom on the running Janus; a failure is logged and retried on demand. */
  async open(): Promise<void> {
    try {
      await withinOrUnavailable(this.#ensureLive(), this.#readyTimeoutMs);
    } catch (error) {
      this.#log.warn({ err: error }, 'media room not ready yet; it is built when Janus answers');
    }
  }

  openLater(): void {
    this.#ensureLive().catch((error: unknown) => {
      if (!this.#closed) this.#log.warn({ err: error }, 'media room could not be built');
    });
  }

  // ---------------------------------------------------------------------------------------------
  // MediaRoom

  feeds(): readonly FeedView[] {
    return [...this.#feeds.values()];
  }

  feedOwner(feedId: string): string | undefined {
    return this.#feeds.get(feedId)?.participant_id;
  }

  publish(request: PublishRequest): Promise<string> {
    const { participantId, source, rights } = request;
    // SECURITY: the room host checked the rights already; never ask Janus for more regardless.
    if (!mayPublish(source, rights)) {
      return Promise.reject(new MediaError('unauthorized', `may not publish ${source}`));
    }
    const member = this.#member(participantId);
    member.display = request.display.slice(0, MAX_DISPLAY);
    member.rights = rights;
    return this.#run(member, source, () =>
      this.#survivingRestart(member, !member.publishers.get(source)?.publishing, () =>
        this.#publishOnce(member, request),
      ),
    );
  }

  async #publishOnce(member: Member, request: PublishRequest): Promise<string> {
    const { participantId, source } = request;
    const live = await this.#room();
    let slot = member.publishers.get(source);
    if (!slot) {
      slot = {
        source,
        feedId: randomId('f'),
        handle: undefined,
        publishing: false,
        mids: { audio: [], video: [] },
        fingerprint: undefined,
        blocked: new Set(),
        expectHangup: false,
      };
      member.publishers.set(source, slot);
      this.#owners.set(slot.feedId, { participantId, source });
    }
    if (!slot.handle || slot.handle.isGone || slot.handle.role !== 'publisher') {
      // A kicked handle cannot join again: Janus allows one join per handle.
      void slot.handle?.close().catch(() => undefined);
      const handle = await this.#attachPublisher(live, member, slot);
      if (this.#closed || this.#members.get(member.id) !== member) {
        // Left (or the room closed) meanwhile: leave() no longer knows this handle.
        await handle.close();
        throw new MediaError('gone', 'the participant left');
      }
      slot.handle = handle;
      slot.publishing = false;
    }
    const offer = { type: 'offer' as const, sdp: request.sdp };
    const fingerprint = sdpFingerprint(request.sdp);
    if (slot.publishing && fingerprint !== slot.fingerprint) {
      // A new browser connection for this source replaces the one being published. Janus
      // tears the old PeerConnection down after answering; publish once it is gone.
      await this.#unpublishSlot(member, source, true);
    }
    let answer: string;
    if (slot.publishing) {
      // A renegotiation on the same PeerConnection (new tracks, ICE restart).
      const described = await slot.handle.configurePublisher({ offer });
      if (!described) throw new MediaError('other', 'VideoRoom renegotiated without an answer');
      answer = described.sdp;
    } else {
      slot.expectHangup = false;
      answer = (await slot.handle.publish({ offer, display: member.display })).sdp;
      slot.publishing = true;
      // A fresh PeerConnection: Janus forgot earlier moderation along with the old streams.
      slot.blocked = new Set();
      // And a fresh camera sends every layer again (its browser starts from all of them).
      this.#sendCaps.delete(slot.feedId);
    }
    slot.mids = sdpMids(request.sdp);
    slot.fingerprint = fingerprint;
    await this.#applyBlocks(live, member, slot);
    return answer;
  }

  unpublish(participantId: string, source: PublishSource): Promise<void> {
    const member = this.#members.get(participantId);
    if (!member) return Promise.resolve();
    return this.#run(member, source, () => this.#unpublishSlot(member, source));
  }

  subscribe(participantId: string, feedIds: readonly string[]): Promise<string> {
    const member = this.#member(participantId);
    return this.#run(member, 'subscriber', () =>
      this.#survivingRestart(member, !member.subscriber, () =>
        this.#subscribeOnce(member, feedIds),
      ),
    );
  }

  async #subscribeOnce(member: Member, feedIds: readonly string[]): Promise<string> {
    const live = await this.#room();
    const wanted = [...new Set(feedIds)].filter((feedId) => this.#feeds.has(feedId));
    if (wanted.length === 0) {
      throw new MediaError('no-such-feed', 'none of these feeds is being published');
    }
    const existing = member.subscriber;
    if (!existing || existing.handle.isGone) {
      const created = this.#createSubscriber(live, member, wanted);
      member.subscriberReady = created.then(
        ({ slot }) => slot,
        () => undefined,
      );
      return (await created).offer;
    }
    const fresh = wanted.filter((feedId) => !existing.feeds.has(feedId));
    if (fresh.length === 0) {
      // Nothing to add: an ICE restart gives the client a valid offer to answer all the same.
      return this.#restartSubscriber(existing);
    }
    const update = await this.#updateWithForwards(member, existing, fresh);
    if (update.status === 'updated') {
      const before = videoMids(existing.streams);
      track(existing, update.streams);
      this.#layerOnNewStreams(member, existing, before);
      if (!update.offer) throw new MediaError('other', 'VideoRoom updated without an offer');
      return update.offer.sdp;
    }
    // Janus holds the change until the browser answers its previous offer.
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        existing.waiter = undefined;
        reject(new MediaError('timeout', 'the subscription change got no offer in time'));
      }, this.#offerTimeoutMs);
      timer.unref();
      existing.waiter = {
        resolve: (sdp) => {
          clearTimeout(timer);
          resolve(sdp);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
    });
  }

  unsubscribe(participantId: string, feedIds: readonly string[]): Promise<void> {
    const member = this.#members.get(participantId);
    if (!member) return Promise.resolve();
    return this.#run(member, 'subscriber', async () => {
      const slot = member.subscriber;
      const gone = [...new Set(feedIds)].filter((feedId) => slot?.feeds.has(feedId));
      if (!slot || slot.handle.isGone || gone.length === 0) return;
      const update = await slot.handle
        .updateSubscription({ unsubscribe: gone.map((feedId) => ({ feedId })) })
        .catch(unavailableIfGone);
      slot.feeds = new Set([...slot.feeds].filter((feedId) => !gone.includes(feedId)));
      if (slot.instance > 0) this.#edges?.unwatch(slot.instance - 1, member.id, gone);
      // Queued: Janus sends the offer as an event once the browser answered the previous one.
      if (update.status === 'updated' && update.offer && member.subscriber === slot) {
        this.#sink.offer(member.id, 'subscriber', update.offer.sdp);
      }
    });
  }

  receiveVideo(participantId: string, feedId: string, on: boolean): Promise<void> {
    const member = this.#members.get(participantId);
    if (!member) return Promise.resolve();
    return this.#run(member, 'subscriber', async () => {
      const slot = member.subscriber;
      if (!slot || slot.handle.isGone) return;
      const mids = slot.streams
        .filter((s) => s.active && s.feedId === feedId && s.kind === 'video')
        .map((s) => s.mid);
      if (mids.length === 0) return;
      // `send` per stream: Janus stops relaying (and so the browser stops asking for keyframes)
      // without a new offer.
      await slot.handle
        .configureSubscriber({ streams: mids.map((mid) => ({ mid, send: on })) })
        .catch(unavailableIfGone);
    });
  }

  receiveLayer(participantId: string, layer: SimulcastLayer): Promise<void> {
    const member = this.#members.get(participantId);
    if (!member) return Promise.resolve();
    const changed = member.layer !== layer;
    member.layer = layer;
    if (!changed) return Promise.resolve();
    return this.#changeLayers([member], (slot) => videoStreams(slot.streams));
  }

  /**
   * Moves these viewers' video streams (`pick` of their subscription) to the layer each should
   * get (#layerOf), then asks the feeds' publishers for a key frame, on which Janus switches.
   */
  async #changeLayers(
    viewers: readonly Member[],
    pick: (slot: SubscriberSlot) => readonly SubscriptionStream[],
  ): Promise<void> {
    const moved = await Promise.all(
      viewers.map((viewer) =>
        this.#run(viewer, 'subscriber', async () => {
          const slot = viewer.subscriber;
          if (!slot || slot.handle.isGone) return [];
          const streams = pick(slot);
          await this.#applyLayer(viewer, slot, streams);
          return streams.map((stream) => ({ viewer, slot, stream }));
        }),
      ),
    );
    await this.#askKeyFrames(moved.flat());
  }

  /**
   * Asks the publishers of these viewers' streams for a key frame: Janus moves a viewer to
   * another layer only on one, and without asking that is the room's periodic request, up to
   * 10 s away. Asked again 1.1 s later for the streams Janus has not switched yet: it drops a
   * request that comes within a second of its previous one for the same stream (any viewer's
   * PLI counts) and, for a publisher of its own, never sends it later. Only then, because over a
   * lossy uplink every key frame more is a burst of loss more (bench/README, the degraded link).
   */
  async #askKeyFrames(moved: readonly ViewedStream[]): Promise<void> {
    const feedsOf = (streams: readonly ViewedStream[]) => [
      ...new Set(streams.flatMap(({ stream }) => (stream.feedId ? [stream.feedId] : []))),
    ];
    const ask = (feeds: readonly string[]) =>
      Promise.all(feeds.map((feedId) => this.#askKeyFrame(feedId)));
    const again = setTimeout(() => {
      const waiting = moved.filter(
        ({ viewer, slot, stream }) =>
          viewer.subscriber === slot &&
          slot.forwarding.get(stream.mid) !== this.#layerOf(viewer, stream),
      );
      void ask(feedsOf(waiting));
    }, KEY_FRAME_RETRY_MS);
    again.unref?.();
    await ask(feedsOf(moved));
  }

  async #askKeyFrame(feedId: string): Promise<void> {
    const owner = this.#owners.get(feedId);
    if (!owner || this.#closed) return;
    const member = this.#members.get(owner.participantId);
    const slot = member?.publishers.get(owner.source);
    if (!member || !slot) return;
    await this.#run(member, owner.source, async () => {
      if (slot.handle && slot.publishing && !slot.handle.isGone) {
        await slot.handle.configurePublisher({ keyframe: true }).catch(unavailableIfGone);
      }
    }).catch((error: unknown) =>
      this.#log.warn({ err: error, peerId: member.id }, 'key frame not asked for'),
    );
  }

  /**
   * Make before break: every viewer of the member's camera is moved to `layer` (or below) while
   * the layers above it are still sent, then the camera is asked for a key frame, on which Janus
   * switches them without a gap. Left to itself Janus notices a layer that stopped only after
   * 250 ms of nothing, steps down one layer at a time and waits for a key frame on each: over a
   * lossy uplink that froze viewers for 3–4 s (bench/README, the degraded link).
   */
  async sendLayer(participantId: string, layer: SimulcastLayer): Promise<void> {
    const camera = this.#members.get(participantId)?.publishers.get('camera');
    if (!camera || (this.#sendCaps.get(camera.feedId) ?? TOP_LAYER) === layer) return;
    if (layer === TOP_LAYER) this.#sendCaps.delete(camera.feedId);
    else this.#sendCaps.set(camera.feedId, layer);
    const viewers = [...this.#members.values()].filter(
      (m) =>
        m.id !== participantId && m.subscriber?.streams.some((s) => s.feedId === camera.feedId),
    );
    await this.#changeLayers(viewers, (slot) =>
      videoStreams(slot.streams).filter((s) => s.feedId === camera.feedId),
    );
  }

  /** The layer a viewer gets of one stream: its own choice, capped by what the sender sends. */
  #layerOf(viewer: Member, stream: SubscriptionStream | undefined): SimulcastLayer {
    const cap = stream?.feedId === undefined ? undefined : this.#sendCaps.get(stream.feedId);
    return cap === undefined ? viewer.layer : (Math.min(viewer.layer, cap) as SimulcastLayer);
  }

  /**
   * Sets the member's layer on these video streams (`substream` per stream, no renegotiation).
   * Janus starts every new stream at the top: streams added later get the layer once it is not.
   */
  async #applyLayer(
    member: Member,
    slot: SubscriberSlot,
    streams: readonly SubscriptionStream[],
  ): Promise<void> {
    if (streams.length === 0) return;
    await slot.handle
      .configureSubscriber({
        streams: streams.map((s) => ({ mid: s.mid, substream: this.#layerOf(member, s) })),
      })
      .catch(unavailableIfGone);
  }

  /** After a subscription change: a reduced layer for the video streams it added. */
  #layerOnNewStreams(member: Member, slot: SubscriberSlot, before: readonly string[]): void {
    // The common case, every viewer of a big room joining: nothing to look up.
    if (member.layer === TOP_LAYER && this.#sendCaps.size === 0) return;
    const added = videoStreams(slot.streams).filter(
      (s) => !before.includes(s.mid) && this.#layerOf(member, s) !== TOP_LAYER,
    );
    if (added.length === 0) return;
    // Queued after the change in progress (this may run inside it); a failure is only logged:
    // the stream then arrives at the top layer, as before.
    void this.#run(member, 'subscriber', () => this.#applyLayer(member, slot, added)).catch(
      (error: unknown) => this.#log.warn({ err: error, peerId: member.id }, 'layer not applied'),
    );
  }

  async answer(participantId: string, sdp: string): Promise<void> {
    // Not queued behind `subscribe`: a queued subscription change waits for this very answer.
    const slot = await this.#subscriberOf(participantId);
    if (!slot) throw new MediaError('wrong-state', 'there is no subscription to answer');
    await slot.handle.start({ type: 'answer', sdp }).catch(unavailableIfGone);
  }

  async trickle(
    participantId: string,
    target: PeerTarget,
    candidate: IceCandidate | null,
  ): Promise<void> {
    const member = this.#members.get(participantId);
    if (!member) return;
    const send = async (handle: VideoRoomHandle | undefined): Promise<void> => {
      // Candidates for a connection that is gone are harmless: drop them.
      if (!handle || handle.isGone) return;
      try {
        await handle.trickle(normaliseCandidate(candidate));
      } catch (error) {
        if (!isGoneError(error)) throw error;
      }
    };
    if (target === 'subscriber') {
      await send((await this.#subscriberOf(participantId))?.handle);
      return;
    }
    // In turn with the publish they belong to, so they reach the handle it creates.
    await this.#run(member, target, () => send(member.publishers.get(target)?.handle));
  }

  restartIce(participantId: string, target: PeerTarget): Promise<string | null> {
    // A publisher restarts from the browser: it sends a new publish_offer with fresh ICE.
    if (target !== 'subscriber') return Promise.resolve(null);
    const member = this.#members.get(participantId);
    if (!member) return Promise.reject(new MediaError('wrong-state', 'nothing to restart'));
    return this.#run(member, 'subscriber', async () => {
      const slot = member.subscriber;
      if (!slot || slot.handle.isGone) {
        throw new MediaError('wrong-state', 'there is no subscription to restart');
      }
      return this.#restartSubscriber(slot).catch(unavailableIfGone);
    });
  }

  async setPermissions(participantId: string, rights: PublishRights): Promise<void> {
    const member = this.#members.get(participantId);
    if (!member) return;
    member.rights = rights;
    await Promise.all([
      this.#run(member, 'camera', async () => {
        const slot = member.publishers.get('camera');
        if (this.#live && slot) await this.#applyBlocks(this.#live, member, slot);
      }),
      rights.screen
        ? Promise.resolve()
        : this.#run(member, 'screen', () => this.#unpublishSlot(member, 'screen')),
      // Camera shares, like the screen, live or die by their right as a whole.
      ...CAMERA_SHARE_SOURCES.map((source) =>
        rights.video
          ? Promise.resolve()
          : this.#run(member, source, () => this.#unpublishSlot(member, source)),
      ),
    ]);
  }

  /**
   * Mute all / stop all cameras. The participant's client turns the media off (`media_stopped`)
   * and may turn it on again whenever its rights allow, which it does with a track swap that
   * tells the server nothing. So Janus does not block it here: a block would outlive the
   * participant's own "unmute" and silence them for good. SECURITY: nothing is lost, since what
   * the rights forbid is blocked by setPermissions (attendees lose their grant on a stop).
   */
  async stop(participantId: string, kinds: readonly MediaKind[]): Promise<void> {
    this.#log.debug({ peerId: participantId, kinds }, 'media stopped by a host (client-side)');
  }

  async setInterpreter(participantId: string, channel: string | null): Promise<void> {
    // The interpreter's camera feed carries their voice (interpreters have no video right, so it
    // is audio only); the room host decides who receives it per channel and calls `unsubscribe`
    // for listeners who lose it. Janus itself needs nothing more.
    this.#log.debug({ peerId: participantId, channel }, 'interpreter channel');
  }

  async setMode(mode: RoomMode): Promise<void> {
    this.#mode = mode;
    const cap = this.#capFor(mode, 0);
    if (cap <= this.#maxPublishers) return;
    this.#maxPublishers = cap;
    const live = this.#live;
    if (live) {
      await live.monitor.editRoom(this.#janusRoomId, this.#secret, { maxPublishers: cap });
    }
  }

  async leave(participantId: string): Promise<void> {
    const member = this.#members.get(participantId);
    if (!member) return;
    this.#members.delete(participantId);
    this.#renegotiate.delete(participantId);
    member.subscriber?.waiter?.reject(new MediaError('gone', 'the participant left'));
    const removed: string[] = [];
    for (const slot of member.publishers.values()) {
      this.#onTalking(slot.feedId, false);
      this.#owners.delete(slot.feedId);
      if (this.#feeds.delete(slot.feedId)) removed.push(slot.feedId);
    }
    if (removed.length > 0) this.#sink.feedsChanged({ added: [], removed });
    const handles = [
      ...[...member.publishers.values()].map((slot) => slot.handle),
      member.subscriber?.handle,
    ];
    if (member.subscriber) this.#release(member, member.subscriber);
    member.subscriber = undefined;
    member.subscriberReady = undefined;
    await Promise.all(handles.map((handle) => handle?.close().catch(() => undefined)));
  }

  destroy(): Promise<void> {
    this.#destroying ??= (async () => {
      this.#closed = true;
      for (const member of this.#members.values()) {
        member.subscriber?.waiter?.reject(new MediaError('gone', 'the room is closed'));
        if (member.subscriber) this.#release(member, member.subscriber);
      }
      this.#members.clear();
      this.#feedInfo.clear();
      this.#feeds.clear();
      this.#owners.clear();
      this.#talkingFeeds.clear();
      this.#renegotiate.clear();
      const live = this.#live;
      this.#live = undefined;
      // Closed with the session below.
      this.#spare = undefined;
      await Promise.all([live && this.#teardown(live), this.#edges?.close()]);
      this.#onClosed();
      this.#log.debug('media room destroyed');
    })();
    return this.#destroying;
  }

  // ---------------------------------------------------------------------------------------------
  // The VideoRoom on the running Janus

  #capFor(mode: RoomMode, stage: number): number {
    const members = isMeetingLike(mode) ? stage : Math.max(stage, CONFERENCE_PUBLISHERS);
    return Math.max(1, members) * PUBLISHERS_PER_MEMBER;
  }

  /** The live VideoRoom; waits (bounded) while Janus restarts, else MediaUnavailableError. */
  #room(): Promise<Live> {
    if (this.#live) return Promise.resolve(this.#live);
    if (this.#closed) return Promise.reject(new MediaUnavailableError());
    return withinOrUnavailable(this.#ensureLive(), this.#readyTimeoutMs);
  }

  #ensureLive(): Promise<Live> {
    if (this.#live) return Promise.resolve(this.#live);
    if (this.#closed) return Promise.reject(new MediaUnavailableError());
    this.#connecting ??= this.#connect().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  /** Waits for Janus and builds the room on it, retrying until that works or the room closes. */
  async #connect(): Promise<Live> {
    for (let attempt = 0; ; attempt++) {
      // Rejects once the media server is closed.
      const client = await this.#server.whenReady();
      if (this.#closed) throw new MediaUnavailableError();
      try {
        return await this.#build(client);
      } catch (error) {
        if (this.#closed) throw new MediaUnavailableError();
        this.#log.warn({ err: error, attempt }, 'building the media room failed; retrying');
        await sleep(Math.min(250 * 2 ** attempt, 5_000));
      }
    }
  }

  async #build(client: JanusClient): Promise<Live> {
    const session = await client.createSession();
    let monitor: VideoRoomHandle;
    try {
      monitor = await session.attachVideoRoom();
      try {
        await monitor.createRoom({
          roomId: this.#janusRoomId,
          secret: this.#secret,
          maxPublishers: this.#maxPublishers,
          videoCodecs: ['vp8'],
          audioCodecs: ['opus'],
          // Talking / stopped-talking for the active speaker, from the audio level extension.
          audioLevelEvents: true,
        });
      } catch (error) {
        // Still there from before our session lapsed (Janus kept running): take it back.
        if (!(error instanceof MediaError && error.kind === 'room-exists')) throw error;
      }
      monitor.on('publishers', ({ publishers }) => this.#onPublishers(publishers));
      monitor.on('unpublished', ({ feedId }) => this.#onFeedGone(feedId));
      monitor.on('left', ({ feedId }) => this.#onFeedGone(feedId));
      monitor.on('kicked', ({ feedId }) => this.#onFeedGone(feedId));
      // Janus tells every publisher in the room; the monitor is one, so one copy reaches us.
      monitor.on('talking', ({ feedId, talking }) => this.#onTalking(feedId, talking));
      await monitor.joinAsPublisher({
        roomId: this.#janusRoomId,
        feedId: this.#monitorFeedId,
        display: 'podium',
      });
    } catch (error) {
      await session.close();
      throw error;
    }
    const live: Live = { session, monitor };
    if (this.#closed || session.isClosed) {
      await this.#teardown(live);
      throw new MediaUnavailableError();
    }
    session.on('closed', ({ reason }) => {
      if (reason !== 'destroyed') this.#lost(live, reason);
    });
    this.#live = live;
    this.#refillSpare(live);
    this.#log.info({ janusRoom: this.#janusRoomId }, 'media room ready');
    const pending = this.#renegotiate;
    this.#renegotiate = new Map();
    for (const [participantId, targets] of pending) {
      if (this.#members.has(participantId)) this.#sink.renegotiate(participantId, [...targets]);
    }
    return live;
  }

  async #teardown(live: Live): Promise<void> {
    try {
      await live.monitor.destroyRoom(this.#janusRoomId, this.#secret);
    } catch (error) {
      if (!isGoneError(error)) this.#log.warn({ err: error }, 'destroying the VideoRoom failed');
    }
    await live.session.close();
  }

  /** Janus (or our session in it) is gone: every handle and PeerConnection with it. */
  #lost(live: Live, reason: string): void {
    if (this.#live !== live || this.#closed) return;
    this.#live = undefined;
    // Its handle went with the session.
    this.#spare = undefined;
    this.#log.warn({ reason }, 'media room lost with its Janus session; rebuilding it');
    const removed = [...this.#feeds.keys()];
    for (const feedId of [...this.#talkingFeeds]) this.#onTalking(feedId, false);
    this.#feeds.clear();
    for (const member of this.#members.values()) {
      const targets = this.#renegotiate.get(member.id) ?? new Set<PeerTarget>();
      for (const slot of member.publishers.values()) {
        if (slot.publishing) targets.add(slot.source);
        slot.handle = undefined;
        slot.publishing = false;
        slot.blocked = new Set();
      }
      if (member.subscriber) {
        targets.add('subscriber');
        member.subscriber.waiter?.reject(new MediaError('gone', 'the media server restarted'));
        this.#release(member, member.subscriber);
      }
      member.subscriber = undefined;
      member.subscriberReady = undefined;
      if (targets.size > 0) this.#renegotiate.set(member.id, targets);
    }
    // The forwards left with the origin's publishers; their remote publishers on the edges go.
    this.#feedInfo.clear();
    this.#edges?.originLost();
    if (removed.length > 0) this.#sink.feedsChanged({ added: [], removed });
    this.openLater();
  }

  // ---------------------------------------------------------------------------------------------
  // Feeds (the monitor's view of the room)

  #onPublishers(publishers: readonly PublisherInfo[]): void {
    const added: FeedView[] = [];
    for (const publisher of publishers) {
      const owner = this.#owners.get(publisher.feedId);
      const member = owner && this.#members.get(owner.participantId);
      if (!owner || !member) continue;
      const live = publisher.streams.filter((s) => !s.disabled);
      const feed: FeedView = {
        feed_id: publisher.feedId,
        participant_id: owner.participantId,
        name: member.display,
        source: owner.source,
        channel: null,
        audio: live.some((s) => s.kind === 'audio'),
        video: live.some((s) => s.kind === 'video'),
        simulcast: live.some((s) => s.simulcast === true),
      };
      this.#feeds.set(feed.feed_id, feed);
      const before = this.#feedInfo.get(publisher.feedId);
      this.#feedInfo.set(publisher.feedId, publisher);
      if (before) this.#edges?.feedChanged(publisher);
      added.push(feed);
    }
    if (added.length > 0) this.#sink.feedsChanged({ added, removed: [] });
  }

  /**
   * Janus reports talking per feed; the room hears it per participant: talking while any of
   * their feeds is, stopped when the last one stops or goes away.
   */
  #onTalking(feedId: string, talking: boolean): void {
    const owner = this.#owners.get(feedId);
    if (!owner) return;
    const before = this.#talkingOf(owner.participantId);
    if (talking) this.#talkingFeeds.add(feedId);
    else this.#talkingFeeds.delete(feedId);
    const after = this.#talkingOf(owner.participantId);
    if (before !== after) this.#sink.talking?.(owner.participantId, after);
  }

  #talkingOf(participantId: string): boolean {
    for (const feedId of this.#talkingFeeds) {
      if (this.#owners.get(feedId)?.participantId === participantId) return true;
    }
    return false;
  }

  #onFeedGone(feedId: string): void {
    this.#feedInfo.delete(feedId);
    this.#edges?.feedGone(feedId);
    this.#onTalking(feedId, false);
    if (this.#feeds.delete(feedId)) this.#sink.feedsChanged({ added: [], removed: [feedId] });
  }

  // ---------------------------------------------------------------------------------------------
  // Participants' handles

  #member(participantId: string): Member {
    let member = this.#members.get(participantId);
    if (!member) {
      member = {
        id: participantId,
        display: '',
        rights: NO_RIGHTS,
        publishers: new Map(),
        subscriber: undefined,
        subscriberReady: undefined,
        layer: TOP_LAYER,
        queues: new Map(),
      };
      this.#members.set(participantId, member);
    }
    return member;
  }

  /** Runs `task` after the earlier operations on the same peer connection of this member. */
  #run<T>(member: Member, target: PeerTarget, task: () => Promise<T>): Promise<T> {
    const previous = member.queues.get(target) ?? Promise.resolve();
    const result = previous.then(task);
    member.queues.set(
      target,
      result.catch(() => undefined),
    );
    return result;
  }

  /**
   * Runs a media request; when Janus dies under it, a fresh request (no connection of this kind
   * yet) runs again on the rebuilt room, while a renegotiation of a connection that died with
   * Janus answers "unavailable": the browser is told to `renegotiate` instead.
   *
   * A request can fail on the dead Janus before its session's `closed` reaches `#lost` (a busy
   * machine delivered them in that order: a CI run's retry met the old room again), so a fresh
   * request is tried again, a little later each time, until the room is rebuilt or the wait for
   * Janus (`readyTimeoutMs`) is over.
   */
  async #survivingRestart<T>(member: Member, fresh: boolean, task: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.#readyTimeoutMs;
    for (let attempt = 0; ; attempt++) {
      try {
        return await task();
      } catch (error) {
        if (!isGoneError(error)) throw error;
        if (!fresh || this.#closed || this.#members.get(member.id) !== member) {
          throw new MediaUnavailableError();
        }
        if (Date.now() >= deadline) throw new MediaUnavailableError();
        this.#log.info({ peerId: member.id, attempt }, 'media request retried after losing Janus');
        if (attempt > 0) await sleep(Math.min(50 * 2 ** attempt, 1_000));
      }
    }
  }

  /** Whether `member` is still in this room with `slot` as its current publisher of a source. */
  #isCurrent(member: Member, slot: PublisherSlot): boolean {
    return (
      !this.#closed &&
      this.#members.get(member.id) === member &&
      member.publishers.get(slot.source) === slot
    );
  }

  /** A fresh VideoRoom handle on `live`: the spare one when it is ready, else a new attach. */
  async #attach(live: Live): Promise<VideoRoomHandle> {
    const spare = this.#spare?.live === live ? this.#spare : undefined;
    this.#spare = undefined;
    this.#refillSpare(live);
    const handle = await spare?.handle;
    if (handle && !handle.isGone) return handle;
    return live.session.attachVideoRoom();
  }

  #refillSpare(live: Live): void {
    if (this.#closed || this.#live !== live || live.session.isClosed) return;
    const handle = live.session.attachVideoRoom().then(
      (attached) => {
        // Not taken and no longer current (Janus lost, room closed): Janus drops it with the
        // session; a session that lives on must not keep it.
        if (this.#spare?.handle !== handle && (this.#closed || this.#live !== live)) {
          void attached.close().catch(() => undefined);
          return undefined;
        }
        return attached;
      },
      () => undefined,
    );
    this.#spare = { live, handle };
  }

  async #attachPublisher(
    live: Live,
    member: Member,
    slot: PublisherSlot,
  ): Promise<VideoRoomHandle> {
    const handle = await this.#attach(live);
    handle.on('candidate', ({ candidate }) => {
      if (this.#isCurrent(member, slot) && slot.handle === handle) {
        this.#sink.candidate(member.id, slot.source, candidate);
      }
    });
    handle.on('hangup', ({ reason }) => {
      if (!this.#isCurrent(member, slot) || slot.handle !== handle) return;
      const wasPublishing = slot.publishing;
      slot.publishing = false;
      slot.blocked = new Set();
      if (slot.expectHangup) {
        slot.expectHangup = false;
        return;
      }
      this.#log.info({ peerId: member.id, source: slot.source, reason }, 'publisher hung up');
      // Janus lost the PeerConnection (ICE failed, …): the browser needs a new one. Not when the
      // browser closed it itself (it knows, and may be replacing it right now).
      if (wasPublishing && !closedByBrowser(reason)) {
        this.#sink.renegotiate(member.id, [slot.source]);
      }
    });
    try {
      await handle.joinAsPublisher({
        roomId: this.#janusRoomId,
        feedId: slot.feedId,
        display: member.display,
      });
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle;
  }

  async #unpublishSlot(
    member: Member,
    source: PublishSource,
    waitForHangup = false,
  ): Promise<void> {
    const slot = member.publishers.get(source);
    const handle = slot?.handle;
    if (!slot || !handle || !slot.publishing) return;
    slot.expectHangup = true;
    slot.publishing = false;
    if (this.#feeds.delete(slot.feedId)) {
      this.#sink.feedsChanged({ added: [], removed: [slot.feedId] });
    }
    let stopWaiting = (): void => undefined;
    const hungUp = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, HANGUP_WAIT_MS);
      const off = handle.once('hangup', () => resolve());
      stopWaiting = () => {
        clearTimeout(timer);
        off();
      };
    });
    try {
      await handle.unpublish();
      if (waitForHangup) await hungUp;
    } catch (error) {
      if (!isGoneError(error) && !(error instanceof MediaError && error.kind === 'not-published')) {
        throw error;
      }
    } finally {
      stopWaiting();
    }
  }

  /** Moderates (blocks) the camera publisher's streams the member may not send right now. */
  async #applyBlocks(live: Live, member: Member, slot: PublisherSlot): Promise<void> {
    if (!slot.handle || !slot.publishing) return;
    // A screen publisher lives or dies by the screen right as a whole (see setPermissions).
    const wanted = new Set<string>();
    if (slot.source === 'camera') {
      if (!member.rights.audio) for (const mid of slot.mids.audio) wanted.add(mid);
      if (!member.rights.video) for (const mid of slot.mids.video) wanted.add(mid);
    }
    let videoBack = false;
    for (const mid of [...slot.mids.audio, ...slot.mids.video]) {
      const block = wanted.has(mid);
      if (block === slot.blocked.has(mid)) continue;
      await live.monitor.moderate(this.#janusRoomId, this.#secret, slot.feedId, mid, block);
      if (block) slot.blocked.add(mid);
      else slot.blocked.delete(mid);
      if (!block && slot.mids.video.includes(mid)) videoBack = true;
    }
    // Viewers cannot decode until the next key frame: ask for one now rather than waiting for
    // the room's periodic request.
    if (videoBack) await slot.handle.configurePublisher({ keyframe: true });
  }

  async #createSubscriber(
    live: Live,
    member: Member,
    feedIds: readonly string[],
  ): Promise<{ slot: SubscriberSlot; offer: string }> {
    const instance = this.#placeSubscriber(member);
    const handle =
      instance === 0
        ? await this.#attach(live)
        : await this.#attachOnEdge(member, instance, feedIds);
    const slot: SubscriberSlot = {
      handle,
      instance,
      released: false,
      feeds: new Set(),
      streams: [],
      waiter: undefined,
      expectHangup: false,
      forwarding: new Map(),
    };
    const current = () =>
      !this.#closed && this.#members.get(member.id) === member && member.subscriber === slot;
    handle.on('candidate', ({ candidate }) => {
      if (current()) this.#sink.candidate(member.id, 'subscriber', candidate);
    });
    handle.on('layerSwitched', ({ mid, substream }) => slot.forwarding.set(mid, substream));
    handle.on('subscriptionUpdated', ({ streams, offer }) => {
      if (!current()) return;
      const before = videoMids(slot.streams);
      track(slot, streams);
      this.#layerOnNewStreams(member, slot, before);
      if (!offer) return;
      const waiter = slot.waiter;
      slot.waiter = undefined;
      if (waiter) waiter.resolve(offer.sdp);
      else this.#sink.offer(member.id, 'subscriber', offer.sdp);
    });
    handle.on('hangup', ({ reason }) => {
      if (!current()) return;
      // The subscriber's PeerConnection is gone (ICE or DTLS failed, or the browser closed
      // it): drop the handle; the browser subscribes again on a new connection.
      this.#release(member, slot);
      member.subscriber = undefined;
      member.subscriberReady = undefined;
      slot.waiter?.reject(new MediaError('gone', 'the subscription hung up'));
      void handle.close().catch(() => undefined);
      this.#log.info({ peerId: member.id, reason }, 'subscriber hung up');
      if (!closedByBrowser(reason)) this.#sink.renegotiate(member.id, ['subscriber']);
    });
    // Current before the join: Janus may send candidates as soon as it has made its offer.
    member.subscriber = slot;
    this.#placement.count(instance, 1);
    try {
      const subscription = await handle.joinAsSubscriber({
        roomId: this.#janusRoomId,
        streams: feedIds.map((feedId) => ({ feedId })),
      });
      track(slot, subscription.streams);
      this.#layerOnNewStreams(member, slot, []);
      return { slot, offer: subscription.offer.sdp };
    } catch (error) {
      if (member.subscriber === slot) member.subscriber = undefined;
      this.#release(member, slot);
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Edges (audience subscriptions on other Janus instances; see room-media-edges.ts)

  /**
   * Where a new subscription runs: the audience of a conference-like room (members publishing
   * nothing) on the least-loaded instance, everyone else on the origin.
   */
  #placeSubscriber(member: Member): number {
    const edges = this.#edges;
    if (!edges || isMeetingLike(this.#mode) || member.publishers.size > 0) return 0;
    return this.#placement.place((edge) => edges.isUp(edge));
  }

  /** The origin's descriptions of these feeds (what a forward declares on the edge). */
  #infos(feedIds: readonly string[]): PublisherInfo[] {
    return feedIds.flatMap((feedId) => this.#feedInfo.get(feedId) ?? []);
  }

  /** A subscriber handle on an edge, once the feeds are forwarded there. */
  async #attachOnEdge(
    member: Member,
    instance: number,
    feedIds: readonly string[],
  ): Promise<VideoRoomHandle> {
    const edges = this.#edges!;
    const edge = instance - 1;
    await edges.watch(edge, member.id, this.#infos(feedIds));
    try {
      return await (await edges.session(edge)).attachVideoRoom();
    } catch (error) {
      edges.unwatch(edge, member.id);
      throw error;
    }
  }

  /** Adds feeds to a subscription, forwarding them first when it runs on an edge. */
  async #updateWithForwards(
    member: Member,
    slot: SubscriberSlot,
    feedIds: readonly string[],
  ): Promise<SubscriptionUpdate> {
    const edge = slot.instance - 1;
    if (edge >= 0) await this.#edges?.watch(edge, member.id, this.#infos(feedIds));
    try {
      return await slot.handle.updateSubscription({
        subscribe: feedIds.map((feedId) => ({ feedId })),
      });
    } catch (error) {
      if (edge >= 0) this.#edges?.unwatch(edge, member.id, feedIds);
      throw error;
    }
  }

  /** The subscription is done with: out of the load counts, its edge forwards unwatched. */
  #release(member: Member, slot: SubscriberSlot): void {
    if (slot.released) return;
    slot.released = true;
    this.#placement.count(slot.instance, -1);
    if (slot.instance > 0) {
      this.#edges?.unwatch(slot.instance - 1, member.id);
      // The edge's session outlives the subscription (unlike the origin's after a restart).
      void slot.handle.close().catch(() => undefined);
    }
  }

  /** An edge Janus went away: its subscribers need new connections (placed anew). */
  #onEdgeLost(edge: number): void {
    for (const member of this.#members.values()) {
      const slot = member.subscriber;
      if (!slot || slot.instance !== edge + 1) continue;
      slot.waiter?.reject(new MediaError('gone', 'the edge media server restarted'));
      this.#release(member, slot);
      member.subscriber = undefined;
      member.subscriberReady = undefined;
      this.#sink.renegotiate(member.id, ['subscriber']);
    }
  }

  async #restartSubscriber(slot: SubscriberSlot): Promise<string> {
    const offer = await slot.handle.configureSubscriber({ restartIce: true });
    if (!offer) throw new MediaError('other', 'VideoRoom restarted ICE without an offer');
    return offer.sdp;
  }

  async #subscriberOf(participantId: string): Promise<SubscriberSlot | undefined> {
    const member = this.#members.get(participantId);
    if (!member) return undefined;
    const slot = member.subscriber ?? (await member.subscriberReady);
    return slot && !slot.handle.isGone ? slot : undefined;
  }
}

/** The active video streams of a subscription, by mid. */
function videoStreams(streams: readonly SubscriptionStream[]): SubscriptionStream[] {
  return streams.filter((s) => s.active && s.kind === 'video');
}

function videoMids(streams: readonly SubscriptionStream[]): string[] {
  return videoStreams(streams).map((s) => s.mid);
}

/** Keeps what Janus reported of a subscription's streams (an empty list reports nothing). */
function track(slot: SubscriberSlot, streams: readonly SubscriptionStream[]): void {
  if (streams.length === 0) return;
  // A mid that now carries another feed (or none) has not been switched to anything yet.
  if (slot.forwarding.size > 0) {
    const feedOf = new Map(slot.streams.map((s) => [s.mid, s.feedId]));
    for (const stream of streams) {
      if (!stream.active || feedOf.get(stream.mid) !== stream.feedId) {
        slot.forwarding.delete(stream.mid);
      }
    }
  }
  slot.feeds = activeFeeds(streams, slot.feeds);
  slot.streams = streams;
}

/** Feeds with an active stream in a subscription (after a change Janus reported). */
function activeFeeds(streams: readonly SubscriptionStream[], fallback: Set<string>): Set<string> {
  if (streams.length === 0) return fallback;
  const feeds = new Set<string>();
  for (const stream of streams) if (stream.active && stream.feedId) feeds.add(stream.feedId);
  return feeds;
}

/** Janus's hangup reason when the browser closed its PeerConnection (DTLS close_notify). */
function closedByBrowser(reason: string): boolean {
  return reason === 'DTLS alert';
}

/** The protocol's candidate as Janus takes it (no undefined fields). */
function normaliseCandidate(candidate: IceCandidate | null): IceCandidate | null {
  if (!candidate) return null;
  return {
    candidate: candidate.candidate,
    ...(candidate.sdpMid !== undefined ? { sdpMid: candidate.sdpMid } : {}),
    ...(candidate.sdpMLineIndex !== undefined ? { sdpMLineIndex: candidate.sdpMLineIndex } : {}),
  };
}
