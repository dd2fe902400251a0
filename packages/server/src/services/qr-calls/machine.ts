import type { QrCallState, QrRingStopReason } from '@podium/protocol';

/**
 * The life of one QR call as a pure function: no I/O, no clock. The service feeds it what
 * happened and carries out what comes back (persisting the state, stopping dialogs, notifying).
 *
 *   ringing ──accept──────────────▶ answered
 *      │ ──cancel (visitor)──────▶ cancelled
 *      │ ──every rung agent declined▶ busy
 *      │ ──ring deadline─────────▶ timeout
 *      └ ──alias expired──────────▶ expired
 *
 * A call that starts with no agent online is `busy` from the start (see `initialState`).
 */

export interface QrCall {
  state: QrCallState;
  /** Agents rung (online when the call came in). */
  rung: readonly string[];
  declined: readonly string[];
  answeredBy: string | null;
}

export type QrCallEvent =
  | { type: 'accept'; agentId: string }
  | { type: 'decline'; agentId: string }
  | { type: 'cancel' }
  | { type: 'timeout' }
  | { type: 'expire' };

export interface RingStop {
  agentId: string;
  reason: QrRingStopReason;
}

export type Step =
  | {
      ok: true;
      call: QrCall;
      /** Dialogs to close, per agent. */
      stops: RingStop[];
      /** Agents who get a missed-call notification. */
      missed: string[];
    }
  /** The call is over already: nothing changes. */
  | { ok: false; state: QrCallState };

/** A new call: ringing when someone can answer, else busy at once (everyone missed it). */
export function initialState(
  online: readonly string[],
  agents: readonly string[],
): { call: QrCall; missed: string[] } {
  if (online.length === 0) {
    return {
      call: { state: 'busy', rung: [], declined: [], answeredBy: null },
      missed: [...agents],
    };
  }
  return {
    call: { state: 'ringing', rung: [...online], declined: [], answeredBy: null },
    missed: [],
  };
}

function stopAll(call: QrCall, reason: QrRingStopReason): RingStop[] {
  return call.rung
    .filter((a) => !call.declined.includes(a))
    .map((agentId) => ({ agentId, reason }));
}

/** Rung agents who neither declined nor answered: they missed the call. */
function missedBy(call: QrCall): string[] {
  return call.rung.filter((a) => !call.declined.includes(a) && a !== call.answeredBy);
}

export function step(call: QrCall, event: QrCallEvent): Step {
  if (call.state !== 'ringing') return { ok: false, state: call.state };
  switch (event.type) {
    case 'accept': {
      const next: QrCall = { ...call, state: 'answered', answeredBy: event.agentId };
      const stops: RingStop[] = stopAll(call, 'answered_elsewhere').map((s) =>
        s.agentId === event.agentId ? { ...s, reason: 'answered' } : s,
      );
      // An agent who was not rung (came online later) still closes any dialog of theirs.
      if (!stops.some((s) => s.agentId === event.agentId)) {
        stops.push({ agentId: event.agentId, reason: 'answered' });
      }
      return { ok: true, call: next, stops, missed: [] };
    }
    case 'decline': {
      if (call.declined.includes(event.agentId)) return { ok: true, call, stops: [], missed: [] };
      const declined = [...call.declined, event.agentId];
      const everyone = call.rung.length > 0 && call.rung.every((a) => declined.includes(a));
      const next: QrCall = { ...call, declined, state: everyone ? 'busy' : 'ringing' };
      return {
        ok: true,
        call: next,
        stops: [{ agentId: event.agentId, reason: 'declined' }],
        missed: [],
      };
    }
    case 'cancel':
      return {
        ok: true,
        call: { ...call, state: 'cancelled' },
        stops: stopAll(call, 'cancelled'),
        missed: missedBy(call),
      };
    case 'timeout':
      return {
        ok: true,
        call: { ...call, state: 'timeout' },
        stops: stopAll(call, 'timeout'),
        missed: missedBy(call),
      };
    case 'expire':
      return {
        ok: true,
        call: { ...call, state: 'expired' },
        stops: stopAll(call, 'expired'),
        missed: missedBy(call),
      };
    default: {
      const never: never = event;
      throw new Error(`unknown event ${JSON.stringify(never)}`);
    }
  }
}
