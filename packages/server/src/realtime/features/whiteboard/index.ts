import type { ServerMessage } from '@podium/protocol';
import { whiteboardPermissions } from '../../../rooms/feature-permissions/index.ts';
import type { RoomFeature } from '../types.ts';
import { whiteboardSlot } from './slot.ts';

/**
 * The whiteboard (issue 14 item 1). Protocol: `packages/protocol/src/signaling/whiteboard.ts`
 * (messages, element checks) and `packages/protocol/src/whiteboard/reconcile.ts` (the pure
 * Excalidraw reconcile rule). Permissions: `whiteboard_open`, `whiteboard_draw`,
 * `whiteboard_manage` (rooms/feature-permissions/whiteboard.ts). Requests answered outside the
 * machine: requests.ts. Per-room state: slot.ts (view, board, rate buckets, the write of the
 * board with the event: services/whiteboards, table `whiteboards`); board.ts keeps the elements
 * within bounds. Not room-machine state: nothing else in the room depends on it.
 */
export const whiteboardFeature: RoomFeature = {
  name: 'whiteboard',
  permissions: whiteboardPermissions,
  slots: [whiteboardSlot],
  // Every welcome (joiners, reconnects, the recorder) is followed by the state (a new
  // participant's only when not closed with the default editors) and the board.
  welcome: (room) => {
    const slot = room.local(whiteboardSlot);
    const messages: ServerMessage[] = [{ type: 'whiteboard_state', whiteboard: slot.view }];
    if (slot.board.size > 0) {
      messages.push({
        type: 'whiteboard_scene',
        elements: slot.board.elements(),
        full: true,
        by: null,
      });
    }
    return messages;
  },
  // The room run is over: the last changes are written now rather than after the delay.
  ended: (room) => room.local(whiteboardSlot).flush(room),
};

export {
  whiteboardClose,
  whiteboardEditors,
  whiteboardOpen,
  whiteboardUpdate,
} from './requests.ts';
export type { WhiteboardStore } from './services.ts';
