import type { FeatureColumns } from '../permission-rules.ts';

/**
 * Multi-camera sharing (server feature: realtime/features/cameraShare). Like a screen share,
 * extra cameras are the stage's: hosts, co-hosts, presenters and speakers share them; attendees
 * (even with a camera grant) and interpreters do not. Their video also needs the camera right of
 * the moment (`publish_video`), checked by the feature and the media routing.
 */
export const cameraSharePermissions: FeatureColumns<'share_camera'> = {
  share_camera: {
    host: true,
    'co-host': true,
    presenter: true,
    speaker: true,
    interpreter: false,
    participant: false,
    guest: false,
  },
};
