import crypto from 'node:crypto';
import type { ServerEvent } from '@podium/protocol';
import type { Outgoing } from '../../../rooms/index.ts';
import type { EgressFailure, EgressOutputStatus, EgressSession } from '../../room-egress.ts';
import type { FeatureRoom } from '../types.ts';
import {
  destinationView,
  isLive,
  onOutputFailed,
  publishUrl,
  type Destination,
  type RetryPolicy,
} from './rules.ts';

const FAILURES: ReadonlySet<string> = new Set<EgressFailure>([
  'rtmp_refused',
  'rtmp_dropped',
  'disk_full',
  'encoder_failed',
  'egress_crashed',
]);
const failureOf = (error: unknown): EgressFailure => {
  const message = error instanceof Error ? error.message : '';
  return FAILURES.has(message) ? (message as EgressFailure) : 'egress_crashed';
};

/**
 * The live stream of one room run: its destinations, each one output of the room's egress
 * session (shared with recording and the audience stream: this class never closes the session,
 * it only removes its own outputs). Every change is announced to the room (`stream_state`).
 * SECURITY: the destinations' keys live only here and in the egress output URLs; nothing here
 * logs a URL with its key or a destination object.
 */
export class StreamRoom {
  readonly #room: FeatureRoom;
  readonly #policy: RetryPolicy;
  readonly #destinations = new Map<string, Destination>();
  readonly #timers = new Map<string, NodeJS.Timeout>();
  #session: EgressSession | null = null;
  #opening: Promise<EgressSession> | null = null;
  #detach: Array<() => void> = [];
  #ended = false;

  constructor(room: FeatureRoom, policy: RetryPolicy) {
    this.#room = room;
    this.#policy = policy;
  }

  get destinations(): Destination[] {
    return [...this.#destinations.values()];
  }

  /** What `participantId` is told now (null: nothing to tell: no destinations). */
  stateFor(moderator: boolean): ServerEvent | null {
    if (this.#destinations.size === 0) return null;
    return this.#event(moderator);
  }

  #event(moderator: boolean): ServerEvent {
    const destinations = this.destinations;
    return {
      type: 'stream_state',
      live: isLive(destinations),
      destinations: destinations.map((d) => destinationView(d, moderator)),
    };
  }

  #announce(): void {
    const out: Outgoing[] = [
      { to: { to: 'moderators' }, message: this.#event(true) },
      { to: { to: 'audience' }, message: this.#event(false) },
    ];
    this.#room.deliver(out);
  }

  #set(id: string, changes: Partial<Destination>): Destination | null {
    const d = this.#destinations.get(id);
    if (!d) return null;
    const next = { ...d, ...changes };
    this.#destinations.set(id, next);
    return next;
  }

  /** Adds the destinations (already checked) as `starting` and starts each output. */
  start(targets: readonly Omit<Destination, 'id' | 'state' | 'error' | 'attempt' | 'outputId'>[]) {
    const ids: string[] = [];
    for (const t of targets) {
      const id = crypto.randomUUID();
      this.#destinations.set(id, {
        ...t,
        id,
        state: 'starting',
        error: null,
        attempt: 0,
        outputId: `stream-${id}-0`,
      });
      ids.push(id);
    }
    this.#announce();
    for (const id of ids) void this.#connect(id);
    return ids;
  }

  async #sessionNow(): Promise<EgressSession> {
    if (this.#session) return this.#session;
    this.#opening ??= (async () => {
      const resolution = this.#room.state.mode === 'theater' ? '1080p' : '720p';
      const session = await this.#room.deps.egress.open(this.#room.roomId, {
        resolution,
        log: this.#room.log,
      });
      this.#detach = [
        session.on('output', (status) => this.#onStatus(status)),
        session.on('ended', () => this.#onSessionEnded(session)),
      ];
      this.#session = session;
      return session;
    })().finally(() => {
      this.#opening = null;
    });
    return this.#opening;
  }

  /** One try of a destination: a new egress output; its outcome comes through #onStatus too. */
  async #connect(id: string): Promise<void> {
    const d = this.#destinations.get(id);
    if (!d || this.#ended) return;
    try {
      const session = await this.#sessionNow();
      await session.addOutput({ id: d.outputId, kind: 'rtmp', url: publishUrl(d) });
      this.#running(d.outputId);
    } catch (error) {
      this.#failed(d.outputId, failureOf(error));
    }
  }

  #byOutput(outputId: string): Destination | undefined {
    return this.destinations.find((d) => d.outputId === outputId);
  }

  #onStatus(status: EgressOutputStatus): void {
    if (status.state === 'running') this.#running(status.outputId);
    else if (status.state === 'failed') {
      this.#failed(status.outputId, status.failure ?? 'egress_crashed');
    }
  }

  #running(outputId: string): void {
    const d = this.#byOutput(outputId);
    if (!d || (d.state !== 'starting' && d.state !== 'retrying')) return;
    this.#set(d.id, { state: 'streaming', error: null });
    this.#room.log.info({ destination: d.id, attempt: d.attempt }, 'live stream destination up');
    this.#announce();
  }

  #failed(outputId: string, failure: EgressFailure): void {
    const d = this.#byOutput(outputId);
    if (!d || d.state === 'failed' || d.state === 'stopping' || this.#ended) return;
    // A retry already scheduled for this output (the rejection and the status both report it).
    if (d.state === 'retrying' && this.#timers.has(d.id)) return;
    const outcome = onOutputFailed(d, failure, this.#policy);
    this.#room.log.warn(
      { destination: d.id, failure, attempt: d.attempt, outcome: outcome.kind },
      'live stream destination failed',
    );
    if (outcome.kind === 'failed') {
      this.#set(d.id, { state: 'failed', error: outcome.error });
    } else {
      this.#set(d.id, {
        state: 'retrying',
        error: 'stream.connection_lost',
        attempt: outcome.attempt,
      });
      this.#timers.set(
        d.id,
        setTimeout(() => {
          this.#timers.delete(d.id);
          const now = this.#set(d.id, { outputId: `stream-${d.id}-${outcome.attempt}` });
          if (now) void this.#connect(d.id);
        }, outcome.delayMs),
      );
    }
    this.#announce();
  }

  #onSessionEnded(session: EgressSession): void {
    if (this.#session !== session) return;
    for (const off of this.#detach.splice(0)) off();
    this.#session = null;
    // Outputs reported `failed` (egress_crashed) before `ended`; live ones were retried then.
  }

  /** Stops one destination (or all): `stopping`, the output removed, then gone. */
  async stop(ids: readonly string[]): Promise<void> {
    // Those with an output to remove (a failed one has none; one waiting to retry neither).
    const stopping: Destination[] = [];
    for (const id of ids) {
      const d = this.#destinations.get(id);
      if (!d) continue;
      const waiting = this.#timers.has(id);
      clearTimeout(this.#timers.get(id));
      this.#timers.delete(id);
      if (d.state === 'failed' || waiting) this.#destinations.delete(id);
      else stopping.push(this.#set(id, { state: 'stopping' }) ?? d);
    }
    this.#announce();
    const session = this.#session;
    await Promise.all(
      stopping.map(async (d) => {
        try {
          if (session) await session.removeOutput(d.outputId);
        } catch (error) {
          this.#room.log.warn({ err: error, destination: d.id }, 'live stream output not removed');
        }
        this.#destinations.delete(d.id);
      }),
    );
    if (stopping.length > 0 || ids.length > 0) this.#announce();
  }

  /** The room is over: every destination stops; nothing restarts. */
  async end(): Promise<void> {
    const ids = [...this.#destinations.keys()];
    if (ids.length > 0) await this.stop(ids);
    this.#ended = true;
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    for (const off of this.#detach.splice(0)) off();
  }
}
