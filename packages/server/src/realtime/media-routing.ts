import type { Logger } from 'pino';
import type { FeedView, PeerTarget, PublishSource, ServerMessage } from '@podium/protocol';
import {
  assertNever,
  canSee,
  hearsFeedsOf,
  isMeetingLike,
  publishRights,
  resolveAudience,
  roomError,
  type Effect,
  type Outgoing,
  type Participant,
  type RoomError,
  type RoomState,
} from '../rooms/index.ts';
import { MediaError } from '../media/index.ts';
import { SpeakerTracker } from './active-speaker.ts';
import {
  mayPublish,
  MediaUnavailableError,
  noMediaRoom,
  type MediaRoom,
  type MediaRoomOptions,
  type MediaSink,
  type RoomMedia,
} from './room-media.ts';
import { OK, RoomClosedError, type Answer, type MediaRequest, type Peer } from './room-types.ts';

/** What the routing needs of its room host. */
interface RoutingHost {
  readonly state: RoomState;
  readonly log: Logger;
  peer(participantId: string): Peer | undefined;
  /** Runs `task` in the room's turn, after the commands queued before it. */
  turn<T>(task: () => T | Promise<T>): Promise<T>;
}

/** The media effects the routing carries out (the others are the host's or a feature's). */
export type RoutingEffect = Extract<
  Effect,
  { kind: 'media.permissions' | 'media.stop' | 'media.close' | 'media.mode' }
>;

/** What the media server answered: the reply's data, and an offer the browser must answer. */
interface MediaOutcome {
  data?: Record<string, unknown>;
  offer?: { target: PeerTarget; sdp: string };
}

type MediaPlan = RoomError | (() => Promise<MediaOutcome>);

/** Conference-like rooms: at most this many publish at once. */
const CONFERENCE_PUBLISHERS = 100;

const MEDIA_UNAVAILABLE = roomError('media_unavailable', 'errors.media_unavailable');

/**
 * A media failure as the client should see it: its own mistakes (a broken SDP, a feed that is
 * gone) are not server faults, and a media server that is down or slow is "unavailable".
 * Every other kind is a server fault (null: answered `internal`).
 */
function mediaFailure(error: unknown): RoomError | null {
  if (error instanceof MediaUnavailableError) return MEDIA_UNAVAILABLE;
  if (!(error instanceof MediaError)) return null;
  switch (error.kind) {
    case 'invalid-sdp':
    case 'invalid-request':
    case 'wrong-state':
      return roomError('bad_message', 'errors.bad_message');
    case 'no-such-feed':
      return roomError('target_not_found', 'room.target_not_found');
    case 'unauthorized':
      return roomError('permission', 'errors.permission');
    case 'timeout':
    case 'closed':
    case 'gone':
      return MEDIA_UNAVAILABLE;
    case 'no-such-room':
    case 'room-exists':
    case 'feed-exists':
    case 'publishers-full':
    case 'already-joined':
    case 'not-joined':
    case 'already-published':
    case 'not-published':
    case 'other':
      return null;
    default:
      return assertNever(error.kind, 'media error kind');
  }
}

const frame = (message: ServerMessage): string => JSON.stringify(message);

/**
 * Who receives whose media in one room: checks SDP/ICE requests against the room state before
 * the media server is asked, sends each viewer the feeds they may see (and takes away the ones
 * they may no longer see), and tracks the active speaker. Visibility is `canSee` (the roster)
 * and `hearsFeedsOf` (interpretation channels), both read from the room state.
 */
export class MediaRouting {
  readonly #host: RoutingHost;
  #media: MediaRoom = noMediaRoom();
  readonly #speakers = new SpeakerTracker();
  /**
   * Breakout rooms: each person's group (null: the main room). While set, a viewer receives
   * only the feeds of their own group; null when no breakout rooms are open.
   */
  #groupOf: ((p: Participant) => string | null) | null = null;

  constructor(host: RoutingHost) {
    this.#host = host;
  }

  /**
   * Opens the room's media room. Without one (the backend failed), signaling, chat and controls
   * still work and media requests answer "unavailable".
   */
  async open(backend: RoomMedia, state: RoomState): Promise<void> {
    const options: MediaRoomOptions = {
      roomId: state.roomId,
      mode: state.mode,
      // Sized to the mode's stage: a meeting's presenter slots, a conference's publishers.
      maxPublishers: isMeetingLike(state.mode)
        ? state.limits.meetingPresenters
        : CONFERENCE_PUBLISHERS,
      log: this.#host.log,
    };
    try {
      this.#media = await backend.createRoom(options, this.#sink());
    } catch (error) {
      this.#host.log.error(
        { err: error },
        'media room could not be created; continuing without media',
      );
    }
  }

  /** What the media room reports back, routed to the right sockets. */
  #sink(): MediaSink {
    return {
      feedsChanged: (change) => this.#feedsChanged(change.added, change.removed),
      offer: (id, target, sdp) => this.#sendTo(id, { type: 'offer', target, sdp }),
      candidate: (id, target, candidate) =>
        this.#sendTo(id, { type: 'trickle', target, candidate }),
      renegotiate: (id, targets) =>
        this.#sendTo(id, { type: 'renegotiate', targets: [...targets] }),
      talking: (id, talking) => this.#onTalking(id, talking),
    };
  }

  /**
   * SDP and ICE. The room state is checked in the room's turn (joined, publish rights, who may
   * see whose feeds); the media server is then asked outside it, so a slow media server never
   * holds up the room. Resolves once the media room has the request (it keeps each peer
   * connection's requests in order); `answer` is called when the media server has answered.
   */
  async request(participantId: string, request: MediaRequest, answer: Answer): Promise<void> {
    const plan = await this.#host.turn(() => this.#plan(participantId, request));
    if (typeof plan !== 'function') {
      answer({ ok: false, error: plan });
      return;
    }
    // Called here, synchronously after the turn: the media room queues the work at once, so the
    // order of a socket's requests is the order they reach Janus on each peer connection.
    const running = plan();
    if (request.type === 'trickle') {
      // Accepted: a candidate's fate changes nothing for the browser, which does not wait for
      // it (issue 11 item 3).
      answer(OK);
      running.catch((error: unknown) => {
        this.#host.log.warn({ err: error, peerId: participantId }, 'trickle failed');
      });
      return;
    }
    void this.#finish(participantId, request, running, answer);
  }

  async #finish(
    participantId: string,
    request: MediaRequest,
    running: Promise<MediaOutcome>,
    answer: Answer,
  ): Promise<void> {
    let result: MediaOutcome;
    try {
      result = await running;
    } catch (error) {
      const known = mediaFailure(error);
      this.#host.log.warn(
        { err: error, peerId: participantId, type: request.type },
        'media failed',
      );
      answer({ ok: false, error: known ?? roomError('internal', 'errors.internal') });
      return;
    }
    answer(result.data ? { ok: true, data: result.data } : OK);
    if (result.offer) this.#sendTo(participantId, { type: 'offer', ...result.offer });
  }

  #plan(participantId: string, request: MediaRequest): MediaPlan {
    const state = this.#host.state;
    const p = state.participants.get(participantId);
    if (!p || p.status !== 'connected') return roomError('not_joined', 'room.not_in_room');
    const media = this.#media;
    if (request.type === 'publish_offer') {
      // SECURITY: the media server is asked only for what the role permits right now.
      const rights = publishRights(state, participantId);
      if (!mayPublish(request.source, rights)) return roomError('permission', 'errors.permission');
    }
    if (!media.available) return MEDIA_UNAVAILABLE;
    switch (request.type) {
      case 'publish_offer': {
        const rights = publishRights(state, participantId);
        return async () => ({
          data: {
            sdp: await media.publish({
              participantId,
              display: p.name,
              source: request.source,
              sdp: request.sdp,
              rights,
            }),
          },
        });
      }
      case 'unpublish':
        return async () => {
          await media.unpublish(participantId, request.source);
          return {};
        };
      case 'subscribe': {
        for (const feedId of request.feeds) {
          const ownerId = media.feedOwner(feedId);
          const owner = ownerId === undefined ? undefined : state.participants.get(ownerId);
          // SECURITY: nobody receives (or learns of) a feed of someone they may not see, nor an
          // interpreter of a channel they did not choose, nor anyone in another breakout room.
          if (
            !owner ||
            !canSee(state, p, owner) ||
            !hearsFeedsOf(p, owner) ||
            !this.#together(p, owner)
          ) {
            return roomError('target_not_found', 'room.target_not_found');
          }
        }
        if (request.feeds.length === 0) return async () => ({});
        return async () => ({
          offer: { target: 'subscriber', sdp: await media.subscribe(participantId, request.feeds) },
        });
      }
      case 'receive_video':
        // Only ever about the participant's own subscription: nothing to check beyond that.
        return async () => {
          await media.receiveVideo(participantId, request.feed_id, request.on);
          return {};
        };
      case 'receive_layer':
        return async () => {
          await media.receiveLayer(participantId, request.layer);
          return {};
        };
      case 'send_layer':
        // Only ever about the participant's own camera: it can lower what others get of it.
        return async () => {
          await media.sendLayer(participantId, request.layer);
          return {};
        };
      case 'answer':
        return async () => {
          await media.answer(participantId, request.sdp);
          return {};
        };
      case 'trickle':
        return async () => {
          await media.trickle(participantId, request.target, request.candidate ?? null);
          return {};
        };
      case 'ice_restart':
        return async () => {
          const sdp = await media.restartIce(participantId, request.target);
          return sdp === null ? {} : { offer: { target: request.target, sdp } };
        };
      default:
        return assertNever(request, 'media request');
    }
  }

  /** The machine's media effects. */
  effect(effect: RoutingEffect): void {
    const media = this.#media;
    switch (effect.kind) {
      case 'media.permissions':
        this.#run(effect, () => media.setPermissions(effect.participantId, effect.publish));
        return;
      case 'media.stop':
        this.#run(effect, () => media.stop(effect.participantId, effect.kinds));
        return;
      case 'media.close':
        this.#run(effect, () => media.leave(effect.participantId));
        if (this.#speakers.gone(effect.participantId)) this.#announceSpeaker();
        return;
      case 'media.mode':
        this.#run(effect, () => media.setMode(effect.mode));
        return;
      default:
        assertNever(effect, 'media effect');
    }
  }

  /**
   * A feature ended one of a participant's publishers (a camera share the host stopped): the
   * media server drops its feed, whatever the participant's browser does.
   */
  unpublish(participantId: string, source: PublishSource): void {
    const media = this.#media;
    if (!media.available) return;
    this.#run({ kind: 'media.unpublish' }, () => media.unpublish(participantId, source));
  }

  /** Someone starts or stops interpreting into `channel` (null): the media server is told. */
  setInterpreter(participantId: string, channel: string | null): void {
    this.#run({ kind: 'media.interpreter' }, () =>
      this.#media.setInterpreter(participantId, channel),
    );
  }

  #run(effect: { kind: string }, run: () => Promise<void>): void {
    run().catch((error: unknown) => {
      this.#host.log.warn({ err: error, effect: effect.kind }, 'media effect failed');
    });
  }

  destroy(): Promise<void> {
    return this.#media.destroy();
  }

  // ---------------------------------------------------------------------------------------------
  // Who sees which feeds

  #mayWatch(viewer: Participant, feed: FeedView, state: RoomState = this.#host.state): boolean {
    const owner = state.participants.get(feed.participant_id);
    return (
      owner !== undefined &&
      canSee(state, viewer, owner) &&
      hearsFeedsOf(viewer, owner) &&
      this.#together(viewer, owner)
    );
  }

  /** In the same breakout group (always, while no breakout rooms are open). */
  #together(viewer: Participant, owner: Participant): boolean {
    const groupOf = this.#groupOf;
    return groupOf === null || viewer.id === owner.id || groupOf(viewer) === groupOf(owner);
  }

  /**
   * Breakout rooms opened, changed or closed (`groupOf` null): every viewer gets the feeds of
   * the people now in their group and loses the others, which also leave their subscription on
   * the media server, so nobody hears another room. Runs in the room's turn.
   */
  setGroups(groupOf: ((p: Participant) => string | null) | null): void {
    const state = this.#host.state;
    const all = this.#media.feeds();
    const viewers = resolveAudience(state, { to: 'everyone' }).flatMap((id) => {
      const viewer = state.participants.get(id);
      return viewer && this.#host.peer(id) ? [viewer] : [];
    });
    const had = new Map(
      viewers.map((v) => [v.id, new Set(all.filter((f) => this.#mayWatch(v, f)))]),
    );
    this.#groupOf = groupOf;
    for (const viewer of viewers) {
      const before = had.get(viewer.id)!;
      const has = new Set(all.filter((f) => this.#mayWatch(viewer, f)));
      this.#reroute(
        viewer.id,
        [...has].filter((f) => !before.has(f)),
        [...before].filter((f) => !has.has(f)),
      );
    }
  }

  /** The feed as clients see it: an interpreter's feeds name their channel (the room's word). */
  #withChannel(feed: FeedView): FeedView {
    const channel =
      this.#host.state.participants.get(feed.participant_id)?.interpreterChannel ?? null;
    return feed.channel === channel ? feed : { ...feed, channel };
  }

  /** Tells one viewer which feeds they gained and lost; the lost ones leave their subscription. */
  #reroute(viewerId: string, added: readonly FeedView[], removed: readonly FeedView[]): void {
    if (added.length === 0 && removed.length === 0) return;
    const gone = removed.map((f) => f.feed_id);
    this.#sendTo(viewerId, {
      type: 'feeds',
      added: added.map((f) => this.#withChannel(f)),
      removed: gone,
    });
    if (gone.length === 0) return;
    this.#media.unsubscribe(viewerId, gone).catch((error: unknown) => {
      this.#host.log.warn(
        { err: error, peerId: viewerId },
        'dropping feeds from a subscription failed',
      );
    });
  }

  /**
   * What a viewer may watch changed between two states (they chose another interpretation
   * channel): they get the feeds they gained and lose the others, which also leave their
   * subscription on the media server, so someone on Original never receives an interpreter.
   */
  rerouteViewer(before: RoomState, after: RoomState, viewerId: string): void {
    const earlier = before.participants.get(viewerId);
    const viewer = after.participants.get(viewerId);
    if (!viewer || !this.#host.peer(viewerId)) return;
    const all = this.#media.feeds();
    const had = new Set(
      earlier ? all.filter((f) => this.#mayWatch(earlier, f, before)).map((f) => f.feed_id) : [],
    );
    const has = new Set(all.filter((f) => this.#mayWatch(viewer, f, after)).map((f) => f.feed_id));
    this.#reroute(
      viewerId,
      all.filter((f) => has.has(f.feed_id) && !had.has(f.feed_id)),
      all.filter((f) => had.has(f.feed_id) && !has.has(f.feed_id)),
    );
  }

  /**
   * Someone started, changed or stopped interpreting: their feeds now reach other listeners.
   * Those who keep them hear of the new channel (`feeds` added is an upsert).
   */
  rerouteOwner(before: RoomState, after: RoomState, ownerId: string): void {
    const feeds = this.#media.feeds().filter((f) => f.participant_id === ownerId);
    if (feeds.length === 0) return;
    for (const id of resolveAudience(after, { to: 'everyone' })) {
      const viewer = after.participants.get(id);
      const earlier = before.participants.get(id);
      if (!viewer || !this.#host.peer(id)) continue;
      const had = earlier ? feeds.filter((f) => this.#mayWatch(earlier, f, before)) : [];
      const has = feeds.filter((f) => this.#mayWatch(viewer, f, after));
      const lost = had.filter((f) => !has.includes(f));
      this.#reroute(id, has, lost);
    }
  }

  /**
   * Feeds follow the roster: whoever starts seeing a participant (joined, back from backstage)
   * gets their feeds, whoever stops seeing them (`hidden`) loses them. The roster diffs already
   * say who sees whom, so this needs no visibility bookkeeping of its own.
   */
  following(message: Outgoing['message']): string | ((viewerId: string) => string | null) | null {
    if (message.type === 'participant_joined') {
      const added = this.#feedsOf(message.participant.id);
      if (added.length === 0) return null;
      if (message.participant.interpreter_channel === null && this.#groupOf === null) {
        return frame({ type: 'feeds', added, removed: [] });
      }
      // An interpreter's feeds reach the listeners of their channel only; in breakout rooms,
      // everyone's reach their own group only.
      return (viewerId) => {
        const viewer = this.#host.state.participants.get(viewerId);
        const mine = viewer ? added.filter((f) => this.#mayWatch(viewer, f)) : [];
        return mine.length ? frame({ type: 'feeds', added: mine, removed: [] }) : null;
      };
    }
    if (message.type === 'participant_left' && message.reason === 'hidden') {
      const removed = this.#feedsOf(message.participant_id).map((f) => f.feed_id);
      return removed.length ? frame({ type: 'feeds', added: [], removed }) : null;
    }
    return null;
  }

  #feedsOf(participantId: string): FeedView[] {
    return this.#media
      .feeds()
      .filter((f) => f.participant_id === participantId)
      .map((f) => this.#withChannel(f));
  }

  /** After a snapshot (what the viewer may see changed): every feed, visible or not. */
  refresh(id: string, peer: Peer): void {
    const viewer = this.#host.state.participants.get(id);
    const all = this.#media.feeds();
    if (!viewer || all.length === 0) return;
    const added = all.filter((f) => this.#mayWatch(viewer, f)).map((f) => this.#withChannel(f));
    const removed = all.filter((f) => !this.#mayWatch(viewer, f)).map((f) => f.feed_id);
    peer.send(frame({ type: 'feeds', added, removed }));
  }

  /** After a welcome: the feeds this participant may see and who is speaking. */
  welcome(id: string, peer: Peer): void {
    const p = this.#host.state.participants.get(id);
    if (!p) return;
    const feeds = this.#media
      .feeds()
      .filter((f) => this.#mayWatch(p, f))
      .map((f) => this.#withChannel(f));
    if (feeds.length > 0) peer.send(frame({ type: 'feeds', added: [...feeds], removed: [] }));
    const speaker = this.#visibleSpeaker(p);
    if (speaker) peer.send(frame({ type: 'active_speaker', participant_id: speaker }));
  }

  #feedsChanged(added: readonly FeedView[], removed: readonly string[]): void {
    this.#host
      .turn(() => {
        const state = this.#host.state;
        for (const id of resolveAudience(state, { to: 'everyone' })) {
          const viewer = state.participants.get(id);
          const peer = this.#host.peer(id);
          if (!viewer || !peer) continue;
          const visible = added
            .filter((f) => this.#mayWatch(viewer, f))
            .map((f) => this.#withChannel(f));
          if (visible.length === 0 && removed.length === 0) continue;
          peer.send(frame({ type: 'feeds', added: visible, removed: [...removed] }));
        }
      })
      .catch((error: unknown) => {
        if (!(error instanceof RoomClosedError))
          this.#host.log.error({ err: error }, 'feeds failed');
      });
  }

  // ---------------------------------------------------------------------------------------------
  // Active speaker

  #onTalking(participantId: string, talking: boolean): void {
    this.#host
      .turn(() => {
        const p = this.#host.state.participants.get(participantId);
        // A report that arrives after the participant left must not bring them back on stage.
        if (talking && p?.status !== 'connected') return;
        if (this.#speakers.talking(participantId, talking)) this.#announceSpeaker();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RoomClosedError)) {
          this.#host.log.error({ err: error }, 'talking failed');
        }
      });
  }

  /** The active speaker as this viewer may know it: nobody rather than someone hidden. */
  #visibleSpeaker(viewer: Participant): string | null {
    const state = this.#host.state;
    const id = this.#speakers.current;
    const speaker = id === null ? undefined : state.participants.get(id);
    return speaker && canSee(state, viewer, speaker) && this.#together(viewer, speaker)
      ? speaker.id
      : null;
  }

  #announceSpeaker(): void {
    const state = this.#host.state;
    for (const id of resolveAudience(state, { to: 'everyone' })) {
      const viewer = state.participants.get(id);
      const peer = this.#host.peer(id);
      if (!viewer || !peer) continue;
      peer.send(frame({ type: 'active_speaker', participant_id: this.#visibleSpeaker(viewer) }));
    }
  }

  #sendTo(participantId: string, message: ServerMessage): void {
    this.#host.peer(participantId)?.send(frame(message));
  }
}
