import type { FeatureColumns } from '../permission-rules.ts';

/**
 * Interpretation (server feature: realtime/features/interpretation). Hosts and co-hosts make
 * someone an interpreter; choosing a channel to listen to needs no right.
 */
export const interpretationPermissions: FeatureColumns<'set_interpreter'> = {
  set_interpreter: {
    host: true,
    'co-host': true,
    presenter: false,
    speaker: false,
    interpreter: false,
    participant: false,
    guest: false,
  },
};
