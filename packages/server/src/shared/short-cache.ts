/**
 * Reads under way, by key: when a kept answer expires, the requests in flight all miss at once
 * (50 at a time in the benchmark); they share one read instead of queueing one each behind the
 * database. SECURITY: a read is joined only within the cache generation it started in, so a
 * request arriving after a write (or a revocation) never gets an answer read before it.
 */
export class SharedReads<V> {
  #flights = new Map<string, { generation: number; promise: Promise<V> }>();

  run(key: string, generation: number, read: () => Promise<V>): Promise<V> {
    const under = this.#flights.get(key);
    if (under && under.generation === generation) return under.promise;
    const flight = { generation, promise: read() };
    this.#flights.set(key, flight);
    const done = () => {
      if (this.#flights.get(key) === flight) this.#flights.delete(key);
    };
    flight.promise.then(done, done);
    return flight.promise;
  }
}

/**
 * Answers kept for a short time per owner (an account), forgotten at once when the owner's data
 * change through this process. What changes elsewhere (another node, the database by hand) is
 * seen once the entry expires, so the TTL is that staleness bound.
 *
 * A read that started before a change and ends after it must not put the old answer back: the
 * caller takes `generation` before reading and hands it to `put`, which drops the answer when
 * anything was forgotten in between.
 */
export class ShortCache<V> {
  /** Owner → (variant → entry); an owner's entries go together. */
  #owners = new Map<string, Map<string, { value: V; expiresAt: number }>>();
  #now: () => number;
  #ttlMs: number;
  #maxOwners: number;
  #generation = 0;
  #reads = new SharedReads<V>();

  constructor(options: { now: () => number; ttlMs: number; maxOwners: number }) {
    this.#now = options.now;
    this.#ttlMs = options.ttlMs;
    this.#maxOwners = options.maxOwners;
  }

  /** The generation to hand back to `put` when the read it starts has finished. */
  get generation(): number {
    return this.#generation;
  }

  get(owner: string, variant = ''): V | undefined {
    const entries = this.#owners.get(owner);
    const entry = entries?.get(variant);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#now()) {
      entries?.delete(variant);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value` for the TTL, unless something was forgotten since `generation` was read. */
  put(owner: string, variant: string, value: V, generation: number): void {
    if (generation !== this.#generation) return;
    let entries = this.#owners.get(owner);
    if (!entries) {
      // Bounded: past the limit the owner cached longest ago goes first.
      while (this.#owners.size >= this.#maxOwners) {
        const oldest = this.#owners.keys().next();
        if (oldest.done) break;
        this.#owners.delete(oldest.value);
      }
      entries = new Map();
      this.#owners.set(owner, entries);
    }
    entries.set(variant, { value, expiresAt: this.#now() + this.#ttlMs });
  }

  /**
   * The kept answer, else the one a read under way will give, else `load()`'s, which is then
   * kept (unless a forget came in between, see `put`).
   */
  getOrLoad(owner: string, variant: string, load: () => Promise<V>): Promise<V> {
    const kept = this.get(owner, variant);
    if (kept !== undefined) return Promise.resolve(kept);
    const generation = this.#generation;
    return this.#reads.run(`${owner}\u0000${variant}`, generation, async () => {
      const value = await load();
      this.put(owner, variant, value, generation);
      return value;
    });
  }

  /** Forgets every answer of `owner` (after a write to anything they show). */
  forget(owner: string): void {
    this.#generation += 1;
    this.#owners.delete(owner);
  }
}

/**
 * Freezes `value` and every object and array in it, so an answer kept in a cache and handed to
 * several requests cannot be changed by one of them (a change throws in strict mode).
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
