import type { FeatureColumns } from '../permission-rules.ts';
import { audiencePermissions } from './audience.ts';
import { breakoutPermissions } from './breakout.ts';
import { cameraSharePermissions } from './cameraShare.ts';
import { chatPermissions } from './chat.ts';
import { giftPermissions } from './gifts.ts';
import { interpretationPermissions } from './interpretation.ts';
import { recordingPermissions } from './recording.ts';
import { sharedVideoPermissions } from './sharedVideo.ts';
import { streamingPermissions } from './streaming.ts';
import { whiteboardPermissions } from './whiteboard.ts';
import { studioPermissions } from './studio.ts';

/**
 * Every in-call feature's permission columns, composed into the role × action table by
 * permissions.ts. A new feature adds its file here (the room machine stays pure, so the columns
 * live beside it and the feature's server folder names them: `RoomFeature.permissions`).
 */
export const FEATURE_PERMISSIONS = [
  audiencePermissions,
  breakoutPermissions,
  chatPermissions,
  giftPermissions,
  interpretationPermissions,
  streamingPermissions,
  recordingPermissions,
  whiteboardPermissions,
  studioPermissions,
  sharedVideoPermissions,
  cameraSharePermissions,
] as const;

/** The actions the features own. */
export type FeatureAction = ActionsOf<(typeof FEATURE_PERMISSIONS)[number]>;
type ActionsOf<C> = C extends FeatureColumns<infer A> ? A : never;

export {
  audiencePermissions,
  breakoutPermissions,
  chatPermissions,
  giftPermissions,
  interpretationPermissions,
  recordingPermissions,
  streamingPermissions,
  whiteboardPermissions,
  studioPermissions,
  sharedVideoPermissions,
  cameraSharePermissions,
};
