import type { FeatureColumns } from '../permission-rules.ts';

/**
 * The studio (server feature: realtime/features/studio): name badges, logo, scene, text effect
 * and layout are production controls of hosts and co-hosts (issue 13 item 4); everyone else is
 * refused with 'You do not have permission to perform this function'. End-to-end rooms too: the
 * studio is drawn by each browser, the server never sees media.
 */
export const studioPermissions: FeatureColumns<'studio'> = {
  studio: {
    host: true,
    'co-host': true,
    presenter: false,
    speaker: false,
    interpreter: false,
    participant: false,
    guest: false,
  },
};
