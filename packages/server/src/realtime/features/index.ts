import {
  chatEffects,
  chatExport,
  chatFeature,
  chatPasscodeReset,
  prepareChat,
} from './chat/index.ts';
import {
  cameraShareFeature,
  cameraShareStart,
  cameraShareStop,
  prepareStopAllCameras,
} from './cameraShare/index.ts';
import { e2eeAnnounce, e2eeFeature, e2eeSeal } from './e2ee/index.ts';
import {
  breakoutAssign,
  breakoutBroadcast,
  breakoutClose,
  breakoutFeature,
  breakoutHelp,
  breakoutJoin,
  breakoutOpen,
} from './breakout/index.ts';
import { audienceChat, audienceFeature, audienceStart, audienceStop } from './audience/index.ts';
import { giftsFeature } from './gifts/index.ts';
import { interpretationEffects, interpretationFeature } from './interpretation/index.ts';
import {
  recordingFeature,
  recordingPause,
  recordingResume,
  recordingStart,
  recordingStop,
} from './recording/index.ts';
import { sharedVideoFeature, videoControl, videoShare, videoStop } from './sharedVideo/index.ts';
import { streamingFeature, streamStart, streamStop } from './streaming/index.ts';
import {
  whiteboardClose,
  whiteboardEditors,
  whiteboardFeature,
  whiteboardOpen,
  whiteboardUpdate,
} from './whiteboard/index.ts';
import { studioFeature, studioSet } from './studio/index.ts';
import type {
  FeatureEffectHandlers,
  FeatureRequestHandlers,
  RequestPreparers,
  RoomFeature,
} from './types.ts';

/**
 * The in-call features of a live room: the one place a feature is registered (realtime/README.md,
 * "Adding an in-call feature"). The room host and the socket connection know features only
 * through these three exports.
 */
export const ROOM_FEATURES: readonly RoomFeature[] = [
  chatFeature,
  interpretationFeature,
  giftsFeature,
  audienceFeature,
  recordingFeature,
  streamingFeature,
  e2eeFeature,
  whiteboardFeature,
  sharedVideoFeature,
  studioFeature,
  cameraShareFeature,
  // After chat: it rewrites the public chat messages chat stamped.
  breakoutFeature,
];

/** Requests answered outside the room machine, one handler per request type. */
export const FEATURE_REQUESTS: FeatureRequestHandlers = {
  chat_export: chatExport,
  chat_passcode_reset: chatPasscodeReset,
  recording_start: recordingStart,
  recording_pause: recordingPause,
  recording_resume: recordingResume,
  recording_stop: recordingStop,
  stream_start: streamStart,
  stream_stop: streamStop,
  audience_start: audienceStart,
  audience_stop: audienceStop,
  audience_chat: audienceChat,
  e2ee_announce: e2eeAnnounce,
  e2ee_seal: e2eeSeal,
  whiteboard_open: whiteboardOpen,
  whiteboard_close: whiteboardClose,
  whiteboard_editors: whiteboardEditors,
  whiteboard_update: whiteboardUpdate,
  video_share: videoShare,
  video_control: videoControl,
  video_stop: videoStop,
  studio_set: studioSet,
  breakout_open: breakoutOpen,
  breakout_assign: breakoutAssign,
  breakout_join: breakoutJoin,
  breakout_broadcast: breakoutBroadcast,
  breakout_help: breakoutHelp,
  breakout_close: breakoutClose,
  camera_share_start: cameraShareStart,
  camera_share_stop: cameraShareStop,
};

/** Room-machine requests a feature checks first (outside and then inside the room's turn). */
export const REQUEST_PREPARERS: RequestPreparers = {
  chat: prepareChat,
  stop_all_cameras: prepareStopAllCameras,
};

/** The machine's feature effects, one handler per effect kind. */
export const FEATURE_EFFECTS: FeatureEffectHandlers = {
  ...chatEffects,
  ...interpretationEffects,
};

export type { FeatureDeps, FeatureRoom, RoomFeature } from './types.ts';
export { giftRooms } from './gifts/index.ts';
