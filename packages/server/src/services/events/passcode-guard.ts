import type { FailureCounter, Marks, SharedCounters } from '../../cluster/ports.ts';

export interface PasscodeGuardOptions {
  /** Failed passcodes per event, from all addresses together, within `windowMs`. */
  max: number;
  windowMs: number;
  /** How long the event's passcode is not judged once `max` is reached. */
  backoffMs: number;
  now?: () => number;
  /** Where failures and back-offs are kept: this process, or every node (src/cluster). */
  counters: SharedCounters;
}

/**
 * SECURITY: the per-event cap on passcode guessing. The per-(alias, address) throttle stops one
 * guesser; this stops many addresses guessing one event together: past `max` failures the
 * event's passcode rests for `backoffMs` (every passcode attempt, right or wrong, waits) and the
 * caller is told once, so it can tell the host. Counted through the cluster's counters, so with
 * several nodes the failures on all of them add up and only one of them starts the back-off.
 */
export class PasscodeGuard {
  readonly #failures: FailureCounter;
  readonly #resting: Marks;
  readonly #backoffMs: number;
  readonly #now: () => number;

  constructor(options: PasscodeGuardOptions) {
    this.#now = options.now ?? Date.now;
    this.#backoffMs = options.backoffMs;
    this.#failures = options.counters.failures('passcode-event', {
      max: options.max,
      windowMs: options.windowMs,
      now: this.#now,
    });
    this.#resting = options.counters.marks('passcode-event-rest', { now: this.#now });
  }

  /** Seconds the event's passcode still rests; 0 when it may be judged. */
  async retryAfter(eventId: string): Promise<number> {
    const left = await this.#resting.remainingMs(eventId);
    return left > 0 ? Math.max(1, Math.ceil(left / 1000)) : 0;
  }

  /**
   * Records a wrong passcode. When it fills the event's allowance the back-off starts and the
   * answer says until when (once per back-off); otherwise null.
   */
  async fail(eventId: string): Promise<{ until: Date; failures: number } | null> {
    await this.#failures.fail(eventId);
    if (!(await this.#failures.retryAfter(eventId))) return null;
    await this.#failures.reset(eventId);
    // Two nodes may both see the allowance full; the one whose claim wins tells the owner.
    if (!(await this.#resting.claim(eventId, this.#backoffMs))) return null;
    return { until: new Date(this.#now() + this.#backoffMs), failures: this.#failures.max };
  }
}
