import { z } from 'zod';
import { event, participantId, request } from './common.ts';

/**
 * Multi-camera sharing (issue 14 item 3; spec §3 "Camera share: name, device", §4 camera
 * sharing states). A presenter (host, co-host, speaker) shares more cameras beside their own,
 * each with a name. Each share is its own publisher on the media server — one of the
 * participant's `CAMERA_SHARE_SOURCES` — so it is its own feed and its own stage tile.
 *
 * The browser picks a free source of its own, registers it with `camera_share_start {source,
 * name}`, then publishes it with `publish_offer {source}` (video only); `camera_share_stop`
 * (or leaving, losing the camera right, the host's "Stop cameras") ends it. The server sends
 * the room's list, `camera_shares`, to everyone on every change and after every `welcome`. The
 * states a viewer sees are derived from that list and the feeds: starting (listed, no feed
 * yet), streaming (its feed is published), stopping (asked to stop, not yet gone).
 */

/** The extra publishers each participant may have: the limit of camera shares per person. */
export const CAMERA_SHARE_SOURCES = ['camera_share_1', 'camera_share_2', 'camera_share_3'] as const;
export type CameraShareSource = (typeof CAMERA_SHARE_SOURCES)[number];
/** Camera shares one person may have at once. */
export const CAMERA_SHARE_MAX = CAMERA_SHARE_SOURCES.length;
/** The longest name of a camera share. */
export const CAMERA_SHARE_NAME_MAX = 40;

export function isCameraShareSource(source: string): source is CameraShareSource {
  return (CAMERA_SHARE_SOURCES as readonly string[]).includes(source);
}

/** A share's name: trimmed, one line, 1–40 characters. */
export const cameraShareName = z
  .string()
  .trim()
  .min(1)
  .max(CAMERA_SHARE_NAME_MAX)
  // SECURITY: no control characters (a name is shown on everyone's stage and recordings).
  .refine((name) => ![...name].some(isControl), { message: 'Invalid name' });

function isControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

export const cameraShareView = z.object({
  participant_id: participantId,
  source: z.enum(CAMERA_SHARE_SOURCES),
  name: cameraShareName,
});
export type CameraShareView = z.infer<typeof cameraShareView>;

export const cameraShareRequests = {
  /** Registers a camera share on one of the sender's free sources (publish it next). */
  camera_share_start: request('camera_share_start', {
    source: z.enum(CAMERA_SHARE_SOURCES),
    name: cameraShareName,
  }),
  /** Ends one's own camera share; the server drops its feed. */
  camera_share_stop: request('camera_share_stop', { source: z.enum(CAMERA_SHARE_SOURCES) }),
} as const;

export const cameraShareEvents = {
  /** Every camera share of the room (visible presenters'), on change and after `welcome`. */
  camera_shares: event('camera_shares', {
    shares: z.array(cameraShareView).max(1000),
  }),
} as const;

export const cameraShareMessages = {
  en: {
    'cameraShare.in_use': 'This camera share is already on',
    'cameraShare.not_shared': 'This camera is not being shared',
    'cameraShare.limit': `You can share at most ${CAMERA_SHARE_MAX} more cameras`,
  },
  vi: {
    'cameraShare.in_use': 'Camera chia sẻ này đang bật',
    'cameraShare.not_shared': 'Camera này không được chia sẻ',
    'cameraShare.limit': `Bạn chỉ có thể chia sẻ thêm tối đa ${CAMERA_SHARE_MAX} camera`,
  },
} as const;
