/**
 * Sliding-window failure counter: at most `max` failures per key in any `windowMs` span.
 * Kept in this process's memory: the in-process `FailureCounter` (cluster/local.ts). With
 * REDIS_URL the services count through the Redis one instead (cluster/redis.ts).
 */
export interface FailureThrottleOptions {
  max: number;
  windowMs: number;
  now?: () => number;
  /** Keys kept at most; beyond it the oldest key is dropped. */
  maxKeys?: number;
}

export class FailureThrottle {
  readonly max: number;
  readonly windowMs: number;
  #now: () => number;
  #maxKeys: number;
  #failures = new Map<string, number[]>();

  constructor(options: FailureThrottleOptions) {
    this.max = options.max;
    this.windowMs = options.windowMs;
    this.#now = options.now ?? Date.now;
    this.#maxKeys = options.maxKeys ?? 100_000;
  }

  #recent(key: string): number[] {
    const list = this.#failures.get(key);
    if (!list) return [];
    const since = this.#now() - this.windowMs;
    while (list.length && (list[0] as number) <= since) list.shift();
    if (!list.length) this.#failures.delete(key);
    return list;
  }

  /** Seconds until `key` may try again; 0 when it may try now. */
  retryAfter(key: string): number {
    const list = this.#recent(key);
    if (list.length < this.max) return 0;
    // The window frees a slot when the oldest failure that keeps it full falls out.
    const oldest = list[list.length - this.max] as number;
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.#now()) / 1000));
  }

  fail(key: string): void {
    const list = this.#recent(key);
    if (!list.length) {
      if (this.#failures.size >= this.#maxKeys) {
        const oldest = this.#failures.keys().next();
        if (!oldest.done) this.#failures.delete(oldest.value);
      }
      this.#failures.set(key, list);
    }
    list.push(this.#now());
  }

  reset(key: string): void {
    this.#failures.delete(key);
  }

  get size(): number {
    return this.#failures.size;
  }
}
