import { UNENCRYPTED, type FeatureColumns } from '../permission-rules.ts';

/**
 * The audience stream (server feature: realtime/features/audience): hosts and co-hosts put the
 * room on its public watch page; presenters and attendees cannot. Never in end-to-end encrypted
 * rooms (the feature refuses those with their own message before asking).
 */
export const audiencePermissions: FeatureColumns<'audience_stream'> = {
  audience_stream: {
    host: UNENCRYPTED,
    'co-host': UNENCRYPTED,
    presenter: false,
    speaker: false,
    interpreter: false,
    participant: false,
    guest: false,
  },
};
