import type { InCallFeature } from '../inCallFeature.ts';
import { StudioBack, StudioBadge, StudioOver } from './StudioLayers.tsx';
import { StudioPanel, useStudioControls } from './StudioControls.tsx';
import { stageModeOf, studioOf, studioSlice } from './state.ts';

/**
 * The studio (issue 13, README.md beside this file): hosts and co-hosts brand the stage from
 * the Studio panel (the spec's modals); everyone's stage and the recorder's draw the scene
 * behind the tiles, the logo and text over them, a name badge on each camera tile, and
 * arrange the tiles by the studio's layout. State: `studio_state` (state.ts).
 */
export const studioFeature: InCallFeature = {
  id: 'studio',
  slice: studioSlice,
  useControls: useStudioControls,
  panel: { Component: StudioPanel },
  StageBack: StudioBack,
  StageFront: StudioOver,
  TileOverlay: StudioBadge,
  stageMode: (state) => stageModeOf(studioOf(state)),
};
