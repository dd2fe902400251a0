import { chatFeature } from './chat/index.ts';
import { breakoutFeature } from './breakout/index.ts';
import { cameraShareFeature } from './cameraShare/index.ts';
import { audienceChatFeature, audienceFeature } from './audience/index.ts';
import { backstageFeature } from './backstage/index.ts';
import { e2eeFeature } from './e2ee/index.tsx';
import { giftsFeature } from './gifts/index.ts';
import type { InCallFeature } from './inCallFeature.ts';
import { interpretationFeature } from './interpretation/index.ts';
import { participantsFeature } from './participants/index.ts';
import { recordingFeature } from './recording/index.ts';
import { sharedVideoFeature } from './sharedVideo/index.ts';
import { streamingFeature } from './streaming/index.ts';
import { whiteboardFeature } from './whiteboard/index.ts';
import { studioFeature } from './studio/index.ts';
import { virtualBackgroundFeature } from './virtualBackground/index.ts';

/**
 * The in-call features of every call, registered once (README.md: adding one). Their order is
 * the order of their contributions: controls between the core controls and Leave, header
 * items, tile overlays, participant menu items.
 */
export const IN_CALL_FEATURES: readonly InCallFeature[] = [
  virtualBackgroundFeature,
  interpretationFeature,
  // What everyone uses first, so a narrow bar keeps them inline (Meet and Zoom keep chat and
  // people in sight): the bar moves the features' controls from the end into "More options".
  chatFeature,
  participantsFeature,
  giftsFeature,
  recordingFeature,
  audienceFeature,
  streamingFeature,
  cameraShareFeature,
  sharedVideoFeature,
  studioFeature,
  whiteboardFeature,
  audienceChatFeature,
  breakoutFeature,
  backstageFeature,
  e2eeFeature,
];
