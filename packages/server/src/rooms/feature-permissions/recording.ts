import { UNENCRYPTED, type FeatureColumns } from '../permission-rules.ts';

/**
 * Recording (server feature: realtime/features/recording). Hosts and co-hosts start, pause,
 * resume and stop (decisions.md "Recording and streaming"); presenters and attendees cannot.
 * End-to-end encrypted rooms are never recorded by the server (the feature refuses them first,
 * with its own message).
 */
export const recordingPermissions: FeatureColumns<'record'> = {
  record: {
    host: UNENCRYPTED,
    'co-host': UNENCRYPTED,
    presenter: false,
    speaker: false,
    interpreter: false,
    participant: false,
    guest: false,
  },
};
