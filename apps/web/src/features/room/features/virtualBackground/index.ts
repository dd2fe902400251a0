import type { InCallFeature } from '../inCallFeature.ts';
import { BackgroundEffect, useBackgroundControls } from './BackgroundControl.tsx';

/**
 * Virtual background (issue 13 item 3): each person blurs or replaces their own background,
 * in the browser, before the camera is sent. The choice, the picker and the processing engine
 * (MediaPipe selfie segmentation, lazy-loaded) are `features/virtualBackground/`, shared with
 * the pre-join page; this folder adds the control and runs the effect over the room's camera.
 * Nothing goes to the server: it only ever sees the processed track.
 */
export const virtualBackgroundFeature: InCallFeature = {
  id: 'virtual-background',
  useControls: useBackgroundControls,
  Overlay: BackgroundEffect,
};
