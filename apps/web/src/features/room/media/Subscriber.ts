import type { FeedView, IceCandidate } from '@podium/protocol';
import type { FrameProtection } from './e2ee/E2ee.ts';
import { assignFeeds, parseSections } from './sdpFeeds.ts';
import {
  addRemoteCandidate,
  iceUnderway,
  trickleThrough,
  type MediaSignaling,
  type PeerConnectionFactory,
} from './peer.ts';

/**
 * The one connection that receives everything this participant watches. The browser asks
 * `subscribe {feeds}`; the media server answers with an offer (an `offer {target: subscriber}`
 * event, or `sdp` in the reply), the browser answers with `answer {sdp}`. Later feeds are added
 * the same way and arrive as a renegotiation of the same connection.
 */
export interface SubscriberOptions {
  signaling: MediaSignaling;
  createPeerConnection: PeerConnectionFactory;
  iceServers: RTCIceServer[];
  /** The streams of a feed changed (a track arrived or ended); null when the feed is gone. */
  onStream: (feedId: string, stream: MediaStream | null) => void;
  onFailed?: () => void;
  /** End-to-end encryption of the frames (endtoend rooms). */
  frames?: FrameProtection | null;
  /** Whether a feed's frames decrypt (endtoend rooms). */
  onDecrypt?: (feedId: string, ok: boolean) => void;
  /**
   * An answer went out (the media server can start sending) and the connection's first own
   * candidate after it: the call view's first render waits for this (callViewGate.ts), since
   * rendering right after the answer held that candidate back 25–45 ms on a loaded machine.
   */
  onAnswered?: () => void;
  /**
   * A connection made ahead with `subscriberConfig` (RoomMedia's spare, made while the join was
   * answered): constructing one blocks the page's main thread, 8–370 ms measured on a loaded
   * machine, which then sat between `feeds` and `subscribe`.
   */
  peerConnection?: RTCPeerConnection;
}

/** The configuration of a subscriber connection (also for one made ahead of it). */
export function subscriberConfig(
  iceServers: RTCIceServer[],
  frames?: FrameProtection | null,
): RTCConfiguration {
  return {
    ...frames?.peerConfig,
    iceServers,
    bundlePolicy: 'max-bundle',
    rtcpMuxPolicy: 'require',
  };
}

export class Subscriber {
  #options: SubscriberOptions;
  #pc: RTCPeerConnection;
  #subscribed = new Set<string>();
  /** Subscribed feeds whose m-lines have not been seen yet, in request order. */
  #queue: FeedView[] = [];
  #midToFeed = new Map<string, string>();
  #streams = new Map<string, MediaStream>();
  #feeds: Record<string, FeedView> = {};
  /**
   * Candidates that came before their offer (before the first one, and during an ICE restart);
   * applied right after it.
   */
  #early: (IceCandidate | null)[] | null = [];
  /** Offers are applied one at a time, in arrival order. */
  #chain: Promise<void> = Promise.resolve();
  /**
   * Streams that arrived while an offer is being answered, told once the answer is out: the
   * store's listeners (React renders the tiles) would otherwise run between the offer applied
   * and the answer sent, 20–45 ms of a join measured on a loaded machine.
   */
  #held: (() => void)[] | null = null;
  /** The connection's own ICE is under way (its first candidate sent, see iceUnderway). */
  readonly #iceUnderway: Promise<void>;
  #closed = false;

  constructor(options: SubscriberOptions) {
    this.#options = options;
    this.#pc =
      options.peerConnection ??
      options.createPeerConnection(subscriberConfig(options.iceServers, options.frames));
    trickleThrough(this.#pc, options.signaling, 'subscriber');
    // After trickleThrough's listener: the candidate is on its way when this resolves.
    this.#iceUnderway = iceUnderway(this.#pc);
    this.#pc.addEventListener('track', (event) => this.#onTrack(event));
    this.#pc.addEventListener('connectionstatechange', () => {
      if (this.#pc.connectionState === 'failed') options.onFailed?.();
    });
  }

  get peerConnection(): RTCPeerConnection {
    return this.#pc;
  }

  /** The feed id carried by a receiver, for audio levels. */
  feedOfReceiver(receiver: RTCRtpReceiver): string | null {
    const transceiver = this.#pc.getTransceivers().find((t) => t.receiver === receiver);
    return transceiver?.mid ? (this.#midToFeed.get(transceiver.mid) ?? null) : null;
  }

  /** Asks for the feeds not subscribed yet; resolves once the request was answered. */
  async subscribe(feeds: readonly FeedView[]): Promise<void> {
    const fresh = feeds.filter((f) => !this.#subscribed.has(f.feed_id));
    if (!fresh.length || this.#closed) return;
    for (const f of fresh) {
      this.#subscribed.add(f.feed_id);
      this.#feeds[f.feed_id] = f;
      this.#queue.push(f);
    }
    try {
      const reply = (await this.#options.signaling.request('subscribe', {
        feeds: fresh.map((f) => f.feed_id),
      })) as { sdp?: unknown };
      if (typeof reply.sdp === 'string') await this.handleOffer(reply.sdp);
    } catch (error) {
      // Not subscribed after all: a later attempt may ask again.
      for (const f of fresh) this.#subscribed.delete(f.feed_id);
      this.#queue = this.#queue.filter((q) => !fresh.includes(q));
      throw error;
    }
  }

  /** Feeds that went away: their tracks end with the media server's next offer. */
  remove(feedIds: readonly string[]): void {
    for (const id of feedIds) {
      this.#subscribed.delete(id);
      delete this.#feeds[id];
      this.#queue = this.#queue.filter((f) => f.feed_id !== id);
      // In order with any stream of it still held.
      if (this.#streams.delete(id)) this.#tellStream(id, null);
    }
  }

  /** Applies a media-server offer and sends the answer; offers queue behind each other. */
  handleOffer(sdp: string): Promise<void> {
    const run = async () => {
      if (this.#closed) return;
      this.#midToFeed = assignFeeds(parseSections(sdp), this.#midToFeed, this.#queue, this.#feeds);
      const early = this.#early ?? [];
      this.#early = null;
      this.#held = [];
      try {
        await this.#pc.setRemoteDescription({ type: 'offer', sdp });
        for (const candidate of early) await addRemoteCandidate(this.#pc, candidate);
        const answer = await this.#pc.createAnswer();
        await this.#pc.setLocalDescription(answer);
        const answered = this.#options.signaling.request('answer', { sdp: answer.sdp ?? '' });
        this.#releaseStreams();
        void this.#iceUnderway.then(() => {
          if (!this.#closed) this.#options.onAnswered?.();
        });
        await answered;
      } finally {
        this.#releaseStreams();
      }
    };
    const next = this.#chain.then(run, run);
    this.#chain = next.catch(() => undefined);
    return next;
  }

  /**
   * Candidates queue behind the offers: one that arrives while its offer is still waiting in the
   * chain would be lost (no remote description yet, or the previous ICE generation's). Those
   * that arrive before their offer at all (the media server may send them first) wait for it.
   */
  addRemoteCandidate(candidate: IceCandidate | null): Promise<void> {
    if (this.#early) {
      this.#early.push(candidate);
      return Promise.resolve();
    }
    const run = () => addRemoteCandidate(this.#pc, candidate);
    const next = this.#chain.then(run, run);
    this.#chain = next.catch(() => undefined);
    return next;
  }

  /** ICE restart: the media server answers with a fresh offer (event or reply). */
  async restartIce(): Promise<void> {
    this.#early ??= [];
    const reply = (await this.#options.signaling.request('ice_restart', {
      target: 'subscriber',
    })) as { sdp?: unknown };
    if (typeof reply.sdp === 'string') await this.handleOffer(reply.sdp);
  }

  #releaseStreams(): void {
    const held = this.#held;
    this.#held = null;
    for (const tell of held ?? []) tell();
  }

  #tellStream(feedId: string, stream: MediaStream | null): void {
    if (this.#held) this.#held.push(() => this.#options.onStream(feedId, stream));
    else this.#options.onStream(feedId, stream);
  }

  #onTrack(event: RTCTrackEvent): void {
    const { receiver } = event;
    // Every receiver, even one not matched to a feed yet: its frames must pass the decryption.
    this.#options.frames?.protectReceiver(
      receiver,
      event.track.kind === 'audio' ? 'audio' : 'video',
      (ok) => {
        const feed = this.feedOfReceiver(receiver);
        if (feed) this.#options.onDecrypt?.(feed, ok);
      },
    );
    const mid = event.transceiver.mid;
    const feedId = mid ? this.#midToFeed.get(mid) : undefined;
    if (!feedId) return;
    const track = event.track;
    const stream = new MediaStream([
      ...(this.#streams
        .get(feedId)
        ?.getTracks()
        .filter((t) => t.kind !== track.kind) ?? []),
      track,
    ]);
    this.#streams.set(feedId, stream);
    this.#tellStream(feedId, stream);
    track.addEventListener('ended', () => {
      const current = this.#streams.get(feedId);
      if (!current?.getTracks().includes(track)) return;
      const rest = current.getTracks().filter((t) => t !== track);
      const next = rest.length ? new MediaStream(rest) : null;
      if (next) this.#streams.set(feedId, next);
      else this.#streams.delete(feedId);
      this.#tellStream(feedId, next);
    });
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    // Streams not told yet are gone with the connection.
    this.#held = null;
    this.#pc.close();
    for (const id of this.#streams.keys()) this.#options.onStream(id, null);
    this.#streams.clear();
  }
}
