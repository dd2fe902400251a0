import type { Logger } from 'pino';
import type { FeatureRequest, RoomRequest, ServerMessage } from '@podium/protocol';
import {
  Audiences,
  createRoom,
  decide,
  identityKey,
  peopleCount,
  roomError,
  type CommandResult,
  type Decision,
  type Effect,
  type Identity,
  type Outgoing,
  type RoomCommand,
  type RoomState,
} from '../rooms/index.ts';
import { SerialQueue } from '../shared/serial-queue.ts';
import { TypedEvents } from '../shared/typed-events.ts';
import type { FeatureDeps, FeatureRoom } from './features/index.ts';
import { RoomFeatures } from './features/runtime.ts';
import { MediaRouting } from './media-routing.ts';
import type { RoomMedia } from './room-media.ts';
import { RoomTimers } from './room-timers.ts';
import { WireFrame } from './wire-frame.ts';
import {
  RoomClosedError,
  type Answer,
  type BlockList,
  type CloseReason,
  type JoinInput,
  type MediaRequest,
  type Peer,
  type RoomHostEvents,
  type RoomSettings,
} from './room-types.ts';
import { randomToken } from '../shared/random-token.ts';

export * from './room-types.ts';

export interface RoomHostOptions {
  settings: RoomSettings;
  /** The services the in-call features use (chat history, …). */
  features: FeatureDeps;
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
  /** What a restart kept of this room (services/rooms/room-state.ts), applied to the fresh state. */
  restore?: (initial: RoomState) => RoomState;
}

/** Messages after which a recipient needs more than the message itself (see #deliver). */
const AFTER_SEND: ReadonlySet<ServerMessage['type']> = new Set([
  'welcome',
  'snapshot',
  'join_state',
]);

const newId = (prefix: string): string => prefix + randomToken(9);
const frame = (message: ServerMessage): string => JSON.stringify(message);
/**
 * One fan-out message, stringified, UTF-8 encoded and framed once: every recipient's socket
 * writes the same bytes (a string would be measured, encoded and framed again by each socket).
 */
const encoded = (message: ServerMessage): WireFrame => new WireFrame(frame(message));

/**
 * One live room in this process: owns its `RoomState`, applies commands through `decide()` one
 * at a time, delivers the events to sockets and carries out the effects. Media routing lives in
 * `media-routing.ts`, timers in `room-timers.ts`, in-call features in `features/` (the host
 * reaches them only through `features/index.ts`). Rosters are never re-sent whole: the machine
 * produces diffs, and `welcome` carries the room once per joiner.
 */
export class RoomHost {
  readonly #settings: RoomSettings;
  readonly #blocks: BlockList;
  readonly #log: Logger;
  readonly #now: () => number;
  readonly #events: TypedEvents<RoomHostEvents>;
  /** Room commands, one at a time. */
  readonly #queue = new SerialQueue();
  /** Database writes in order (chat, blocks), off the command path. */
  readonly #writes = new SerialQueue();
  readonly #peers = new Map<string, Peer>();
  readonly #features: RoomFeatures;
  readonly #routing: MediaRouting;
  readonly #timers: RoomTimers;
  /** Who each audience stands for, kept in step with `#state` (set in #apply, nowhere else). */
  readonly #audiences: Audiences;
  #state: RoomState;
  /**
   * The participant whose `resume` is being delivered: their welcome carries every feature's
   * state, defaults included (their browser may hold an older state of the room); any other
   * welcome is a new participant's, whose browser holds the defaults (features/types.ts).
   */
  #resuming: string | null = null;
  #closed = false;
  #closing: Promise<void> | null = null;

  private constructor(options: RoomHostOptions, blocked: string[]) {
    this.#settings = options.settings;
    this.#blocks = options.blocks;
    this.#now = options.now ?? Date.now;
    this.#log = options.log.child({ roomId: options.settings.roomId });
    this.#events = new TypedEvents(this.#log);
    const initial = createRoom({
      roomId: options.settings.roomId,
      mode: options.settings.mode,
      waitForHost: options.settings.waitForHost,
      graceMs: options.graceMs,
    });
    // Blocks outlive the room run (decisions.md: a blocked person cannot rejoin the event).
    const withBlocks = blocked.length ? { ...initial, blocked: new Set(blocked) } : initial;
    this.#state = options.restore ? options.restore(withBlocks) : withBlocks;
    this.#audiences = new Audiences(this.#state);
    const state = (): RoomState => this.#state;
    const turn = <T>(task: () => T | Promise<T>): Promise<T> => this.#enqueue(task);
    this.#routing = new MediaRouting({
      get state() {
        return state();
      },
      log: this.#log,
      peer: (id) => this.#peers.get(id),
      turn,
    });
    this.#features = new RoomFeatures(
      {
        roomId: options.settings.roomId,
        get state() {
          return state();
        },
        log: this.#log,
        routing: this.#routing,
        turn,
        deliver: (events) => this.#deliver(events),
        write: (run) => this.#writes.run(run),
      },
      options.features,
    );
    this.#timers = new RoomTimers({
      now: this.#now,
      idleCloseMs: options.idleCloseMs,
      endedLingerMs: options.endedLingerMs,
      onWake: () => this.#background('tick', () => this.#apply({ type: 'tick' })),
      onExpire: () =>
        this.#background('end', () => this.#apply({ type: 'end', reason: 'time_over' })),
      onIdle: () =>
        this.#background('idle', () => {
          // The recorder alone keeps nobody's room open.
          if (peopleCount(this.#state) === 0) void this.close('idle');
        }),
      onLingered: () => void this.close('ended'),
    });
  }

  static async create(options: RoomHostOptions): Promise<RoomHost> {
    const roomId = options.settings.roomId;
    const host = new RoomHost(options, await options.blocks.list(roomId));
    await host.#features.open();
    await host.#routing.open(options.media, host.#state);
    host.#timers.expireAt(options.settings.expiresAt);
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

  /** What in-call features see of this room (gifts announce through it). */
  get features(): FeatureRoom {
    return this.#features.room;
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
      const d = this.#apply({ type: 'join', participantId, ...input }, (result) =>
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
      // The person's one participant (the machine keeps byIdentity to exactly the present
      // participants), then its session: the same check as finding the session among everyone
      // and comparing identities, without walking the whole roster on every resume (a network
      // blip in a conference of thousands resumes every one of them).
      const state = this.#state;
      const id = state.byIdentity.get(identityKey(input.identity));
      const p = id === undefined ? undefined : state.participants.get(id);
      if (!p || p.sessionId !== input.sessionId) {
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

  async request(participantId: string, request: RoomRequest, answer: Answer): Promise<void> {
    // A feature may check the request first (chat: only the sender's own upload is attached).
    const check = await this.#features.prepare(participantId, request);
    return this.#enqueue(() => {
      const prepared = check ? check(this.#state) : { ok: true as const, request };
      if (!prepared.ok) return answer(prepared);
      this.#apply({ type: 'request', by: participantId, request: prepared.request }, answer);
    });
  }

  /** A request an in-call feature answers itself (`FEATURE_REQUESTS`), outside the machine. */
  featureRequest(participantId: string, request: FeatureRequest, answer: Answer): Promise<void> {
    return this.#features.request(participantId, request, answer);
  }

  /** The socket of this participant closed. Ignored when another socket took over already. */
  disconnect(participantId: string, peer: Peer): Promise<void> {
    return this.#enqueue(() => {
      if (this.#peers.get(participantId) !== peer) return;
      this.#peers.delete(participantId);
      this.#apply({ type: 'disconnect', participantId });
    });
  }

  /** SDP and ICE: checked against the room state, then relayed to the media server. */
  media(participantId: string, request: MediaRequest, answer: Answer): Promise<void> {
    return this.#routing.request(participantId, request, answer);
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

  /** A task of the room's own (a timer fired): failures are logged, a closed room ignored. */
  #background(what: string, task: () => unknown): void {
    this.#enqueue(task).catch((error: unknown) => {
      if (!(error instanceof RoomClosedError)) this.#log.error({ err: error }, `${what} failed`);
    });
  }

  #apply(command: RoomCommand, answer?: (result: CommandResult) => void): Decision {
    const before = this.#state;
    const decision = this.#features.decorate(decide(before, command, this.#now()));
    this.#state = decision.state;
    this.#audiences.update(this.#state);
    // The issuer hears the answer first, then the events it caused.
    answer?.(decision.result);
    this.#resuming = command.type === 'resume' ? command.participantId : null;
    try {
      this.#deliver(decision.events);
    } finally {
      this.#resuming = null;
    }
    this.#carryOut(before, decision);
    if (this.#state.ended === null) this.#timers.watchIdle(peopleCount(this.#state) === 0);
    this.#events.emit('stateChanged', { before, after: this.#state, command });
    return decision;
  }

  #deliver(events: readonly Outgoing[]): void {
    const peers = this.#peers;
    for (const { to, message } of events) {
      const text = encoded(message);
      const routed = this.#routing.following(message);
      if (routed === null && !AFTER_SEND.has(message.type)) {
        // The fan-out's hot path: the same bytes to each recipient, nothing built per socket.
        this.#audiences.forEach(to, (id) => peers.get(id)?.send(text));
        continue;
      }
      const follow = typeof routed === 'string' ? new WireFrame(routed) : routed;
      this.#audiences.forEach(to, (id) => {
        const peer = peers.get(id);
        if (!peer) return;
        peer.send(text);
        if (message.type === 'welcome') {
          this.#afterWelcome(id, peer);
        } else if (message.type === 'snapshot') {
          this.#routing.refresh(id, peer);
        } else if (
          message.type === 'join_state' &&
          (message.state === 'left' || message.state === 'ended')
        ) {
          peers.delete(id);
          peer.released(message.state === 'ended' ? 'ended' : 'left');
        } else {
          const feeds = typeof follow === 'function' ? follow(id) : follow;
          if (feeds) peer.send(feeds);
        }
      });
    }
  }

  /**
   * A welcome is followed by the feeds (what the joiner subscribes to at once), then what the
   * features send a joiner (chat history, recording state, …): the browser read those nine
   * messages before it learnt of the feeds, on the join's path (issue 11 item 3).
   */
  #afterWelcome(id: string, peer: Peer): void {
    const p = this.#state.participants.get(id);
    if (!p) return;
    this.#events.emit('welcomed', { identity: p.identity });
    this.#routing.welcome(id, peer);
    const resumed = this.#resuming === id;
    for (const message of this.#features.welcome(id, resumed)) peer.send(frame(message));
  }

  #carryOut(before: RoomState, d: Decision): void {
    if (d.state.blocked !== before.blocked) {
      for (const key of d.state.blocked) {
        if (before.blocked.has(key)) continue;
        this.#writes
          .run(() => this.#blocks.add(this.roomId, key))
          .catch((error: unknown) => {
            this.#log.error({ err: error, what: 'block' }, 'room write failed');
          });
      }
    }
    for (const effect of d.effects) this.#effect(before, d.state, effect);
  }

  #effect(before: RoomState, after: RoomState, effect: Effect): void {
    switch (effect.kind) {
      case 'media.permissions':
      case 'media.stop':
      case 'media.close':
      case 'media.mode':
        this.#routing.effect(effect);
        return;
      case 'wake':
        this.#timers.wakeAt(effect.at);
        return;
      case 'room.ended':
        this.#ended();
        return;
      default:
        this.#features.effect(effect, before, after);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Lifetime

  /** The room is over: every socket got `ended`; stop media, close after a short linger. */
  #ended(): void {
    for (const [id, peer] of this.#peers) {
      this.#peers.delete(id);
      peer.released('ended');
    }
    this.#routing.destroy().catch((error: unknown) => {
      this.#log.warn({ err: error }, 'media room could not be destroyed');
    });
    // Recordings and live streams stop with the room (features log their own failures).
    void this.#features.ended();
    this.#timers.ended();
  }

  /**
   * Another node runs the room now (this node lost its lease, issue 16): every socket is let go
   * so it reconnects to the new owner, and the room closes as for a shutdown (its stored state
   * is the new owner's: the registry stops writing it first).
   */
  moved(): Promise<void> {
    for (const [id, peer] of this.#peers) {
      this.#peers.delete(id);
      peer.released('moved');
    }
    return this.close('shutdown');
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
    this.#timers.stop();
    this.#peers.clear();
    await this.#queue.idle();
    await this.#features.ended();
    await this.#writes.idle();
    try {
      await this.#routing.destroy();
    } catch (error) {
      this.#log.warn({ err: error }, 'media room could not be destroyed');
    }
    this.#events.removeAll();
    this.#log.debug({ reason }, 'room closed');
  }
}
