import {
  CLOSED_WHITEBOARD,
  WHITEBOARD_UPDATES_BURST,
  WHITEBOARD_UPDATES_PER_SECOND,
  type WhiteboardView,
} from '@podium/protocol';
import type { FeatureRoom, FeatureSlot } from '../types.ts';
import { Board } from './board.ts';
import type { WhiteboardStore } from './services.ts';

/** How long after a change the board is written (changes in between are written together). */
export const WHITEBOARD_SAVE_DELAY_MS = 1000;

/** The whiteboard of one room run: loaded from the event's stored board when the room opens. */
export class WhiteboardSlot {
  view: WhiteboardView;
  readonly board: Board;
  readonly store: WhiteboardStore | undefined;
  /** Update tokens per participant (a token bucket: sustained rate and burst). */
  readonly #buckets = new Map<string, { tokens: number; at: number }>();
  #saveTimer: NodeJS.Timeout | null = null;
  #dirty = false;

  constructor(store: WhiteboardStore | undefined, view: WhiteboardView, board: Board) {
    this.store = store;
    this.view = view;
    this.board = board;
  }

  static async open(store: WhiteboardStore | undefined, roomId: string): Promise<WhiteboardSlot> {
    const stored = await store?.load(roomId);
    if (!stored) return new WhiteboardSlot(store, CLOSED_WHITEBOARD, new Board());
    return new WhiteboardSlot(
      store,
      // Who opened it belongs to an earlier run (participant ids are per run).
      { ...CLOSED_WHITEBOARD, open: stored.open, editors: stored.editors },
      new Board(stored.elements),
    );
  }

  /** May `participantId` send an update now? Takes a token when it may. */
  take(participantId: string, now: number): boolean {
    const bucket = this.#buckets.get(participantId) ?? {
      tokens: WHITEBOARD_UPDATES_BURST,
      at: now,
    };
    const tokens = Math.min(
      WHITEBOARD_UPDATES_BURST,
      bucket.tokens + ((now - bucket.at) / 1000) * WHITEBOARD_UPDATES_PER_SECOND,
    );
    const allowed = tokens >= 1;
    this.#buckets.set(participantId, { tokens: allowed ? tokens - 1 : tokens, at: now });
    return allowed;
  }

  /** Writes the board soon (one write for the changes of the next second). */
  changed(room: FeatureRoom): void {
    this.#dirty = true;
    if (this.#saveTimer || !this.store) return;
    this.#saveTimer = setTimeout(() => {
      this.#saveTimer = null;
      void this.flush(room);
    }, WHITEBOARD_SAVE_DELAY_MS);
    this.#saveTimer.unref();
  }

  /** Writes the board now if it changed since the last write. */
  async flush(room: FeatureRoom): Promise<void> {
    if (this.#saveTimer) clearTimeout(this.#saveTimer);
    this.#saveTimer = null;
    const store = this.store;
    if (!this.#dirty || !store) return;
    this.#dirty = false;
    const snapshot = {
      open: this.view.open,
      editors: this.view.editors,
      elements: this.board.elements(),
    };
    try {
      await room.write(() => store.save(room.roomId, snapshot));
    } catch (error) {
      this.#dirty = true;
      room.log.error({ err: error, what: 'whiteboard' }, 'room write failed');
    }
  }
}

export const whiteboardSlot: FeatureSlot<WhiteboardSlot> = {
  name: 'whiteboard',
  open: (deps, roomId) => WhiteboardSlot.open(deps.whiteboards, roomId),
};
