import type { SharedVideoView } from '@podium/protocol';
import type { FeatureSlice } from '../../state/featureState.ts';

/**
 * The shared video as this browser knows it: the server's `video_state` (on every change and
 * after every welcome, so a late joiner and a reconnect start where the others are), with the
 * server's clock at sending, from which the player estimates the clock offset.
 */
export interface SharedVideoState {
  video: SharedVideoView | null;
  /** The server's clock when the last state was sent (epoch ms). */
  serverNow: number;
}

export const sharedVideoSlice: FeatureSlice<SharedVideoState> = {
  key: 'sharedVideo',
  initial: { video: null, serverNow: 0 },
  reduce: (slice, input) =>
    input.type === 'video_state' ? { video: input.video, serverNow: input.now } : slice,
};
