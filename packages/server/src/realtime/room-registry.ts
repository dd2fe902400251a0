import type { Logger } from 'pino';
import { inRoom } from '../rooms/index.ts';
import type { RoomDirectory } from '../services/rooms/directory.ts';
import type { FeatureDeps } from './features/index.ts';
import type { RoomMedia } from './room-media.ts';
import { RoomHost } from './room-host.ts';
import { restoreRoom } from '../services/rooms/room-state.ts';

export interface RoomRegistryOptions {
  /** Events that can be opened as rooms, and their blocks (services/rooms). */
  directory: Pick<
    RoomDirectory,
    'find' | 'blocked' | 'block' | 'openState' | 'attachment' | 'loadBreakout' | 'saveBreakout'
  >;
  /** The services the in-call features use. */
  features: FeatureDeps;
  media: RoomMedia;
  log: Logger;
  graceMs: number;
  idleCloseMs: number;
  endedLingerMs: number;
  now?: () => number;
}

/** The event behind a room is gone or over: nobody can join it. */
export class RoomUnavailableError extends Error {
  constructor(roomId: string) {
    super(`room ${roomId} is not available`);
    this.name = 'RoomUnavailableError';
  }
}

/**
 * One RoomHost per live room in this process, created on the first join and dropped when it
 * closes (empty for a while, or ended). A room closing and a new join for it never overlap: the
 * next run waits for the previous one's teardown (media room destroyed, writes done).
 */
export class RoomRegistry {
  readonly #options: RoomRegistryOptions;
  readonly #rooms = new Map<string, Promise<RoomHost>>();
  readonly #teardowns = new Map<string, Promise<void>>();
  /** A closed run's last room-state write (or delete): the next run reads after it. */
  readonly #stateWrites = new Map<string, Promise<void>>();
  /** The rooms that finished opening, for questions that cannot wait (who is in a call). */
  readonly #live = new Map<string, RoomHost>();
  #closed = false;

  constructor(options: RoomRegistryOptions) {
    this.#options = options;
  }

  /** Open rooms (including ones still being created). */
  get size(): number {
    return this.#rooms.size;
  }

  /** The room, opened if needed. Rejects with RoomUnavailableError when the event is gone. */
  acquire(roomId: string): Promise<RoomHost> {
    if (this.#closed) return Promise.reject(new RoomUnavailableError(roomId));
    const existing = this.#rooms.get(roomId);
    if (existing) return existing;
    const pending: Promise<RoomHost> = this.#open(roomId).then((host) => {
      this.#live.set(roomId, host);
      host.on('closing', ({ done }) => {
        if (this.#live.get(roomId) === host) this.#live.delete(roomId);
        if (this.#rooms.get(roomId) === pending) this.#rooms.delete(roomId);
        const settled = done.catch(() => undefined);
        this.#teardowns.set(roomId, settled);
        void settled.then(() => {
          if (this.#teardowns.get(roomId) === settled) this.#teardowns.delete(roomId);
        });
      });
      return host;
    });
    this.#rooms.set(roomId, pending);
    pending.catch(() => {
      if (this.#rooms.get(roomId) === pending) this.#rooms.delete(roomId);
    });
    return pending;
  }

  /** The room when it is open; never opens one. */
  find(roomId: string): Promise<RoomHost> | undefined {
    return this.#rooms.get(roomId);
  }

  /**
   * Accounts that are in a live room right now (connected, or reconnecting within the grace
   * period) — somebody in a call is not free to answer another.
   */
  accountsInCalls(): Set<string> {
    const busy = new Set<string>();
    for (const host of this.#live.values()) {
      if (host.closed) continue;
      for (const p of host.state.participants.values()) {
        if (p.identity.kind === 'account' && inRoom(p)) busy.add(p.identity.accountId);
      }
    }
    return busy;
  }

  async #open(roomId: string): Promise<RoomHost> {
    await this.#teardowns.get(roomId);
    await this.#stateWrites.get(roomId);
    const { directory, log } = this.#options;
    const found = await directory.find(roomId);
    if (!found) throw new RoomUnavailableError(roomId);
    // What a restart kept: lock, waiting room, mode, roles (services/rooms/room-state.ts).
    const persisted = await directory.openState(roomId, log);
    const saved = persisted.saved;
    const settings = saved ? { ...found, mode: saved.mode } : found;
    const host = await RoomHost.create({
      settings,
      restore: (initial) => restoreRoom(initial, saved),
      features: { ...this.#options.features, attachments: directory, breakouts: directory },
      blocks: {
        list: (id) => directory.blocked(id),
        add: (id, identity) => directory.block(id, identity),
      },
      media: this.#options.media,
      log,
      graceMs: this.#options.graceMs,
      idleCloseMs: this.#options.idleCloseMs,
      endedLingerMs: this.#options.endedLingerMs,
      ...(this.#options.now ? { now: this.#options.now } : {}),
    });
    host.on('stateChanged', ({ before, after }) => {
      if (before !== after) persisted.changed(after);
    });
    host.on('closing', ({ reason, done }) => {
      const written = done
        .catch(() => undefined)
        .then(() => persisted.finished(reason))
        .catch(() => undefined);
      this.#stateWrites.set(roomId, written);
      void written.then(() => {
        if (this.#stateWrites.get(roomId) === written) this.#stateWrites.delete(roomId);
      });
    });
    return host;
  }

  /** Closes every room (server shutdown); idempotent. */
  async close(): Promise<void> {
    this.#closed = true;
    const rooms = [...this.#rooms.values()];
    this.#rooms.clear();
    await Promise.all(
      rooms.map(async (pending) => {
        try {
          await (await pending).close('shutdown');
        } catch {
          // A room that never opened has nothing to close.
        }
      }),
    );
    await Promise.all([...this.#teardowns.values()]);
    await Promise.all([...this.#stateWrites.values()]);
  }
}
