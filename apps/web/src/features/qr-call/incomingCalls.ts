import type { QrRingStopReason, ServerMessageOf } from '@podium/protocol';
import { assertNever } from '../../shared/assertNever.ts';

export type Ring = ServerMessageOf<'qr_ring'>;

/** Calls ringing for this agent, oldest first (the dialog shows the first). */
export function addRing(rings: readonly Ring[], ring: Ring): Ring[] {
  return rings.some((r) => r.call_id === ring.call_id) ? [...rings] : [...rings, ring];
}

export function removeRing(rings: readonly Ring[], callId: string): Ring[] {
  return rings.filter((r) => r.call_id !== callId);
}

/**
 * What the agent is told when a ringing call stops, as an i18n key: nothing for their own answer
 * or decline (perhaps in another tab), else why it went away.
 */
export function stopNotice(reason: QrRingStopReason): string | null {
  switch (reason) {
    case 'answered':
    case 'declined':
      return null;
    case 'answered_elsewhere':
      return 'qrCall.messages.answeredElsewhere';
    case 'cancelled':
      return 'qrCall.messages.cancelled';
    case 'timeout':
    case 'busy':
      return 'qrCall.incoming.missed';
    case 'expired':
      return 'qrCall.messages.expired';
    default:
      return assertNever(reason, 'ring stop reason');
  }
}
