import type { WhiteboardEditors, WhiteboardElement } from '@podium/protocol';

/** What the whiteboard feature needs of the store (services/whiteboards), per room (alias id). */
export interface WhiteboardStore {
  load(
    roomId: string,
  ): Promise<{ open: boolean; editors: WhiteboardEditors; elements: WhiteboardElement[] } | null>;
  save(
    roomId: string,
    board: { open: boolean; editors: WhiteboardEditors; elements: WhiteboardElement[] },
  ): Promise<void>;
}
