import type { Logger } from 'pino';
import type { RoomMode } from '@podium/protocol';
import * as events from '../events/repository.ts';
import { findUpload } from '../storage/repository.ts';
import type { Db } from '../../store/db.ts';
import { addBlockedIdentity, blockedIdentities } from './blocks.ts';
import { RoomStatePersistence, type RoomStateFence } from './room-state.ts';
import { takeRoom } from './owners.ts';
import { loadBreakout, saveBreakout, type SavedBreakout } from './breakouts.ts';

/** What a live room is opened with, from its event. */
export interface LiveRoomEvent {
  /** The event's alias id. */
  roomId: string;
  mode: RoomMode;
  /** A scheduled event without "join before host". */
  waitForHost: boolean;
  /** Epoch ms the event's link expires (its use ends), or null. */
  expiresAt: number | null;
}

/**
 * The stored side of live rooms, for the signaling gateway (realtime/ never reads the database
 * itself): which events can be opened as rooms, and who is blocked from them (blocks outlive a
 * room run: decisions.md, a blocked person cannot rejoin the event).
 */
export class RoomDirectory {
  readonly #db: Db;
  readonly #now: () => number;

  constructor(db: Db, now: () => number = Date.now) {
    this.#db = db;
    this.#now = now;
  }

  /** The event behind a room, or null when it is gone or its link expired. */
  async find(roomId: string): Promise<LiveRoomEvent | null> {
    const row = await events.findAliasById(this.#db, roomId);
    if (!row || (row.expiredAt !== null && row.expiredAt.getTime() <= this.#now())) return null;
    return {
      roomId,
      mode: row.mode,
      waitForHost: !row.joinBeforeHost,
      expiresAt: row.expiredAt?.getTime() ?? null,
    };
  }

  blocked(roomId: string): Promise<string[]> {
    return blockedIdentities(this.#db, roomId);
  }

  block(roomId: string, identity: string): Promise<void> {
    return addBlockedIdentity(this.#db, roomId, identity);
  }

  /** What a restart must keep of the room (saved after each change, restored on open). */
  openState(
    roomId: string,
    log: Logger,
    fence: RoomStateFence | null = null,
  ): Promise<RoomStatePersistence> {
    return RoomStatePersistence.open(this.#db, roomId, log, fence);
  }

  /**
   * This node won the room's lease (cluster): takes the next fencing epoch, which the room's
   * state writes then carry (migrations/0024).
   */
  takeRoom(roomId: string, node: string): Promise<number> {
    return takeRoom(this.#db, roomId, node);
  }

  /** The breakout rooms a restart kept (migrations/0021), or null. */
  loadBreakout(roomId: string): Promise<SavedBreakout | null> {
    return loadBreakout(this.#db, roomId);
  }

  /** Saves the breakout rooms of a room; null deletes them. */
  saveBreakout(roomId: string, saved: SavedBreakout | null): Promise<void> {
    return saveBreakout(this.#db, roomId, saved);
  }

  /** An upload a chat message names, as stored (the room attaches only the sender's own). */
  async attachment(id: string): Promise<{
    id: string;
    name: string;
    size: number;
    mime: string;
    uploader: string;
    aliasId: string | null;
  } | null> {
    if (!/^[A-Za-z0-9_-]{32}$/.test(id)) return null;
    const row = await findUpload(this.#db, id);
    if (!row) return null;
    const { name, size, mime, uploader, aliasId } = row;
    return { id: row.id, name, size, mime, uploader, aliasId };
  }
}
