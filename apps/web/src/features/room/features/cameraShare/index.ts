import { readSlice } from '../../store.ts';
import type { InCallFeature } from '../inCallFeature.ts';
import { CameraShareContent } from './CameraShareContent.tsx';
import { useCameraShareControls } from './CameraShareControl.tsx';
import { CameraShareSync } from './CameraShareSync.tsx';
import { cameraShareSlice } from './state.ts';
import { shareTiles } from './view.ts';

/**
 * Multi-camera sharing (issue 14 item 3; server: realtime/features/cameraShare). The stage
 * (hosts, co-hosts, presenters, speakers) shares more cameras, each named ("Share another
 * camera": a device and a name; at most three a person). Each is its own publisher and feed, so
 * it is its own stage tile for everyone (and the recorder), labelled with its name, starting →
 * streaming → stopping; a viewer may pin it. The host's Stop cameras, leaving or losing the
 * camera right end shares on the server; `CameraShareSync` ends them here too. In endtoend rooms
 * a share's frames are encrypted like the main camera's.
 */
export const cameraShareFeature: InCallFeature = {
  id: 'cameraShare',
  slice: cameraShareSlice,
  useControls: useCameraShareControls,
  Overlay: CameraShareSync,
  stageContent: {
    contents: (state) =>
      shareTiles(readSlice(state, cameraShareSlice), state.room.feeds, state.room.selfId).map(
        (tile) => ({ contentId: tile.id, participantId: tile.participantId }),
      ),
    Content: CameraShareContent,
  },
};
