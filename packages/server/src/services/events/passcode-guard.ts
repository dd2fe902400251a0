import { FailureThrottle } from './throttle.ts';

export interface PasscodeGuardOptions {
  /** Failed passcodes per event, from all addresses together, within `windowMs`. */
  max: number;
  windowMs: number;
  /** How long the event's passcode is not judged once `max` is reached. */
  backoffMs: number;
  now?: () => number;
  maxKeys?: number;
}

/**
 * SECURITY: the per-event cap on passcode guessing. The per-(alias, address) throttle stops one
 * guesser; this stops many addresses guessing one event together: past `max` failures the
 * event's passcode rests for `backoffMs` (every passcode attempt, right or wrong, waits) and the
 * caller is told once, so it can tell the host. In memory, per process, like FailureThrottle.
 */
export class PasscodeGuard {
  #failures: FailureThrottle;
  #backoffMs: number;
  #now: () => number;
  #maxKeys: number;
  /** Event id → end of its back-off (ms). */
  #resting = new Map<string, number>();

  constructor(options: PasscodeGuardOptions) {
    this.#now = options.now ?? Date.now;
    this.#backoffMs = options.backoffMs;
    this.#maxKeys = options.maxKeys ?? 100_000;
    this.#failures = new FailureThrottle({
      max: options.max,
      windowMs: options.windowMs,
      now: this.#now,
      maxKeys: this.#maxKeys,
    });
  }

  /** Seconds the event's passcode still rests; 0 when it may be judged. */
  retryAfter(eventId: string): number {
    const until = this.#resting.get(eventId);
    if (until === undefined) return 0;
    const left = until - this.#now();
    if (left <= 0) {
      this.#resting.delete(eventId);
      return 0;
    }
    return Math.max(1, Math.ceil(left / 1000));
  }

  /**
   * Records a wrong passcode. When it fills the event's allowance the back-off starts and the
   * answer says until when (once per back-off); otherwise null.
   */
  fail(eventId: string): { until: Date; failures: number } | null {
    this.#failures.fail(eventId);
    if (!this.#failures.retryAfter(eventId)) return null;
    const failures = this.#failures.max;
    this.#failures.reset(eventId);
    if (this.#resting.size >= this.#maxKeys) {
      const now = this.#now();
      for (const [k, until] of this.#resting) if (until <= now) this.#resting.delete(k);
    }
    const until = this.#now() + this.#backoffMs;
    this.#resting.set(eventId, until);
    return { until: new Date(until), failures };
  }
}
