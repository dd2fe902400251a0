import type { Logger } from 'pino';
import {
  orderElements,
  type DrawingResponse,
  type WhiteboardEditors,
  type WhiteboardElement,
} from '@podium/protocol';
import type { Db } from '../../store/db.ts';
import * as repo from './repository.ts';

/** A room's board as it is stored with its event. */
export interface StoredBoard {
  open: boolean;
  editors: WhiteboardEditors;
  elements: WhiteboardElement[];
}

/**
 * Room whiteboards stored with their events, and the personal drawings of /draw. Elements were
 * checked at the boundary (the protocol's `whiteboardElement`); this service stores and reads.
 */
export class WhiteboardsService {
  readonly #db: Db;
  readonly #log: Logger;

  constructor(deps: { db: Db; log: Logger }) {
    this.#db = deps.db;
    this.#log = deps.log.child({ domain: 'whiteboards' });
  }

  /** The board of a room (alias id), or null when none was ever drawn. */
  async load(roomId: string): Promise<StoredBoard | null> {
    const row = await repo.findBoard(this.#db, roomId);
    return row ? { open: row.open, editors: row.editors, elements: row.elements } : null;
  }

  async save(roomId: string, board: StoredBoard): Promise<void> {
    await repo.saveBoard(this.#db, roomId, board);
    this.#log.debug({ roomId, elements: board.elements.length }, 'whiteboard saved');
  }

  /** The account's drawing (empty until first saved). */
  async drawing(accountId: string): Promise<DrawingResponse> {
    const row = await repo.findDrawing(this.#db, accountId);
    return row
      ? { elements: row.elements, updated_at: row.updatedAt.toISOString() }
      : { elements: [], updated_at: null };
  }

  /** Replaces the account's drawing; deleted elements are dropped (a personal board has no peers). */
  async saveDrawing(accountId: string, elements: WhiteboardElement[]): Promise<DrawingResponse> {
    const kept = orderElements(elements.filter((e) => !e.isDeleted));
    const at = await repo.saveDrawing(this.#db, accountId, kept);
    return { elements: kept, updated_at: at.toISOString() };
  }
}
