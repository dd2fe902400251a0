import type {
  FeedView,
  IceCandidate,
  MediaKind,
  PeerTarget,
  PublishSource,
  RoomMode,
} from '@podium/protocol';
import type { Logger } from 'pino';
import type { PublishRights } from '../rooms/index.ts';

/**
 * The media side of live rooms, as the signaling gateway sees it. The room host checks every
 * media request against the room state first (joined, publish rights, who may see whom), then
 * calls this; the implementation only talks to the media server. Browsers never reach Janus:
 * SDP and ICE travel through these calls and the `MediaSink`.
 *
 * Mapping onto the VideoRoom wrapper (media/janus-videoroom.ts), for the Janus-backed version:
 * - `createRoom` → `VideoRoomHandle.createRoom({ roomId, secret, maxPublishers, requireE2ee })`
 *   on an admin handle; `MediaRoom.destroy` → `destroyRoom`. Restore rooms on `restarted`.
 * - `publish` → a publisher handle per participant and source: `joinAsPublisher({ roomId,
 *   feedId, display })` then `publish({ offer })` (a later offer on the same source is a
 *   renegotiation: `configurePublisher({ offer })`); `unpublish` → `unpublish()` / `leave()`.
 * - `subscribe` → one subscriber handle per participant: `joinAsSubscriber({ streams })` the
 *   first time, `updateSubscription({ subscribe })` after; both give Janus's offer. `answer` →
 *   `start(answer)`. `restartIce('subscriber')` → `configureSubscriber({ restartIce: true })`.
 * - `trickle` → the handle of `target`'s `trickle(candidate)`; the handles' `candidate` events
 *   go back through `MediaSink.candidate`, `publishers`/`unpublished` through `feedsChanged`,
 *   `subscriptionUpdated` offers through `MediaSink.offer`.
 * - `setPermissions` / `stop` → `moderate(roomId, secret, feedId, mid, true)` on the streams
 *   no longer allowed (or `kick` the screen publisher); `leave` → detach every handle of the
 *   participant.
 */
/** A simulcast layer: 0 the lowest, 2 the top (720p; 1080p in theater). */
export type SimulcastLayer = 0 | 1 | 2;

export interface RoomMedia {
  /** false when nothing can be published or received (no media server configured). */
  readonly available: boolean;
  createRoom(options: MediaRoomOptions, sink: MediaSink): Promise<MediaRoom>;
}

export interface MediaRoomOptions {
  /** The live room (the event's alias id); unique among open rooms. */
  roomId: string;
  mode: RoomMode;
  /** Publishers at once: sized to the mode's stage. */
  maxPublishers: number;
  log: Logger;
}

/** What the media layer reports; the room host forwards it to the right sockets. */
export interface MediaSink {
  /**
   * Feeds appeared, changed or went away. Each added feed reaches only those who may see its
   * participant (`canSee`); removals reach everyone.
   */
  feedsChanged(change: { added: readonly FeedView[]; removed: readonly string[] }): void;
  /** An offer the media server makes unasked (a subscription it changed by itself). */
  offer(participantId: string, target: PeerTarget, sdp: string): void;
  /** One of the media server's ICE candidates for this participant; null when all are sent. */
  candidate(participantId: string, target: PeerTarget, candidate: IceCandidate | null): void;
  /**
   * These peer connections of the participant are gone on the media server's side (it
   * restarted, or ICE/DTLS failed there): the browser must set up new ones (`renegotiate`).
   */
  renegotiate(participantId: string, targets: readonly PeerTarget[]): void;
  /**
   * The media server hears this participant start or stop talking (any of their published
   * microphones; its own averaging over a couple of seconds). Also reported stopped when their
   * last talking feed goes away. Optional: a sink that shows no active speaker leaves it out.
   */
  talking?(participantId: string, talking: boolean): void;
}

export interface PublishRequest {
  participantId: string;
  /** Shown by the media server's own tools; never trusted for anything. */
  display: string;
  source: PublishSource;
  /** The browser's offer. */
  sdp: string;
  /** What the participant may send right now (already checked to allow this source). */
  rights: PublishRights;
}

/** The media room of one live room. Every method may reject; the caller answers the client. */
export interface MediaRoom {
  readonly available: boolean;
  /** Feeds being published now (a joiner's first `feeds` message). */
  feeds(): readonly FeedView[];
  /** The participant publishing this feed, if it exists. */
  feedOwner(feedId: string): string | undefined;
  /** Starts or renegotiates a publisher; resolves with the answer SDP. */
  publish(request: PublishRequest): Promise<string>;
  unpublish(participantId: string, source: PublishSource): Promise<void>;
  /** Adds feeds (already checked visible) to the participant's subscription; resolves with the offer SDP. */
  subscribe(participantId: string, feedIds: readonly string[]): Promise<string>;
  /**
   * Takes feeds out of the participant's subscription (they may no longer receive them, for
   * example an interpreter of a channel they left); the changed offer goes out through
   * `MediaSink.offer`. Feeds not subscribed are ignored.
   */
  unsubscribe(participantId: string, feedIds: readonly string[]): Promise<void>;
  /**
   * Stops (`on` false) or resumes the video of a feed in the participant's subscription, with no
   * renegotiation. A feed not subscribed is ignored.
   */
  receiveVideo(participantId: string, feedId: string, on: boolean): Promise<void>;
  /**
   * The highest simulcast layer the participant receives of every video, now and in what it
   * subscribes to later (a lossy downlink asks for a lower one). Feeds sent without simulcast
   * are not affected.
   */
  receiveLayer(participantId: string, layer: SimulcastLayer): Promise<void>;
  /**
   * The highest simulcast layer the participant's camera still sends (a lossy uplink sends fewer):
   * everyone receiving that camera is moved down to it before the browser stops the layers above.
   */
  sendLayer(participantId: string, layer: SimulcastLayer): Promise<void>;
  /** The browser's answer to the last subscriber offer. */
  answer(participantId: string, sdp: string): Promise<void>;
  trickle(participantId: string, target: PeerTarget, candidate: IceCandidate | null): Promise<void>;
  /**
   * ICE restart. For the subscriber connection, resolves with the media server's fresh offer;
   * for a publisher, null: the browser restarts with a new `publish_offer`.
   */
  restartIce(participantId: string, target: PeerTarget): Promise<string | null>;
  /** Effect `media.permissions`: stop accepting whatever these rights no longer allow. */
  setPermissions(participantId: string, rights: PublishRights): Promise<void>;
  /** Effect `media.stop`: a host turned these off (mute all, stop all cameras). */
  stop(participantId: string, kinds: readonly MediaKind[]): Promise<void>;
  /**
   * Effect `media.interpreter`: this participant now interprets into a channel (null: stops).
   * The room host routes their feeds to that channel's listeners (and `unsubscribe`s the rest).
   */
  setInterpreter(participantId: string, channel: string | null): Promise<void>;
  /** Effect `media.mode`. */
  setMode(mode: RoomMode): Promise<void>;
  /** Effect `media.close`: the participant is gone; drop their publishers and subscription. */
  leave(participantId: string): Promise<void>;
  /** The room is over; idempotent. */
  destroy(): Promise<void>;
}

/**
 * SECURITY: what a publisher of this source may carry with these rights: the camera publisher
 * the microphone or camera, a screen share the screen right, a camera share the camera right.
 * Checked by the room's media routing and again by the media backend.
 */
export function mayPublish(source: PublishSource, rights: PublishRights): boolean {
  if (source === 'camera') return rights.audio || rights.video;
  if (source === 'screen') return rights.screen;
  return rights.video;
}

/** A media request that cannot be served because no media server is there. */
export class MediaUnavailableError extends Error {
  constructor() {
    super('media is not available');
    this.name = 'MediaUnavailableError';
  }
}

const unavailable = (): Promise<never> => Promise.reject(new MediaUnavailableError());
const done = (): Promise<void> => Promise.resolve();

/** Rooms without media: signaling, chat and controls work; media requests are refused. */
class NoMediaRoom implements MediaRoom {
  readonly available = false;
  feeds(): readonly FeedView[] {
    return [];
  }
  feedOwner(): string | undefined {
    return undefined;
  }
  publish = unavailable;
  unpublish = unavailable;
  subscribe = unavailable;
  unsubscribe = done;
  receiveVideo = done;
  receiveLayer = done;
  sendLayer = done;
  answer = unavailable;
  trickle = unavailable;
  restartIce = unavailable;
  setPermissions = done;
  stop = done;
  setInterpreter = done;
  setMode = done;
  leave = done;
  destroy = done;
}

/** A room without media (also the fallback when the media server cannot open one). */
export function noMediaRoom(): MediaRoom {
  return new NoMediaRoom();
}

/** The media backend used until Janus is wired in, and whenever media is switched off. */
export class NoMediaBackend implements RoomMedia {
  readonly available = false;
  async createRoom(): Promise<MediaRoom> {
    return new NoMediaRoom();
  }
}
