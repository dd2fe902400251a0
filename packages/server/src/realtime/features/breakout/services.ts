import type { SavedBreakout } from '../../../services/rooms/breakouts.ts';

export type { SavedBreakout };

/** Where the breakout rooms of a room are kept across a restart (RoomDirectory). */
export interface BreakoutStore {
  loadBreakout(roomId: string): Promise<SavedBreakout | null>;
  /** null: delete (closed, or the room run is over). */
  saveBreakout(roomId: string, saved: SavedBreakout | null): Promise<void>;
}
