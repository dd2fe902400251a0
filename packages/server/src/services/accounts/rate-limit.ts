export interface AttemptLimiterOptions {
  /** Attempts allowed per key within one window. */
  max: number;
  windowMs: number;
  now?: () => number;
  /** Keys kept at most; beyond it expired windows are swept, then the oldest dropped. */
  maxKeys?: number;
}

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window attempt counter per key (account, identifier or client address), kept in this
 * process: the in-process `AttemptCounter` (cluster/local.ts). With REDIS_URL the services count
 * through the Redis one instead (cluster/redis.ts), the same across nodes.
 */
export class AttemptLimiter {
  readonly max: number;
  readonly windowMs: number;
  #now: () => number;
  #maxKeys: number;
  #windows = new Map<string, Window>();

  constructor(options: AttemptLimiterOptions) {
    this.max = options.max;
    this.windowMs = options.windowMs;
    this.#now = options.now ?? Date.now;
    this.#maxKeys = options.maxKeys ?? 50_000;
  }

  #live(key: string): Window | undefined {
    const w = this.#windows.get(key);
    if (w && w.resetAt <= this.#now()) {
      this.#windows.delete(key);
      return undefined;
    }
    return w;
  }

  /** Attempts recorded for `key` in its current window. */
  count(key: string): number {
    return this.#live(key)?.count ?? 0;
  }

  /** Seconds until `key` may try again; 0 when it may try now. */
  retryAfter(key: string): number {
    const w = this.#live(key);
    if (!w || w.count < this.max) return 0;
    return Math.max(1, Math.ceil((w.resetAt - this.#now()) / 1000));
  }

  /**
   * Records one attempt for every key, unless one of them is already at its limit: then nothing
   * is recorded and the answer is the seconds to wait (the longest among the blocked keys).
   * SECURITY: attempts are counted before the (slow) check they guard, so a burst of parallel
   * requests cannot all slip in under the limit.
   */
  consume(...keys: string[]): number {
    const wait = Math.max(0, ...keys.map((k) => this.retryAfter(k)));
    if (wait > 0) return wait;
    for (const key of keys) {
      const w = this.#live(key);
      if (w) w.count += 1;
      else this.#insert(key, { count: 1, resetAt: this.#now() + this.windowMs });
    }
    return 0;
  }

  /** Gives back one attempt, e.g. a login that turned out to be right. */
  refund(key: string): void {
    const w = this.#live(key);
    if (!w) return;
    w.count -= 1;
    if (w.count <= 0) this.#windows.delete(key);
  }

  reset(key: string): void {
    this.#windows.delete(key);
  }

  get size(): number {
    return this.#windows.size;
  }

  #insert(key: string, w: Window): void {
    if (this.#windows.size >= this.#maxKeys) {
      const now = this.#now();
      for (const [k, v] of this.#windows) if (v.resetAt <= now) this.#windows.delete(k);
      while (this.#windows.size >= this.#maxKeys) {
        const oldest = this.#windows.keys().next();
        if (oldest.done) break;
        this.#windows.delete(oldest.value);
      }
    }
    this.#windows.set(key, w);
  }
}
