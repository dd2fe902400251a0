// One live room's share of the edge Janus instances (issue 16 item 2): the room's VideoRoom on
// each edge (built when its first viewer is placed there), and the forwards of the room's feeds
// from the origin VideoRoom to those edges — one per (feed, edge) however many viewers watch it
// there, stopped when the last of them stops watching, leaves or the feed goes away.
// room-media-janus.ts decides who subscribes where and keeps everything else.
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import { CascadeForward, type CascadePorts, type CascadeRoom } from './janus-cascade.ts';
import type { JanusSession } from './janus-client.ts';
import { MediaError } from './janus-errors.ts';
import type { PublisherInfo, VideoRoomHandle } from './janus-videoroom.ts';
import type { MediaServer } from './media-server.ts';

/** One edge Janus of a node: supervised like the origin, shared by every room. */
export interface JanusEdge {
  server: MediaServer;
  /** RTP/RTCP port pairs for remote publishers on this edge (see CascadePorts). */
  ports: CascadePorts;
}

export interface RoomEdgesOptions {
  edges: readonly JanusEdge[];
  /** The VideoRoom's id, the same on the origin and on every edge. */
  janusRoomId: string;
  maxPublishers: number;
  log: Logger;
  /** The origin's VideoRoom now (monitor handle and secret); undefined while it is down. */
  origin(): CascadeRoom | undefined;
  /** An edge's Janus (or our session on it) is gone, with every subscription placed there. */
  onEdgeLost(edge: number): void;
}

interface EdgeLive {
  readonly session: JanusSession;
  /** Administers the edge's VideoRoom: remote publishers are added and removed through it. */
  readonly admin: VideoRoomHandle;
}

interface ForwardEntry {
  readonly edge: number;
  readonly feedId: string;
  readonly forward: Promise<CascadeForward>;
  /** Participants whose subscription on this edge carries the feed. */
  readonly viewers: Set<string>;
}

const EDGE_READY_MS = 5_000;

export class RoomEdges {
  readonly #options: RoomEdgesOptions;
  /** SECURITY: the edge VideoRooms' secret (remote publishers, destroy) stays in this object. */
  readonly #secret = crypto.randomBytes(24).toString('base64url');
  readonly #live = new Map<number, Promise<EdgeLive>>();
  /** The built ones among `#live`, to tell which one a lost session belonged to. */
  readonly #built = new Map<number, EdgeLive>();
  readonly #forwards = new Map<string, ForwardEntry>();
  #forwardsStarted = 0;
  #closed = false;

  constructor(options: RoomEdgesOptions) {
    this.#options = options;
  }

  /** Forwards running (or starting) now, over every feed and edge. */
  get forwards(): number {
    return this.#forwards.size;
  }

  /** Forwards set up since the room opened (one per feed and edge it was watched on). */
  get forwardsStarted(): number {
    return this.#forwardsStarted;
  }

  /** Whether edge `edge`'s Janus answers now (placement skips one that does not). */
  isUp(edge: number): boolean {
    return this.#options.edges[edge]?.server.client !== undefined;
  }

  /** The session on the edge's Janus that subscriber handles attach to. */
  async session(edge: number): Promise<JanusSession> {
    return (await this.#room(edge)).session;
  }

  /**
   * Makes sure every feed in `feeds` is forwarded to `edge`, counting `viewer` among its viewers
   * there. Rejects (counting nothing) when a forward cannot be set up.
   */
  async watch(edge: number, viewer: string, feeds: readonly PublisherInfo[]): Promise<void> {
    try {
      await this.#room(edge);
      await Promise.all(
        feeds.map((feed) => {
          const key = `${edge}\n${feed.feedId}`;
          let entry = this.#forwards.get(key);
          if (!entry) {
            this.#forwardsStarted += 1;
            const created: ForwardEntry = {
              edge,
              feedId: feed.feedId,
              forward: this.#start(edge, feed),
              viewers: new Set(),
            };
            created.forward.catch(() => {
              if (this.#forwards.get(key) === created) this.#forwards.delete(key);
            });
            this.#forwards.set(key, created);
            entry = created;
          }
          entry.viewers.add(viewer);
          return entry.forward;
        }),
      );
    } catch (error) {
      this.unwatch(
        edge,
        viewer,
        feeds.map((f) => f.feedId),
      );
      throw error;
    }
  }

  /** `viewer` no longer watches these feeds (all, when absent) on `edge`. */
  unwatch(edge: number, viewer: string, feedIds?: readonly string[]): void {
    for (const [key, entry] of [...this.#forwards]) {
      if (entry.edge !== edge || (feedIds && !feedIds.includes(entry.feedId))) continue;
      entry.viewers.delete(viewer);
      if (entry.viewers.size === 0) this.#drop(key, entry);
    }
  }

  /** The feed is gone from the origin: its remote publishers go from every edge. */
  feedGone(feedId: string): void {
    for (const [key, entry] of [...this.#forwards]) {
      if (entry.feedId === feedId) this.#drop(key, entry);
    }
  }

  /**
   * The feed's streams changed on the origin: the edges' remote publishers follow, or, when they
   * cannot (a stream changed kind or codec), the forward goes and its viewers lose the feed.
   */
  feedChanged(feed: PublisherInfo): void {
    for (const [key, entry] of [...this.#forwards]) {
      if (entry.feedId !== feed.feedId) continue;
      entry.forward
        .then((forward) => forward.update(feed.streams))
        .catch((error: unknown) => {
          this.#options.log.warn({ err: error, feedId: feed.feedId }, 'forward not updated');
          void this.#drop(key, entry);
        });
    }
  }

  /** How many edges forward this feed now. */
  forwardsOf(feedId: string): number {
    return [...this.#forwards.values()].filter((entry) => entry.feedId === feedId).length;
  }

  /** The origin's VideoRoom is gone (its Janus restarted): every forward with it. */
  originLost(): void {
    for (const [key, entry] of [...this.#forwards]) this.#drop(key, entry);
  }

  /** The room is over: forwards stopped, edge VideoRooms destroyed; idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const stopping = [...this.#forwards].map(([key, entry]) => this.#drop(key, entry));
    await Promise.all(stopping);
    const lives = [...this.#live.values()];
    this.#live.clear();
    this.#built.clear();
    await Promise.all(
      lives.map(async (pending) => {
        const live = await pending.catch(() => undefined);
        if (live) await this.#teardown(live);
      }),
    );
  }

  // ---------------------------------------------------------------------------------------------

  #drop(key: string, entry: ForwardEntry): Promise<void> {
    if (this.#forwards.get(key) === entry) this.#forwards.delete(key);
    return entry.forward.then(
      (forward) => forward.stop(),
      () => undefined,
    );
  }

  async #start(edge: number, feed: PublisherInfo): Promise<CascadeForward> {
    const origin = this.#options.origin();
    if (!origin) throw new MediaError('gone', 'the origin VideoRoom is not up');
    const live = await this.#room(edge);
    const target = this.#options.edges[edge]!;
    const start = () =>
      CascadeForward.start({
        origin,
        edge: {
          handle: live.admin,
          roomId: this.#options.janusRoomId,
          secret: this.#secret,
          address: target.server.localAddress,
        },
        feed,
        ports: target.ports,
        log: this.#options.log,
      });
    try {
      return await start();
    } catch (error) {
      if (!(error instanceof MediaError && error.kind === 'feed-exists')) throw error;
      // Left over from a forward whose removal has not run yet (the origin restarted, the feed
      // came back): take it out and forward again, once.
      await live.admin
        .removeRemotePublisher(this.#options.janusRoomId, this.#secret, feed.feedId)
        .catch(() => undefined);
      return start();
    }
  }

  #room(edge: number): Promise<EdgeLive> {
    if (this.#closed) return Promise.reject(new MediaError('closed', 'the media room is closed'));
    let live = this.#live.get(edge);
    if (!live) {
      const building = this.#build(edge);
      live = building;
      this.#live.set(edge, building);
      building.catch(() => {
        if (this.#live.get(edge) === building) this.#live.delete(edge);
      });
    }
    return live;
  }

  async #build(edge: number): Promise<EdgeLive> {
    const target = this.#options.edges[edge];
    if (!target) throw new MediaError('invalid-request', `no edge Janus #${edge}`);
    const client = await within(target.server.whenReady(), EDGE_READY_MS);
    const session = await client.createSession();
    let admin: VideoRoomHandle;
    try {
      admin = await session.attachVideoRoom();
      await admin
        .createRoom({
          roomId: this.#options.janusRoomId,
          secret: this.#secret,
          maxPublishers: this.#options.maxPublishers,
          videoCodecs: ['vp8'],
          audioCodecs: ['opus'],
        })
        .catch((error: unknown) => {
          if (!(error instanceof MediaError && error.kind === 'room-exists')) throw error;
        });
    } catch (error) {
      await session.close();
      throw error;
    }
    const live: EdgeLive = { session, admin };
    if (this.#closed) {
      await this.#teardown(live);
      throw new MediaError('closed', 'the media room is closed');
    }
    session.on('closed', ({ reason }) => {
      if (reason !== 'destroyed') this.#lost(edge, live);
    });
    this.#built.set(edge, live);
    this.#options.log.info({ edge, janusRoom: this.#options.janusRoomId }, 'edge room ready');
    return live;
  }

  #lost(edge: number, live: EdgeLive): void {
    if (this.#closed || this.#built.get(edge) !== live) return;
    this.#built.delete(edge);
    this.#live.delete(edge);
    this.#options.log.warn({ edge }, 'edge room lost with its Janus session');
    for (const [key, entry] of [...this.#forwards]) if (entry.edge === edge) this.#drop(key, entry);
    this.#options.onEdgeLost(edge);
  }

  async #teardown(live: EdgeLive): Promise<void> {
    await live.admin.destroyRoom(this.#options.janusRoomId, this.#secret).catch(() => undefined);
    await live.session.close();
  }
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new MediaError('timeout', 'edge Janus not ready')), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
