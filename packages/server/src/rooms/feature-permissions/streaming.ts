import { UNENCRYPTED, type FeatureColumns } from '../permission-rules.ts';

/**
 * Live streaming to RTMP servers (server feature: realtime/features/streaming). Hosts and
 * co-hosts start and stop destinations (decisions.md "Recording and streaming"); presenters and
 * attendees cannot. End-to-end encrypted rooms are never streamed by the server (the feature
 * refuses them first, with its own message).
 */
export const streamingPermissions: FeatureColumns<'livestream'> = {
  livestream: {
    host: UNENCRYPTED,
    'co-host': UNENCRYPTED,
    presenter: false,
    speaker: false,
    interpreter: false,
    participant: false,
    guest: false,
  },
};
