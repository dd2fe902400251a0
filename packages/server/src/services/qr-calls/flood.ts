import { FailureThrottle } from '../events/throttle.ts';

/**
 * SECURITY: anonymous QR calls cost nothing to send, and each one that nobody answers leaves a
 * `missed_call` notification with every agent (60 in 2 s flooded an agent's notification
 * centre). Calls are limited per client address and per QR alias, and the missed calls of one
 * alias collapse into one notification per agent while they keep coming.
 */

/** Calls one address may start in CALL_WINDOW_MS (a visitor retrying a busy line stays well under). */
export const CALLS_PER_ADDRESS = 30;
/** Calls one QR alias takes in CALL_WINDOW_MS, from everyone together. */
export const CALLS_PER_ALIAS = 60;
export const CALL_WINDOW_MS = 10 * 60_000;
/** Missed calls of one alias within this span after a notification add no new notification. */
export const MISSED_COLLAPSE_MS = 5 * 60_000;

export interface CallFloodGuardOptions {
  now?: () => number;
  perAddress?: number;
  perAlias?: number;
  windowMs?: number;
  collapseMs?: number;
}

export class CallFloodGuard {
  readonly #byAddress: FailureThrottle;
  readonly #byAlias: FailureThrottle;
  readonly #now: () => number;
  readonly #collapseMs: number;
  /** `agent\0alias` → when that agent was last notified of a missed call of that alias. */
  readonly #notified = new Map<string, number>();

  constructor(options: CallFloodGuardOptions = {}) {
    this.#now = options.now ?? Date.now;
    const windowMs = options.windowMs ?? CALL_WINDOW_MS;
    const now = this.#now;
    this.#byAddress = new FailureThrottle({
      max: options.perAddress ?? CALLS_PER_ADDRESS,
      windowMs,
      now,
    });
    this.#byAlias = new FailureThrottle({
      max: options.perAlias ?? CALLS_PER_ALIAS,
      windowMs,
      now,
    });
    this.#collapseMs = options.collapseMs ?? MISSED_COLLAPSE_MS;
  }

  /**
   * Counts a call from `address` to `aliasId`: 0 when it may ring, else the seconds to wait
   * (nothing is counted then, so a refused flood does not lock the alias longer).
   */
  admit(address: string, aliasId: string): number {
    const wait = Math.max(this.#byAddress.retryAfter(address), this.#byAlias.retryAfter(aliasId));
    if (wait > 0) return wait;
    this.#byAddress.fail(address);
    this.#byAlias.fail(aliasId);
    return 0;
  }

  /** The agents among `agentIds` to notify of a missed call of `aliasId` now (the others collapse). */
  notifyNow(agentIds: readonly string[], aliasId: string): string[] {
    const now = this.#now();
    this.#forgetOld(now);
    return agentIds.filter((agentId) => {
      const key = `${agentId}\0${aliasId}`;
      const last = this.#notified.get(key);
      if (last !== undefined && now - last < this.#collapseMs) return false;
      this.#notified.set(key, now);
      return true;
    });
  }

  #forgetOld(now: number): void {
    // Bounded: entries older than the collapse span decide nothing any more.
    if (this.#notified.size < 10_000) return;
    for (const [key, at] of this.#notified) {
      if (now - at >= this.#collapseMs) this.#notified.delete(key);
    }
  }
}
