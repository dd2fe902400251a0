import type { InCallFeature } from '../inCallFeature.ts';
import { useInterpretationControls } from './InterpretationControl.tsx';
import { hasInterpreterActions, InterpreterMenuItems } from './InterpreterMenuItems.tsx';
import { feedVolume, listenedChannel, listeningSlice } from './listening.ts';
import { RestoreMedia } from './RestoreMedia.tsx';

/**
 * Interpretation: hosts make someone an interpreter into a language channel (participant menu);
 * listeners pick a channel (controls bar) and hear its interpreter over the lowered original.
 * Stopping interpreting puts the microphone and camera back as they were (RestoreMedia).
 */
export const interpretationFeature: InCallFeature = {
  id: 'interpretation',
  slice: listeningSlice,
  feedGain: (state, feed) => feedVolume(feed, listenedChannel(state)),
  useControls: useInterpretationControls,
  participantMenu: { available: hasInterpreterActions, Items: InterpreterMenuItems },
  Overlay: RestoreMedia,
};
