import type { InCallFeature } from '../inCallFeature.ts';
import { readSlice } from '../../store.ts';
import { useWhiteboardControls } from './WhiteboardControls.tsx';
import { WhiteboardStage } from './WhiteboardStage.tsx';
import { whiteboardSlice } from './state.ts';

/**
 * The whiteboard (issue 14 item 1): presenters, co-hosts and the host open it for everyone
 * (controls bar); it shows on the stage as a featured tile, so the recorder and the live stream
 * show it too; those allowed draw, the others watch. Excalidraw loads only when a board is on
 * the stage (Board.tsx, lazily). Sync: sync.ts (out), state.ts (in). /draw is features/whiteboard.
 */
export const whiteboardFeature: InCallFeature = {
  id: 'whiteboard',
  slice: whiteboardSlice,
  useControls: useWhiteboardControls,
  stageContent: {
    contents: (state) => {
      const view = readSlice(state, whiteboardSlice).view;
      return view.open ? [{ contentId: 'board', participantId: view.opened_by ?? '' }] : [];
    },
    Content: WhiteboardStage,
  },
};
