import { readSlice } from '../../store.ts';
import type { InCallFeature } from '../inCallFeature.ts';
import { SharedVideoContent } from './SharedVideoContent.tsx';
import { useSharedVideoControls } from './ShareVideoControl.tsx';
import { sharedVideoSlice } from './state.ts';

/**
 * Playing a video link (issue 14 item 2; server: realtime/features/sharedVideo). Hosts,
 * co-hosts and presenters paste a direct mp4/webm link or a YouTube/Vimeo page ("Video link"
 * control); it is featured on everyone's stage like a screen share (and so recorded and
 * streamed), played in sync from the server's `{playing, position, at}` (sync.ts: expected
 * position from the clock offset, seek beyond 0.35 s of drift); a late joiner starts where the
 * others are.
 */
export const sharedVideoFeature: InCallFeature = {
  id: 'sharedVideo',
  slice: sharedVideoSlice,
  useControls: useSharedVideoControls,
  stageContent: {
    contents: (state) => {
      const { video } = readSlice(state, sharedVideoSlice);
      return video ? [{ contentId: video.id, participantId: video.by }] : [];
    },
    Content: SharedVideoContent,
  },
};
