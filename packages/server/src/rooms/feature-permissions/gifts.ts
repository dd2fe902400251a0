import { SIGNED_IN, type FeatureColumns } from '../permission-rules.ts';

/**
 * Gifts (server feature: realtime/features/gifts). Gifts move money, so every role needs an
 * account; a guest never gives, even when made a presenter.
 */
export const giftPermissions: FeatureColumns<'give_gift'> = {
  give_gift: {
    host: SIGNED_IN,
    'co-host': SIGNED_IN,
    presenter: SIGNED_IN,
    speaker: SIGNED_IN,
    interpreter: SIGNED_IN,
    participant: SIGNED_IN,
    guest: false,
  },
};
