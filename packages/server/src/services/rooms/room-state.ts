import type { Logger } from 'pino';
import { identityKey, type Returning, type RoomState } from '../../rooms/index.ts';
import type { Db } from '../../store/db.ts';
import {
  addAdmitted,
  deleteAdmitted,
  deleteRoomState,
  loadAdmitted,
  loadRoomState,
  saveRoomState,
  type SavedRoomState,
} from './repository.ts';
import { SerialQueue } from '../../shared/serial-queue.ts';
import { fenced } from './owners.ts';

/**
 * A room run on a cluster node (issue 16): its writes count only while `epoch` is the room's
 * (services/rooms/owners.ts); the first refused write calls `lost` and nothing is written after.
 */
export interface RoomStateFence {
  epoch: number;
  lost(): void;
}

/**
 * What of a live room survives a server restart (issue 10 item 2): a SIGKILL used to reopen a
 * locked room unlocked, with the waiting room off. The state is saved after every command that
 * changes it and restored when the room is next opened; a room run that ends or empties for good
 * deletes it, so the next meeting of the event starts fresh. People are named by identity.
 */
export function savedStateOf(state: RoomState): SavedRoomState {
  const presenters: string[] = [];
  const interpreters: Record<string, string> = {};
  let pinned: string | null = null;
  // People not back yet since the restart keep what they had.
  for (const [key, back] of state.returning) {
    if (back.presenter) presenters.push(key);
    if (back.channel !== null) interpreters[key] = back.channel;
    if (back.pinned && state.pinned === null) pinned = key;
  }
  // Presenters and interpreters are among the few non-attendees (`notable`): a conference of
  // thousands is not walked through after every command.
  for (const id of state.notable) {
    const p = state.participants.get(id);
    if (!p) continue;
    const key = identityKey(p.identity);
    if (p.role === 'presenter') presenters.push(key);
    if (p.interpreterChannel !== null) interpreters[key] = p.interpreterChannel;
  }
  const pinnedNow = state.pinned === null ? undefined : state.participants.get(state.pinned);
  if (pinnedNow) pinned = identityKey(pinnedNow.identity);
  return {
    mode: state.mode,
    locked: state.locked,
    waitingRoom: state.waitingRoom,
    started: state.started,
    coHosts: [...state.coHosts].sort(),
    presenters: presenters.sort(),
    interpreters,
    pinned,
  };
}

/**
 * True when `b` holds, by reference, everything savedStateOf reads of `a` (room states are never
 * changed in place: a command copies what it changes), so both save the same.
 */
export function sameSavedInputs(a: RoomState, b: RoomState): boolean {
  if (
    a.mode !== b.mode ||
    a.locked !== b.locked ||
    a.waitingRoom !== b.waitingRoom ||
    a.started !== b.started ||
    a.coHosts !== b.coHosts ||
    a.returning !== b.returning ||
    a.pinned !== b.pinned ||
    a.notable !== b.notable
  ) {
    return false;
  }
  if (a.participants === b.participants) return true;
  for (const id of b.notable) {
    if (a.participants.get(id) !== b.participants.get(id)) return false;
  }
  return b.pinned === null || a.participants.get(b.pinned) === b.participants.get(b.pinned);
}

function sameSaved(a: SavedRoomState, b: SavedRoomState): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The room as a restart must find it: mode, lock, waiting room, whether the host had started
 * it, who was made co-host, and who presented, interpreted or was pinned (each gets it back as
 * they connect again). `blocked` is restored apart, from its own table.
 */
export function restoreRoom(
  initial: RoomState,
  saved: SavedRoomState | null,
  admitted: readonly string[] = [],
): RoomState {
  if (!saved && admitted.length === 0) return initial;
  const returning = new Map<string, Returning>();
  const entry = (key: string): Returning =>
    returning.get(key) ?? { presenter: false, channel: null, pinned: false };
  // Who was in the room when its node died (cluster takeover): back past lock and waiting room.
  for (const key of admitted) returning.set(key, { ...entry(key), admitted: true });
  if (!saved) return { ...initial, returning };
  for (const key of saved.presenters) returning.set(key, { ...entry(key), presenter: true });
  for (const [key, channel] of Object.entries(saved.interpreters)) {
    returning.set(key, { ...entry(key), channel });
  }
  if (saved.pinned !== null) returning.set(saved.pinned, { ...entry(saved.pinned), pinned: true });
  return {
    ...initial,
    mode: saved.mode,
    locked: saved.locked,
    waitingRoom: saved.waitingRoom,
    started: saved.started,
    coHosts: new Set(saved.coHosts),
    returning,
  };
}

/** One room's saved state: loads it once, then writes each change in order, off the command path. */
export class RoomStatePersistence {
  readonly #db: Db;
  readonly #roomId: string;
  readonly #log: Logger;
  readonly #writes = new SerialQueue();
  readonly #fence: RoomStateFence | null;
  #last: SavedRoomState | null;
  /** The state `#last` was last checked against (savedStateOf(it) equals `#last`). */
  #lastInput: RoomState | null = null;
  /** Another node took the room: this run writes nothing more. */
  #lost = false;
  /** Cluster only: who was in the room's run(s) so far (stored), and who is still to write. */
  readonly #admitted: readonly string[];
  readonly #known: Set<string>;
  readonly #unwritten = new Set<string>();
  #admitQueued = false;

  private constructor(
    db: Db,
    roomId: string,
    log: Logger,
    saved: SavedRoomState | null,
    fence: RoomStateFence | null,
    admitted: readonly string[],
  ) {
    this.#db = db;
    this.#roomId = roomId;
    this.#log = log;
    this.#last = saved;
    this.#fence = fence;
    this.#admitted = admitted;
    this.#known = new Set(admitted);
  }

  static async open(
    db: Db,
    roomId: string,
    log: Logger,
    fence: RoomStateFence | null = null,
  ): Promise<RoomStatePersistence> {
    const [saved, admitted] = await Promise.all([
      loadRoomState(db, roomId),
      fence ? loadAdmitted(db, roomId) : Promise.resolve([]),
    ]);
    return new RoomStatePersistence(db, roomId, log, saved, fence, admitted);
  }

  /** Cluster: who was in the room when its previous node lost it (identity keys). */
  get admitted(): readonly string[] {
    return this.#admitted;
  }

  /**
   * Cluster: this person is in the room (welcomed). Kept so a node taking the room over lets
   * them back in; written in batches (one insert per turn of the write queue, however many
   * joined meanwhile), each identity once per run. One process (no fence): nothing to do.
   */
  welcomed(identity: string): void {
    if (!this.#fence || this.#known.has(identity)) return;
    this.#known.add(identity);
    this.#unwritten.add(identity);
    if (this.#admitQueued) return;
    this.#admitQueued = true;
    this.#run('admitted', (db) => {
      this.#admitQueued = false;
      const batch = [...this.#unwritten];
      this.#unwritten.clear();
      return addAdmitted(db, this.#roomId, batch);
    });
  }

  /** Stops writing: the room was lost to another node, whose state is the room's now. */
  abandon(): void {
    this.#lost = true;
  }

  /** What the last run left (null: nothing, a fresh room). */
  get saved(): SavedRoomState | null {
    return this.#last;
  }

  /** After each applied command: saves the state when what a restart keeps changed. */
  changed(state: RoomState): void {
    if (state.ended !== null) return;
    const previous = this.#lastInput;
    this.#lastInput = state;
    // Most commands (a join, a hand raised) touch nothing a restart keeps: then `#last` is
    // already what savedStateOf would build, and neither it nor the comparison runs.
    if (previous && this.#last && sameSavedInputs(previous, state)) return;
    const next = savedStateOf(state);
    if (this.#last && sameSaved(this.#last, next)) return;
    // A room nobody changed and nobody is in needs no row (the defaults are the event's).
    this.#last = next;
    this.#run('save', (db) => saveRoomState(db, this.#roomId, next));
  }

  /** Cluster: the host removed this person; a takeover must not let them back in. */
  removed(identity: string): void {
    if (!this.#fence || !this.#known.delete(identity)) return;
    this.#unwritten.delete(identity);
    this.#run('admitted', (db) => deleteAdmitted(db, this.#roomId, identity));
  }

  /**
   * The room run is over: ended, or empty and closed. A shutdown keeps the state (the process
   * comes back and the room with it).
   */
  finished(reason: 'ended' | 'idle' | 'shutdown'): Promise<void> {
    if (reason !== 'shutdown') {
      this.#last = null;
      const fencedRun = this.#fence !== null;
      this.#run('delete', async (db) => {
        await deleteRoomState(db, this.#roomId);
        if (fencedRun) await deleteAdmitted(db, this.#roomId);
      });
    }
    return this.#writes.idle();
  }

  #run(what: string, write: (db: Db) => Promise<void>): void {
    const fence = this.#fence;
    const fencedWrite = async (): Promise<void> => {
      if (this.#lost) return;
      if (!fence) return write(this.#db);
      if (await fenced(this.#db, this.#roomId, fence.epoch, write)) return;
      // SECURITY/consistency: a later epoch means another node runs the room now; what this
      // run believed is stale, so it neither saves nor deletes anything from here on.
      this.#lost = true;
      this.#log.warn({ roomId: this.#roomId, epoch: fence.epoch }, 'room lost to another node');
      fence.lost();
    };
    this.#writes.run(fencedWrite).catch((error: unknown) => {
      this.#log.error({ err: error, what, roomId: this.#roomId }, 'room state write failed');
    });
  }
}
