/** Counts events in a sliding time window (abuse detection: bad frames per 10 s). */
export class SlidingWindow {
  readonly #windowMs: number;
  #times: number[] = [];

  constructor(windowMs: number) {
    this.#windowMs = windowMs;
  }

  /** Records one event at `now`; returns how many fall inside the window. */
  add(now: number): number {
    this.#times.push(now);
    return this.count(now);
  }

  count(now: number): number {
    const from = now - this.#windowMs;
    let drop = 0;
    while (drop < this.#times.length && this.#times[drop]! <= from) drop += 1;
    if (drop > 0) this.#times = this.#times.slice(drop);
    return this.#times.length;
  }
}

/** A token bucket: `capacity` messages at once, refilled at `perSecond`. */
export class TokenBucket {
  readonly #capacity: number;
  readonly #perMs: number;
  #tokens: number;
  #at: number;

  constructor(capacity: number, perSecond: number, now: number) {
    this.#capacity = capacity;
    this.#perMs = perSecond / 1000;
    this.#tokens = capacity;
    this.#at = now;
  }

  take(now: number): boolean {
    this.#tokens = Math.min(this.#capacity, this.#tokens + (now - this.#at) * this.#perMs);
    this.#at = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}
