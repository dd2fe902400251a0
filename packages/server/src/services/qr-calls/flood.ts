import type { FailureCounter, Marks, SharedCounters } from '../../cluster/ports.ts';
import { LocalCounters } from '../../cluster/local.ts';

/**
 * SECURITY: anonymous QR calls cost nothing to send, and each one that nobody answers leaves a
 * `missed_call` notification with every agent (60 in 2 s flooded an agent's notification
 * centre). Calls are limited per client address and per QR alias, and the missed calls of one
 * alias collapse into one notification per agent while they keep coming. Counted through the
 * cluster's counters: with REDIS_URL the limits and the collapse hold across nodes.
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
  /** Where calls are counted: this process by default, every node with REDIS_URL. */
  counters?: SharedCounters;
}

export class CallFloodGuard {
  readonly #byAddress: FailureCounter;
  readonly #byAlias: FailureCounter;
  readonly #collapseMs: number;
  /** `agent\0alias` set while that agent's missed-call notification of that alias stands. */
  readonly #notified: Marks;

  constructor(options: CallFloodGuardOptions = {}) {
    const now = options.now ?? Date.now;
    const windowMs = options.windowMs ?? CALL_WINDOW_MS;
    const counters = options.counters ?? new LocalCounters();
    this.#byAddress = counters.failures('qr-call-address', {
      max: options.perAddress ?? CALLS_PER_ADDRESS,
      windowMs,
      now,
    });
    this.#byAlias = counters.failures('qr-call-alias', {
      max: options.perAlias ?? CALLS_PER_ALIAS,
      windowMs,
      now,
    });
    this.#collapseMs = options.collapseMs ?? MISSED_COLLAPSE_MS;
    this.#notified = counters.marks('qr-missed-notified', { now });
  }

  /**
   * Counts a call from `address` to `aliasId`: 0 when it may ring, else the seconds to wait
   * (a call the alias's cap refuses does not count against the address, so a refused flood
   * does not lock the caller longer). Each `hit` checks and records atomically; only two
   * callers racing for the alias's very last slot can leave one address count behind.
   */
  async admit(address: string, aliasId: string): Promise<number> {
    const aliasFull = await this.#byAlias.retryAfter(aliasId);
    if (aliasFull > 0) return aliasFull;
    const addressWait = await this.#byAddress.hit(address);
    if (addressWait > 0) return addressWait;
    return this.#byAlias.hit(aliasId);
  }

  /** The agents among `agentIds` to notify of a missed call of `aliasId` now (the others collapse). */
  async notifyNow(agentIds: readonly string[], aliasId: string): Promise<string[]> {
    const claimed = await Promise.all(
      agentIds.map((agentId) => this.#notified.claim(`${agentId}\0${aliasId}`, this.#collapseMs)),
    );
    return agentIds.filter((_, i) => claimed[i]);
  }
}
