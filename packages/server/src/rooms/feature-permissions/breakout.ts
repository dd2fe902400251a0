import { UNENCRYPTED, type FeatureColumns } from '../permission-rules.ts';

/**
 * Breakout rooms (server feature: realtime/features/breakout): hosts and co-hosts open, assign,
 * broadcast to and close them. Choosing a room (when allowed) and asking for help need no right
 * beyond being in the room. Never in end-to-end encrypted rooms (the feature refuses those first,
 * with its own message: the media keys are per room, not per breakout group).
 */
export const breakoutPermissions: FeatureColumns<'breakout'> = {
  breakout: {
    host: UNENCRYPTED,
    'co-host': UNENCRYPTED,
    presenter: false,
    speaker: false,
    interpreter: false,
    participant: false,
    guest: false,
  },
};
