import type { InCallFeature } from '../inCallFeature.ts';
import { useInterpretationControls } from './InterpretationControl.tsx';
import { hasInterpreterActions, InterpreterMenuItems } from './InterpreterMenuItems.tsx';
import { feedVolume, listenedChannel, listeningSlice } from './listening.ts';

/**
 * Interpretation: hosts make someone an interpreter into a language channel (participant menu);
 * listeners pick a channel (controls bar) and hear its interpreter over the lowered original.
 */
export const interpretationFeature: InCallFeature = {
  id: 'interpretation',
  slice: listeningSlice,
  feedGain: (state, feed) => feedVolume(feed, listenedChannel(state)),
  useControls: useInterpretationControls,
  participantMenu: { available: hasInterpreterActions, Items: InterpreterMenuItems },
};
