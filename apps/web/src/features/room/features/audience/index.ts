import type { InCallFeature } from '../inCallFeature.ts';
import { AudienceHeader, useAudienceControls } from './AudienceControls.tsx';
import { audienceSlice } from './state.ts';

/**
 * The audience stream (issue 12 item 4): hosts and co-hosts put the room on its public watch
 * page /live/{alias} (controls bar toggle; a prominent "Start audience stream" in livestream
 * rooms), everyone sees how many watch. The watch page itself is features/live/.
 */
export const audienceFeature: InCallFeature = {
  id: 'audience',
  slice: audienceSlice,
  useControls: useAudienceControls,
  Header: AudienceHeader,
};

export { audienceChatFeature } from './chat.tsx';
