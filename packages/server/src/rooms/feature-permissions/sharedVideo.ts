import type { FeatureColumns } from '../permission-rules.ts';

/**
 * Playing a video link (server feature: realtime/features/sharedVideo). The stage shares it:
 * hosts, co-hosts and presenters (speakers) share, play, pause, seek and stop; attendees and
 * interpreters watch.
 */
export const sharedVideoPermissions: FeatureColumns<'share_video'> = {
  share_video: {
    host: true,
    'co-host': true,
    presenter: true,
    speaker: true,
    interpreter: false,
    participant: false,
    guest: false,
  },
};
