import crypto from 'node:crypto';
import type { Logger } from 'pino';
import {
  SIGNALING_MAX_HISTORY,
  type ChatMessageView,
  type ClientMessage,
  type FeedView,
  type IceCandidate,
  type PeerTarget,
  type RoomMode,
  type RoomRequest,
  type ServerMessage,
} from '@podium/protocol';
import {
  assertNever,
  can,
  canSee,
  checkChannelChoice,
  createRoom,
  hearsFeedsOf,
  decide,
  identityKey,
  isMeetingLike,
  publishRights,
  resolveAudience,
  roomError,
  type CommandResult,
  type Decision,
  type Effect,
  type Identity,
  type Outgoing,
  type Participant,
  type RoomCommand,
  type RoomError,
  type RoomState,
  type TicketRole,
} from '../rooms/index.ts';
import { visibleTo, type StoredChat } from '../services/chat/index.ts';
import {
  MediaUnavailableError,
  noMediaRoom,
  type MediaRoom,
  type RoomMedia,
} from './room-media.ts';
import { MediaError } from '../media/index.ts';
import { SerialQueue } from '../shared/serial-queue.ts';
import { SpeakerTracker } from './active-speaker.ts';
import { TypedEvents } from '../shared/typed-events.ts';

/** The answer to one client request: becomes its `reply` or `error`. */
export type Outcome =
  | { readonly ok: true; readonly data?: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly error: RoomError };
export type Answer = (outcome: Outcome) => void;

/** Why the room let go of a socket's participant. */
export type ReleaseReason = 'left' | 'ended' | 'taken_over';

/** One socket as the room sees it. */
export interface Peer {
  /** Sends one serialised server message. Never throws. */
  send(frame: string): void;
  /** The participant is no longer this socket's (left, removed, room ended, resumed elsewhere). */
  released(reason: ReleaseReason): void;
}

export interface RoomSettings {
  /** The event's alias id. */
  roomId: string;
  mode: RoomMode;
  /** A scheduled event without "join before host". */
  waitForHost: boolean;
  /** Epoch ms the event's link expires (its use ends), or null. */
  expiresAt: number | null;
}

/** What the room host needs of the chat service. */
export interface ChatHistory {
  recent(roomId: string, limit: number): Promise<StoredChat[]>;
  append(roomId: string, chat: StoredChat): Promise<void>;
  historyFor(roomId: string, identity: string, limit: number): Promise<ChatMessageView[]>;
  resetPasscode(roomId: string): Promise<string>;
  passcodeAccepts(roomId: string, given: string | undefined): Promise<boolean>;
}

export interface BlockList {
  list(roomId: string): Promise<string[]>;
  add(roomId: string, identity: string): Promise<void>;
}

export interface RoomHostOptions {
  settings: RoomSettings;
  chat: ChatHistory;
  blocks: BlockList;
  media: RoomMedia;
  log: Logger;
  /** How long a dropped participant keeps identity and role. */
  graceMs: number;
  /** Close this long after the last person left. */
  idleCloseMs: number;
  /** An ended room keeps answering joins with "ended" this long, then closes. */
  endedLingerMs: number;
  now?: () => number;
}

export type CloseReason = 'ended' | 'idle' | 'shutdown';

export interface RoomHostEvents {
  /** Emitted once, as soon as the room stops taking commands; `done` settles after teardown. */
  closing: { reason: CloseReason; done: Promise<void> };
}

/** The room stopped taking commands; a join should go to a fresh room. */
export class RoomClosedError extends Error {
  constructor() {
    super('the room is closed');
    this.name = 'RoomClosedError';
  }
}

export type MediaRequest = Extract<
  ClientMessage,
  { type: 'publish_offer' | 'unpublish' | 'subscribe' | 'answer' | 'trickle' | 'ice_restart' }
>;

export interface JoinInput {
  sessionId: string;
  identity: Identity;
  name: string;
  ticketRole: TicketRole;
  hasMic: boolean;
  hasCamera: boolean;
}

/** Chat messages kept in memory for joiners (the newest; the database has them all). */
const HISTORY_CACHE = 2000;
/** Most messages one chat export carries (the newest). */
const EXPORT_LIMIT = 10_000;
/** Conference-like rooms: at most this many publish at once. */
const CONFERENCE_PUBLISHERS = 100;
/** setTimeout takes at most a signed 32-bit delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const OK: Outcome = { ok: true };
const MEDIA_UNAVAILABLE = roomError('media_unavailable', 'errors.media_unavailable');

/**
 * A media failure as the client should see it: its own mistakes (a broken SDP, a feed that is
 * gone) are not server faults, and a media server that is down or slow is "unavailable".
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
    default:
      return null;
  }
}

function newId(prefix: string): string {
  return prefix + crypto.randomBytes(9).toString('base64url');
}

const frame = (message: ServerMessage): string => JSON.stringify(message);

type MediaPlan =
  | RoomError
  | (() => Promise<{
      data?: Record<string, unknown>;
      offer?: { target: PeerTarget; sdp: string };
    }>);

/**
 * One live room in this process: owns its `RoomState`, applies commands through `decide()` one
 * at a time, delivers the events to sockets and carries out the effects (chat history, timers,
 * media). Rosters are never re-sent whole: the machine produces diffs, and `welcome` carries the
 * room once per joiner.
 */
export class RoomHost {
  readonly #settings: RoomSettings;
  readonly #chat: ChatHistory;
  readonly #blocks: BlockList;
  readonly #log: Logger;
  readonly #now: () => number;
  readonly #options: RoomHostOptions;
  readonly #events: TypedEvents<RoomHostEvents>;
  /** Room commands, one at a time. */
  readonly #queue = new SerialQueue();
  /** Database writes in order (chat, blocks), off the command path. */
  readonly #writes = new SerialQueue();
  /** Chat ids are `m<seq>` per room run; the run prefix keeps them unique in the history. */
  readonly #run = crypto.randomBytes(6).toString('base64url');
  #state: RoomState;
  #media: MediaRoom = noMediaRoom();
  readonly #peers = new Map<string, Peer>();
  #history: StoredChat[];
  #wakes: number[] = [];
  #wakeTimer: NodeJS.Timeout | null = null;
  #wakeAt = Infinity;
  #idleTimer: NodeJS.Timeout | null = null;
  #endTimer: NodeJS.Timeout | null = null;
  #closed = false;
  #closing: Promise<void> | null = null;
  readonly #speakers = new SpeakerTracker();
  /** The interpretation channel each listener chose (absent: "Original"). */
  readonly #listening = new Map<string, string>();

  private constructor(options: RoomHostOptions, blocked: string[], history: StoredChat[]) {
    this.#options = options;
    this.#settings = options.settings;
    this.#chat = options.chat;
    this.#blocks = options.blocks;
    this.#now = options.now ?? Date.now;
    this.#log = options.log.child({ roomId: options.settings.roomId });
    this.#events = new TypedEvents(this.#log);
    this.#history = history;
    const initial = createRoom({
      roomId: options.settings.roomId,
      mode: options.settings.mode,
      waitForHost: options.settings.waitForHost,
      graceMs: options.graceMs,
    });
    // Blocks outlive the room run (decisions.md: a blocked person cannot rejoin the event).
    this.#state = blocked.length ? { ...initial, blocked: new Set(blocked) } : initial;
  }

  static async create(options: RoomHostOptions): Promise<RoomHost> {
    const roomId = options.settings.roomId;
    const [blocked, history] = await Promise.all([
      options.blocks.list(roomId),
      options.chat.recent(roomId, HISTORY_CACHE),
    ]);
    const host = new RoomHost(options, blocked, history);
    try {
      host.#media = await options.media.createRoom(
        {
          roomId,
          mode: options.settings.mode,
          maxPublishers: isMeetingLike(options.settings.mode)
            ? host.#state.limits.meetingPresenters
            : CONFERENCE_PUBLISHERS,
          log: host.#log,
        },
        {
          feedsChanged: (change) => host.#feedsChanged(change.added, change.removed),
          offer: (id, target, sdp) => host.#sendTo(id, { type: 'offer', target, sdp }),
          candidate: (id, target, candidate) => host.#sendCandidate(id, target, candidate),
          renegotiate: (id, targets) =>
            host.#sendTo(id, { type: 'renegotiate', targets: [...targets] }),
          talking: (id, talking) => host.#onTalking(id, talking),
        },
      );
    } catch (error) {
      // Signaling, chat and controls still work; media requests answer "unavailable".
      host.#log.error({ err: error }, 'media room could not be created; continuing without media');
    }
    host.#scheduleExpiry();
    host.#log.debug('room opened');
    return host;
  }

  get roomId(): string {
    return this.#settings.roomId;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The current state (immutable; for diagnostics and tests). */
  get state(): RoomState {
    return this.#state;
  }

  on<K extends keyof RoomHostEvents>(
    event: K,
    listener: (payload: RoomHostEvents[K]) => void,
  ): () => void {
    return this.#events.on(event, listener);
  }

  // ---------------------------------------------------------------------------------------------
  // Commands from sockets

  /** Resolves with the new participant's id, or null when the join was refused (answered). */
  join(peer: Peer, input: JoinInput, answer: Answer): Promise<string | null> {
    return this.#enqueue(() => {
      const participantId = newId('p');
      this.#peers.set(participantId, peer);
      const d = this.#apply(
        {
          type: 'join',
          participantId,
          sessionId: input.sessionId,
          identity: input.identity,
          name: input.name,
          ticketRole: input.ticketRole,
          hasMic: input.hasMic,
          hasCamera: input.hasCamera,
        },
        (result) =>
          answer(result.ok ? { ok: true, data: { participant_id: participantId } } : result),
      );
      if (d.result.ok && this.#state.participants.get(participantId)) return participantId;
      if (this.#peers.get(participantId) === peer) this.#peers.delete(participantId);
      return null;
    });
  }

  /**
   * A new socket takes over a participant's session. SECURITY: the session id alone is not
   * enough; the socket's credentials must name the same person.
   */
  resume(
    peer: Peer,
    input: { sessionId: string; newSessionId: string; identity: Identity },
    answer: Answer,
  ): Promise<string | null> {
    return this.#enqueue(() => {
      const p = this.#bySession(input.sessionId);
      if (!p || identityKey(p.identity) !== identityKey(input.identity)) {
        answer({ ok: false, error: roomError('session_expired', 'room.session_expired') });
        return null;
      }
      const previous = this.#peers.get(p.id);
      this.#peers.set(p.id, peer);
      const d = this.#apply(
        { type: 'resume', participantId: p.id, sessionId: input.newSessionId },
        (result) => answer(result.ok ? { ok: true, data: { participant_id: p.id } } : result),
      );
      if (!d.result.ok) {
        if (this.#peers.get(p.id) === peer) {
          if (previous) this.#peers.set(p.id, previous);
          else this.#peers.delete(p.id);
        }
        return null;
      }
      if (previous && previous !== peer) previous.released('taken_over');
      return this.#peers.get(p.id) === peer ? p.id : null;
    });
  }

  request(participantId: string, request: RoomRequest, answer: Answer): Promise<void> {
    return this.#enqueue(() => {
      this.#apply({ type: 'request', by: participantId, request }, answer);
    });
  }

  /** The socket of this participant closed. Ignored when another socket took over already. */
  disconnect(participantId: string, peer: Peer): Promise<void> {
    return this.#enqueue(() => {
      if (this.#peers.get(participantId) !== peer) return;
      this.#peers.delete(participantId);
      this.#apply({ type: 'disconnect', participantId });
    });
  }

  /**
   * SDP and ICE. The room state is checked in turn with the other commands (joined, publish
   * rights, who may see whose feeds); the media server is then asked outside the queue, so a
   * slow media server never holds up the room.
   */
  async media(participantId: string, request: MediaRequest, answer: Answer): Promise<void> {
    const plan = await this.#enqueue(() => this.#planMedia(participantId, request));
    if (typeof plan !== 'function') {
      answer({ ok: false, error: plan });
      return;
    }
    let result: Awaited<ReturnType<typeof plan>>;
    try {
      result = await plan();
    } catch (error) {
      const known = mediaFailure(error);
      this.#log.warn({ err: error, peerId: participantId, type: request.type }, 'media failed');
      answer({ ok: false, error: known ?? roomError('internal', 'errors.internal') });
      return;
    }
    answer(result.data ? { ok: true, data: result.data } : OK);
    if (result.offer) this.#sendTo(participantId, { type: 'offer', ...result.offer });
  }

  /** Hosts and co-hosts: a new chat-history passcode (shown once); earlier chats are cleared. */
  chatPasscodeReset(participantId: string, answer: Answer): Promise<void> {
    return this.#enqueue(async () => {
      const refused = this.#checkExport(participantId);
      if (refused) return answer({ ok: false, error: refused });
      // Inside the room's turn: no chat can slip between the reset and the `chat_cleared`.
      const passcode = await this.#writes.run(() => this.#chat.resetPasscode(this.roomId));
      this.#history = [];
      answer({ ok: true, data: { passcode } });
      this.#deliver([
        { to: { to: 'everyone' }, message: { type: 'chat_cleared', by: participantId } },
      ]);
    });
  }

  /** Hosts and co-hosts: the history as they see it; needs the passcode once one was set. */
  async chatExport(
    participantId: string,
    passcode: string | undefined,
    answer: Answer,
  ): Promise<void> {
    const checked = await this.#enqueue(() => {
      const refused = this.#checkExport(participantId);
      const p = this.#state.participants.get(participantId);
      return refused ?? (p ? identityKey(p.identity) : roomError('not_joined', 'room.not_in_room'));
    });
    if (typeof checked !== 'string') return answer({ ok: false, error: checked });
    if (!(await this.#chat.passcodeAccepts(this.roomId, passcode))) {
      return answer({ ok: false, error: roomError('invalid_passcode', 'chat.invalid_passcode') });
    }
    // Behind the pending writes, so the export has every message sent before it.
    const messages = await this.#writes.run(() =>
      this.#chat.historyFor(this.roomId, checked, EXPORT_LIMIT),
    );
    answer({ ok: true, data: { messages } });
  }

  /**
   * A listener picks the interpretation channel they hear (null: Original). They get the feeds
   * of that channel's interpreters and lose the others', which also leave their subscription on
   * the media server: someone on Original never receives an interpreter's audio.
   */
  chooseChannel(participantId: string, channel: string | null, answer: Answer): Promise<void> {
    return this.#enqueue(() => {
      const refused = checkChannelChoice(this.#state, participantId, channel);
      const viewer = this.#state.participants.get(participantId);
      if (refused || !viewer) {
        return answer({ ok: false, error: refused ?? roomError('not_joined', 'room.not_in_room') });
      }
      const all = this.#media.feeds();
      const before = new Set(all.filter((f) => this.#mayWatch(viewer, f)).map((f) => f.feed_id));
      if (channel === null) this.#listening.delete(participantId);
      else this.#listening.set(participantId, channel);
      answer(OK);
      const added = all.filter((f) => !before.has(f.feed_id) && this.#mayWatch(viewer, f));
      const removed = all.filter((f) => before.has(f.feed_id) && !this.#mayWatch(viewer, f));
      this.#reroute(participantId, added, removed);
    });
  }

  /** A gift given in this room (POST /api/gifts/give): everyone present hears of it. */
  announceGift(message: Extract<ServerMessage, { type: 'gift_given' }>): Promise<void> {
    return this.#enqueue(() => {
      this.#deliver([{ to: { to: 'everyone' }, message }]);
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Applying decisions

  #enqueue<T>(task: () => T | Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new RoomClosedError());
    return this.#queue.run(() => {
      if (this.#closed) throw new RoomClosedError();
      return task();
    });
  }

  #apply(command: RoomCommand, answer?: (result: CommandResult) => void): Decision {
    const before = this.#state;
    const decision = this.#stampChat(decide(before, command, this.#now()));
    this.#state = decision.state;
    // The issuer hears the answer first, then the events it caused.
    answer?.(decision.result);
    this.#deliver(decision.events);
    this.#carryOut(before, decision);
    this.#watchIdle();
    return decision;
  }

  /** The machine numbers chat messages per state; prefix them with this run's id. */
  #stampChat(d: Decision): Decision {
    if (!d.effects.some((e) => e.kind === 'chat.persist')) return d;
    const stamp = (m: ChatMessageView): ChatMessageView => ({ ...m, id: `${this.#run}.${m.id}` });
    const result: CommandResult =
      d.result.ok && d.result.data
        ? { ok: true, data: { message_id: `${this.#run}.${d.result.data.message_id}` } }
        : d.result;
    return {
      state: d.state,
      result,
      events: d.events.map((e) =>
        e.message.type === 'chat_message'
          ? { ...e, message: { ...e.message, message: stamp(e.message.message) } }
          : e,
      ),
      effects: d.effects.map((e) =>
        e.kind === 'chat.persist' ? { ...e, message: stamp(e.message) } : e,
      ),
    };
  }

  #deliver(events: readonly Outgoing[]): void {
    for (const { to, message } of events) {
      const text = frame(message);
      const follow = this.#feedsFollowing(message);
      const followFor = (id: string): string | null =>
        typeof follow === 'function' ? follow(id) : follow;
      for (const id of resolveAudience(this.#state, to)) {
        const peer = this.#peers.get(id);
        if (!peer) continue;
        peer.send(text);
        if (message.type === 'welcome') {
          this.#afterWelcome(id, peer);
        } else if (message.type === 'snapshot') {
          this.#refreshFeeds(id, peer);
        } else if (
          message.type === 'join_state' &&
          (message.state === 'left' || message.state === 'ended')
        ) {
          this.#peers.delete(id);
          peer.released(message.state === 'ended' ? 'ended' : 'left');
        } else {
          const feeds = followFor(id);
          if (feeds) peer.send(feeds);
        }
      }
    }
  }

  /**
   * Feeds follow the roster: whoever starts seeing a participant (joined, back from backstage)
   * gets their feeds, whoever stops seeing them (`hidden`) loses them. The roster diffs already
   * say who sees whom, so this needs no visibility bookkeeping of its own.
   */
  #feedsFollowing(
    message: Outgoing['message'],
  ): string | ((viewerId: string) => string | null) | null {
    if (message.type === 'participant_joined') {
      const added = this.#feedsOf(message.participant.id);
      if (added.length === 0) return null;
      if (message.participant.interpreter_channel === null) {
        return frame({ type: 'feeds', added, removed: [] });
      }
      // An interpreter's feeds reach the listeners of their channel only.
      return (viewerId) => {
        const viewer = this.#state.participants.get(viewerId);
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
  #refreshFeeds(id: string, peer: Peer): void {
    const viewer = this.#state.participants.get(id);
    const all = this.#media.feeds();
    if (!viewer || all.length === 0) return;
    const added = all.filter((f) => this.#mayWatch(viewer, f)).map((f) => this.#withChannel(f));
    const removed = all.filter((f) => !this.#mayWatch(viewer, f)).map((f) => f.feed_id);
    peer.send(frame({ type: 'feeds', added, removed }));
  }

  /** A welcome is followed by the chat history and the feeds this participant may see. */
  #afterWelcome(id: string, peer: Peer): void {
    const p = this.#state.participants.get(id);
    if (!p) return;
    const key = identityKey(p.identity);
    const messages: ChatMessageView[] = [];
    for (let i = this.#history.length - 1; i >= 0; i--) {
      const chat = this.#history[i]!;
      if (visibleTo(key, chat)) messages.push(chat.message);
      if (messages.length >= SIGNALING_MAX_HISTORY) break;
    }
    messages.reverse();
    peer.send(frame({ type: 'chat_history', messages }));
    const feeds = this.#media
      .feeds()
      .filter((f) => this.#mayWatch(p, f))
      .map((f) => this.#withChannel(f));
    if (feeds.length > 0) peer.send(frame({ type: 'feeds', added: [...feeds], removed: [] }));
    const speaker = this.#visibleSpeaker(p);
    if (speaker) peer.send(frame({ type: 'active_speaker', participant_id: speaker }));
  }

  #carryOut(before: RoomState, d: Decision): void {
    if (d.state.blocked !== before.blocked) {
      for (const key of d.state.blocked) {
        if (before.blocked.has(key)) continue;
        this.#write('block', () => this.#blocks.add(this.roomId, key));
      }
    }
    for (const effect of d.effects) this.#effect(before, d.state, effect);
  }

  #effect(before: RoomState, after: RoomState, effect: Effect): void {
    const media = this.#media;
    switch (effect.kind) {
      case 'media.permissions':
        this.#mediaEffect(effect, () => media.setPermissions(effect.participantId, effect.publish));
        return;
      case 'media.stop':
        this.#mediaEffect(effect, () => media.stop(effect.participantId, effect.kinds));
        return;
      case 'media.close':
        this.#mediaEffect(effect, () => media.leave(effect.participantId));
        this.#listening.delete(effect.participantId);
        if (this.#speakers.gone(effect.participantId)) this.#announceSpeaker();
        return;
      case 'media.interpreter':
        this.#mediaEffect(effect, () => media.setInterpreter(effect.participantId, effect.channel));
        this.#rerouteInterpreter(before, after, effect.participantId);
        return;
      case 'media.mode':
        this.#mediaEffect(effect, () => media.setMode(effect.mode));
        return;
      case 'chat.persist': {
        const who = (id: string): Participant | undefined =>
          after.participants.get(id) ?? before.participants.get(id);
        const from = who(effect.message.from);
        const to = effect.message.to === 'everyone' ? null : who(effect.message.to);
        if (!from || to === undefined) {
          this.#log.error({ messageId: effect.message.id }, 'chat message without its people');
          return;
        }
        const chat: StoredChat = {
          message: effect.message,
          fromIdentity: identityKey(from.identity),
          toIdentity: to ? identityKey(to.identity) : null,
        };
        this.#history.push(chat);
        if (this.#history.length > HISTORY_CACHE) {
          this.#history = this.#history.slice(-HISTORY_CACHE);
        }
        this.#write('chat', () => this.#chat.append(this.roomId, chat));
        return;
      }
      case 'wake':
        this.#wakes.push(effect.at);
        this.#armWake();
        return;
      case 'room.ended':
        this.#ended();
        return;
      default:
        assertNever(effect, 'room effect');
    }
  }

  #mediaEffect(effect: Effect, run: () => Promise<void>): void {
    run().catch((error: unknown) => {
      this.#log.warn({ err: error, effect: effect.kind }, 'media effect failed');
    });
  }

  #write(what: string, run: () => Promise<void>): void {
    this.#writes.run(run).catch((error: unknown) => {
      this.#log.error({ err: error, what }, 'room write failed');
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Media

  #planMedia(participantId: string, request: MediaRequest): MediaPlan {
    const state = this.#state;
    const p = state.participants.get(participantId);
    if (!p || p.status !== 'connected') return roomError('not_joined', 'room.not_in_room');
    const media = this.#media;
    if (request.type === 'publish_offer') {
      // SECURITY: the media server is asked only for what the role permits right now.
      const rights = publishRights(state, participantId);
      const allowed = request.source === 'screen' ? rights.screen : rights.audio || rights.video;
      if (!allowed) return roomError('permission', 'errors.permission');
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
          // interpreter of a channel they did not choose.
          if (!owner || !canSee(state, p, owner) || !this.#hears(p, owner)) {
            return roomError('target_not_found', 'room.target_not_found');
          }
        }
        if (request.feeds.length === 0) return async () => ({});
        return async () => ({
          offer: { target: 'subscriber', sdp: await media.subscribe(participantId, request.feeds) },
        });
      }
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

  #mayWatch(viewer: Participant, feed: FeedView, state: RoomState = this.#state): boolean {
    const owner = state.participants.get(feed.participant_id);
    return owner !== undefined && canSee(state, viewer, owner) && this.#hears(viewer, owner);
  }

  #hears(viewer: Participant, owner: Participant): boolean {
    return hearsFeedsOf(viewer, owner, this.#listening.get(viewer.id) ?? null);
  }

  /** The feed as clients see it: an interpreter's feeds name their channel (the room's word). */
  #withChannel(feed: FeedView): FeedView {
    const channel = this.#state.participants.get(feed.participant_id)?.interpreterChannel ?? null;
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
    this.#dropSubscriptions(viewerId, gone);
  }

  #dropSubscriptions(viewerId: string, feedIds: readonly string[]): void {
    if (feedIds.length === 0) return;
    this.#media.unsubscribe(viewerId, feedIds).catch((error: unknown) => {
      this.#log.warn({ err: error, peerId: viewerId }, 'dropping feeds from a subscription failed');
    });
  }

  /**
   * Someone started, changed or stopped interpreting: their feeds now reach other listeners.
   * Those who keep them hear of the new channel (`feeds` added is an upsert).
   */
  #rerouteInterpreter(before: RoomState, after: RoomState, ownerId: string): void {
    const feeds = this.#media.feeds().filter((f) => f.participant_id === ownerId);
    if (feeds.length === 0) return;
    for (const id of resolveAudience(after, { to: 'everyone' })) {
      const viewer = after.participants.get(id);
      const earlier = before.participants.get(id);
      if (!viewer || !this.#peers.has(id)) continue;
      const had = earlier ? feeds.filter((f) => this.#mayWatch(earlier, f, before)) : [];
      const has = feeds.filter((f) => this.#mayWatch(viewer, f, after));
      const lost = had.filter((f) => !has.includes(f));
      this.#reroute(id, has, lost);
    }
  }

  #feedsChanged(added: readonly FeedView[], removed: readonly string[]): void {
    this.#enqueue(() => {
      const state = this.#state;
      for (const id of resolveAudience(state, { to: 'everyone' })) {
        const viewer = state.participants.get(id);
        const peer = this.#peers.get(id);
        if (!viewer || !peer) continue;
        const visible = added
          .filter((f) => this.#mayWatch(viewer, f))
          .map((f) => this.#withChannel(f));
        if (visible.length === 0 && removed.length === 0) continue;
        peer.send(frame({ type: 'feeds', added: visible, removed: [...removed] }));
      }
    }).catch((error: unknown) => {
      if (!(error instanceof RoomClosedError)) this.#log.error({ err: error }, 'feeds failed');
    });
  }

  #onTalking(participantId: string, talking: boolean): void {
    this.#enqueue(() => {
      const p = this.#state.participants.get(participantId);
      // A report that arrives after the participant left must not bring them back on stage.
      if (talking && p?.status !== 'connected') return;
      if (this.#speakers.talking(participantId, talking)) this.#announceSpeaker();
    }).catch((error: unknown) => {
      if (!(error instanceof RoomClosedError)) this.#log.error({ err: error }, 'talking failed');
    });
  }

  /** The active speaker as this viewer may know it: nobody rather than someone hidden. */
  #visibleSpeaker(viewer: Participant): string | null {
    const id = this.#speakers.current;
    const speaker = id === null ? undefined : this.#state.participants.get(id);
    return speaker && canSee(this.#state, viewer, speaker) ? speaker.id : null;
  }

  #announceSpeaker(): void {
    const state = this.#state;
    for (const id of resolveAudience(state, { to: 'everyone' })) {
      const viewer = state.participants.get(id);
      const peer = this.#peers.get(id);
      if (!viewer || !peer) continue;
      peer.send(frame({ type: 'active_speaker', participant_id: this.#visibleSpeaker(viewer) }));
    }
  }

  #sendTo(participantId: string, message: ServerMessage): void {
    this.#peers.get(participantId)?.send(frame(message));
  }

  #sendCandidate(participantId: string, target: PeerTarget, candidate: IceCandidate | null): void {
    this.#sendTo(participantId, { type: 'trickle', target, candidate });
  }

  // ---------------------------------------------------------------------------------------------
  // Helpers

  #bySession(sessionId: string): Participant | undefined {
    for (const p of this.#state.participants.values()) if (p.sessionId === sessionId) return p;
    return undefined;
  }

  #checkExport(participantId: string): RoomError | null {
    const p = this.#state.participants.get(participantId);
    if (!p || p.status !== 'connected') return roomError('not_joined', 'room.not_in_room');
    const ctx = {
      mode: this.#state.mode,
      signedIn: p.identity.kind === 'account',
      grants: p.grants,
    };
    return can(p.role, 'export_chat', ctx) ? null : roomError('permission', 'errors.permission');
  }

  // ---------------------------------------------------------------------------------------------
  // Timers and lifetime

  #armWake(): void {
    if (this.#closed || this.#wakes.length === 0) return;
    let next = Infinity;
    for (const at of this.#wakes) if (at < next) next = at;
    if (this.#wakeTimer && this.#wakeAt <= next) return;
    if (this.#wakeTimer) clearTimeout(this.#wakeTimer);
    this.#wakeAt = next;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, next - this.#now()) + 5);
    this.#wakeTimer = setTimeout(() => this.#onWake(), delay);
    this.#wakeTimer.unref();
  }

  #onWake(): void {
    this.#wakeTimer = null;
    this.#wakeAt = Infinity;
    const now = this.#now();
    this.#wakes = this.#wakes.filter((at) => at > now);
    this.#enqueue(() => {
      this.#apply({ type: 'tick' });
    }).catch((error: unknown) => {
      if (!(error instanceof RoomClosedError)) this.#log.error({ err: error }, 'tick failed');
    });
    this.#armWake();
  }

  #scheduleExpiry(): void {
    const at = this.#settings.expiresAt;
    if (at === null) return;
    const arm = (): void => {
      const left = at - this.#now();
      if (left > MAX_TIMER_MS) {
        this.#endTimer = setTimeout(arm, MAX_TIMER_MS);
      } else {
        this.#endTimer = setTimeout(
          () => {
            this.#enqueue(() => {
              this.#apply({ type: 'end', reason: 'time_over' });
            }).catch(() => undefined);
          },
          Math.max(0, left),
        );
      }
      this.#endTimer.unref();
    };
    arm();
  }

  /** The room is over: every socket got `ended`; stop media, close after a short linger. */
  #ended(): void {
    for (const [id, peer] of this.#peers) {
      this.#peers.delete(id);
      peer.released('ended');
    }
    this.#media.destroy().catch((error: unknown) => {
      this.#log.warn({ err: error }, 'media room could not be destroyed');
    });
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
    if (this.#endTimer) clearTimeout(this.#endTimer);
    this.#endTimer = setTimeout(() => {
      void this.close('ended');
    }, this.#options.endedLingerMs);
    this.#endTimer.unref();
  }

  #watchIdle(): void {
    if (this.#state.ended !== null) return;
    if (this.#state.participants.size > 0) {
      if (this.#idleTimer) clearTimeout(this.#idleTimer);
      this.#idleTimer = null;
      return;
    }
    if (this.#idleTimer) return;
    this.#idleTimer = setTimeout(() => {
      this.#idleTimer = null;
      this.#enqueue(() => {
        if (this.#state.participants.size === 0) void this.close('idle');
      }).catch(() => undefined);
    }, this.#options.idleCloseMs);
    this.#idleTimer.unref();
  }

  /** Stops taking commands, finishes the queued ones and the writes, destroys the media room. */
  close(reason: CloseReason = 'shutdown'): Promise<void> {
    if (this.#closing) return this.#closing;
    const done = this.#teardown(reason);
    this.#closing = done;
    this.#events.emit('closing', { reason, done });
    return done;
  }

  async #teardown(reason: CloseReason): Promise<void> {
    this.#closed = true;
    for (const timer of [this.#wakeTimer, this.#idleTimer, this.#endTimer]) {
      if (timer) clearTimeout(timer);
    }
    this.#peers.clear();
    await this.#queue.idle();
    await this.#writes.idle();
    try {
      await this.#media.destroy();
    } catch (error) {
      this.#log.warn({ err: error }, 'media room could not be destroyed');
    }
    this.#events.removeAll();
    this.#log.debug({ reason }, 'room closed');
  }
}
