import type { Logger } from 'pino';
import { identityKey, inRoom } from '../rooms/index.ts';
import type { LiveRoomEvent, RoomDirectory } from '../services/rooms/directory.ts';
import type { FeatureDeps } from './features/index.ts';
import type { RoomMedia } from './room-media.ts';
import { RoomHost } from './room-host.ts';
import {
  restoreRoom,
  type RoomStateFence,
  type RoomStatePersistence,
} from '../services/rooms/room-state.ts';
import type { RoomLease, RoomLeases } from '../cluster/leases.ts';

export interface RoomRegistryOptions {
  /** Events that can be opened as rooms, and their blocks (services/rooms). */
  directory: Pick<
    RoomDirectory,
    | 'find'
    | 'blocked'
    | 'block'
    | 'openState'
    | 'takeRoom'
    | 'attachment'
    | 'loadBreakout'
    | 'saveBreakout'
  >;
  /**
   * Room ownership across nodes (cluster/leases.ts). Absent or not shared (REDIS_URL unset):
   * every room is this process's, as before.
   */
  leases?: RoomLeases;
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

/** Another node holds the room's lease: the room runs there (cluster). */
export class RoomElsewhereError extends Error {
  constructor(roomId: string) {
    super(`room ${roomId} runs on another node`);
    this.name = 'RoomElsewhereError';
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
    const { directory } = this.#options;
    const found = await directory.find(roomId);
    if (!found) throw new RoomUnavailableError(roomId);
    const leases = this.#options.leases;
    if (!leases?.shared) return this.#create(roomId, found, null);
    // On a cluster: win the lease, then take the next fencing epoch (services/rooms/owners.ts).
    const lease = await leases.claim(roomId);
    if (!lease) throw new RoomElsewhereError(roomId);
    try {
      return await this.#create(roomId, found, lease);
    } catch (error) {
      await lease.release();
      throw error;
    }
  }

  async #create(roomId: string, found: LiveRoomEvent, lease: RoomLease | null): Promise<RoomHost> {
    const { directory, log } = this.#options;
    let host: RoomHost | null = null;
    let persisted: RoomStatePersistence | null = null;
    let lost = false;
    const onLost = (): void => {
      if (lost) return;
      lost = true;
      // The room runs elsewhere now: its sockets reconnect there; nothing more is written.
      persisted?.abandon();
      if (host) void host.moved();
      if (lease) void lease.release();
    };
    let fence: RoomStateFence | null = null;
    if (lease && this.#options.leases) {
      const epoch = await directory.takeRoom(roomId, this.#options.leases.nodeId);
      fence = { epoch, lost: onLost };
      log.info({ roomId, epoch }, 'room taken by this node');
    }
    // What a restart kept: lock, waiting room, mode, roles (services/rooms/room-state.ts).
    const state = await directory.openState(roomId, log, fence);
    persisted = state;
    const saved = state.saved;
    const settings = saved ? { ...found, mode: saved.mode } : found;
    host = await RoomHost.create({
      settings,
      restore: (initial) => restoreRoom(initial, saved, state.admitted),
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
    host.on('welcomed', ({ identity }) => state.welcomed(identityKey(identity)));
    host.on('stateChanged', ({ before, after, command }) => {
      if (before === after) return;
      state.changed(after);
      if (command.type === 'request' && command.request.type === 'remove') {
        const removed = before.participants.get(command.request.participant_id);
        if (removed && !after.participants.has(removed.id)) {
          state.removed(identityKey(removed.identity));
        }
      }
    });
    host.on('closing', ({ reason, done }) => {
      const written = done
        .catch(() => undefined)
        .then(() => state.finished(reason))
        .catch(() => undefined)
        // The next owner reads the state after this run's last write: release after it.
        .then(() => lease?.release())
        .catch(() => undefined);
      this.#stateWrites.set(roomId, written);
      void written.then(() => {
        if (this.#stateWrites.get(roomId) === written) this.#stateWrites.delete(roomId);
      });
    });
    if (lease) {
      // Lost while the room was being opened: close it now that it exists.
      if (lost || lease.lost.aborted) {
        lost = false;
        onLost();
      } else {
        lease.lost.addEventListener('abort', onLost, { once: true });
      }
    }
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
