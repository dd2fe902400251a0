// Cascading between Janus instances: one publisher's streams, published on an origin Janus's
// VideoRoom, forwarded as plain RTP to a "remote publisher" in a VideoRoom of an edge Janus, where
// any number of subscribers receive it as if it were local. One forward per (feed, edge), however
// many viewers the edge has: that is what spreads an audience over several Janus instances.
//
// The moves (Janus 1.1.2, janus_videoroom.c; measured facts in media/README.md):
// - edge:   `add_remote_publisher` with the origin's streams in mindex order. Janus binds one RTP
//           port (every stream on it: the origin sends SSRC 1000 + 10·mindex, +1/+2 for simulcast
//           layers) and one RTCP port, on which it latches the origin's address and sends back
//           its key frame requests (PLI) when its subscribers need one.
// - origin: `publish_remotely` to the edge's address and those two ports. With `rtcp_port` the
//           origin sends two empty packets there at once (the latching), and relays the edge's
//           PLIs to the browser publishing.
// - stop:   `unpublish_remotely` on the origin, `remove_remote_publisher` on the edge. 1.1.2 never
//           closes a removed remote publisher's two sockets: a port is never used twice (see
//           CascadePorts), so a forward set up again for the same feed gets fresh ones.
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import { MediaError } from './janus-errors.ts';
import type {
  FeedId,
  PublishedStream,
  RemoteStream,
  RoomId,
  VideoRoomHandle,
} from './janus-videoroom.ts';

/** One side of a forward: a VideoRoom we administer on one Janus. */
export interface CascadeRoom {
  /** Any VideoRoom handle on that Janus (an admin or monitor handle). */
  handle: VideoRoomHandle;
  roomId: RoomId;
  secret: string;
}

export interface CascadeForwardOptions {
  origin: CascadeRoom;
  /** `address`: where the edge Janus receives plain RTP (its ICE address), reachable from origin. */
  edge: CascadeRoom & { address: string };
  /** The origin's feed as its room reports it (`publishers` event): id and streams. */
  feed: { feedId: FeedId; display?: string; streams: readonly PublishedStream[] };
  /** Fresh port pairs on the edge's address. */
  ports: CascadePorts;
  log: Logger;
}

/**
 * UDP port pairs (RTP, RTCP) for remote publishers on one edge Janus, handed out in turn through
 * a range and never twice in a row: 1.1.2 leaks the sockets of a removed remote publisher, so a
 * port once used stays bound until that Janus restarts. A pair Janus cannot bind is skipped.
 * Passing explicit ports (rather than letting Janus choose) keeps them inside the range the
 * operator opened: Janus's own choice scans 10000-60000 whatever its configured RTP range.
 */
export class CascadePorts {
  readonly #min: number;
  readonly #max: number;
  #next: number;

  constructor(range: { min: number; max: number }) {
    if (!Number.isInteger(range.min) || !Number.isInteger(range.max) || range.max <= range.min) {
      throw new MediaError('invalid-request', 'a cascade port range needs min < max');
    }
    this.#min = range.min;
    this.#max = range.max;
    this.#next = range.min;
  }

  /** How many pairs fit in the range. */
  get size(): number {
    return Math.floor((this.#max - this.#min + 1) / 2);
  }

  take(): { port: number; rtcpPort: number } {
    if (this.#next + 1 > this.#max) this.#next = this.#min;
    const port = this.#next;
    this.#next += 2;
    return { port, rtcpPort: port + 1 };
  }
}

/** How many port pairs one forward tries before giving up (bound by leaked sockets). */
const PORT_ATTEMPTS = 8;

/**
 * The origin's streams as the edge's remote publisher declares them: in mindex order, gaps (an
 * m-line the origin no longer has) filled with disabled placeholders so every later stream keeps
 * its index, and streams Janus cannot describe (no codec) disabled.
 */
export function remoteStreamsOf(streams: readonly PublishedStream[]): RemoteStream[] {
  const byIndex = new Map(streams.map((s) => [s.mindex, s]));
  const last = Math.max(-1, ...streams.map((s) => s.mindex));
  const out: RemoteStream[] = [];
  for (let mindex = 0; mindex <= last; mindex++) {
    const s = byIndex.get(mindex);
    if (!s || (s.kind !== 'data' && !s.codec)) {
      out.push({ kind: 'data', disabled: true });
      continue;
    }
    out.push({
      kind: s.kind,
      ...(s.codec !== undefined ? { codec: s.codec } : {}),
      ...(s.description !== undefined ? { description: s.description } : {}),
      ...(s.disabled ? { disabled: true } : {}),
      ...(s.simulcast ? { simulcast: true } : {}),
    });
  }
  return out;
}

/** Waits (bounded) until the edge's room lists the feed as publishing. */
async function untilListed(edge: CascadeRoom, feedId: FeedId): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const listed = await edge.handle.listParticipants(edge.roomId);
    if (listed.some((p) => p.feedId === feedId && p.publishing)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new MediaError('timeout', `the edge never listed the forwarded feed ${feedId}`);
}

/** One feed forwarded from an origin VideoRoom to an edge VideoRoom. */
export class CascadeForward {
  readonly feedId: FeedId;
  /** The edge's RTP and RTCP ports this forward uses. */
  readonly port: number;
  readonly rtcpPort: number;
  /** How long setting it up took (both requests), for logs and the README's figures. */
  readonly setupMs: number;
  readonly #options: CascadeForwardOptions;
  readonly #remoteId: string;
  /** The streams the edge's remote publisher declares now. */
  #streams: RemoteStream[];
  #stopping: Promise<void> | undefined;

  private constructor(
    options: CascadeForwardOptions,
    remoteId: string,
    ports: { port: number; rtcpPort: number },
    setupMs: number,
  ) {
    this.#options = options;
    this.feedId = options.feed.feedId;
    this.#remoteId = remoteId;
    this.port = ports.port;
    this.rtcpPort = ports.rtcpPort;
    this.setupMs = setupMs;
    this.#streams = remoteStreamsOf(options.feed.streams);
  }

  /**
   * The origin's feed changed its streams (a renegotiation): the edge's remote publisher follows
   * (the origin forwards new streams to it by itself). Rejects with `invalid-request` when a
   * stream changed kind or codec, which a remote publisher cannot: stop and start anew then.
   */
  async update(streams: readonly PublishedStream[]): Promise<void> {
    const next = remoteStreamsOf(streams);
    const clash = this.#streams.some(
      (before, index) =>
        next[index] !== undefined &&
        (next[index].kind !== before.kind || next[index].codec !== before.codec),
    );
    if (clash || next.length < this.#streams.length) {
      throw new MediaError('invalid-request', `feed ${this.feedId} changed its streams' kinds`);
    }
    if (JSON.stringify(next) === JSON.stringify(this.#streams)) return;
    const { edge } = this.#options;
    await edge.handle.updateRemotePublisher({
      roomId: edge.roomId,
      secret: edge.secret,
      feedId: this.feedId,
      streams: next,
    });
    this.#streams = next;
  }

  /**
   * Adds the remote publisher on the edge (under the origin's feed id, so subscribers there ask
   * for the same id) and starts the origin forwarding to it. Leaves nothing behind on failure.
   */
  static async start(options: CascadeForwardOptions): Promise<CascadeForward> {
    const { origin, edge, feed, log } = options;
    const started = performance.now();
    const streams = remoteStreamsOf(feed.streams);
    if (!streams.some((s) => !s.disabled)) {
      throw new MediaError('no-such-feed', `feed ${feed.feedId} has no stream to forward`);
    }
    let ports: { port: number; rtcpPort: number } | undefined;
    for (let attempt = 0; attempt < PORT_ATTEMPTS && !ports; attempt++) {
      const wanted = options.ports.take();
      try {
        await edge.handle.addRemotePublisher({
          roomId: edge.roomId,
          secret: edge.secret,
          feedId: feed.feedId,
          ...(feed.display !== undefined ? { display: feed.display } : {}),
          bindAddress: edge.address,
          port: wanted.port,
          rtcpPort: wanted.rtcpPort,
          streams,
        });
        ports = wanted;
      } catch (error) {
        // Janus answers "could not open UDP socket" (499) for a port still bound: take the next.
        if (!(error instanceof MediaError && error.kind === 'other')) throw error;
        log.warn({ err: error, port: wanted.port }, 'cascade port taken; trying the next pair');
      }
    }
    if (!ports) throw new MediaError('other', 'no free cascade port on the edge Janus');
    const remoteId = `c${crypto.randomBytes(6).toString('base64url')}`;
    try {
      await origin.handle.publishRemotely({
        roomId: origin.roomId,
        secret: origin.secret,
        feedId: feed.feedId,
        remoteId,
        host: edge.address,
        port: ports.port,
        rtcpPort: ports.rtcpPort,
      });
      // Janus answers add_remote_publisher before the publisher's own thread has put it in the
      // room; a subscription asked for in between would find no such feed.
      await untilListed(edge, feed.feedId);
    } catch (error) {
      await origin.handle
        .unpublishRemotely(origin.roomId, origin.secret, feed.feedId, remoteId)
        .catch(() => undefined);
      await edge.handle
        .removeRemotePublisher(edge.roomId, edge.secret, feed.feedId)
        .catch(() => undefined);
      throw error;
    }
    const forward = new CascadeForward(options, remoteId, ports, performance.now() - started);
    log.debug(
      { feedId: feed.feedId, port: ports.port, setupMs: Math.round(forward.setupMs) },
      'cascade forward started',
    );
    return forward;
  }

  /**
   * Stops forwarding and removes the remote publisher (its subscribers on the edge lose the
   * streams). Idempotent; quiet when either side is already gone (publisher left, Janus died).
   */
  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      const { origin, edge, log } = this.#options;
      const quiet = (error: unknown, what: string) => {
        if (
          error instanceof MediaError &&
          ['gone', 'closed', 'no-such-feed', 'no-such-room'].includes(error.kind)
        ) {
          return;
        }
        log.warn({ err: error, feedId: this.feedId }, `${what} failed`);
      };
      await origin.handle
        .unpublishRemotely(origin.roomId, origin.secret, this.feedId, this.#remoteId)
        .catch((error: unknown) => quiet(error, 'unpublish_remotely'));
      await edge.handle
        .removeRemotePublisher(edge.roomId, edge.secret, this.feedId)
        .catch((error: unknown) => quiet(error, 'remove_remote_publisher'));
    })();
    return this.#stopping;
  }
}
