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
interface Owned<V> {
  entries: Map<string, { value: V; expiresAt: number }>;
  /** When the owner's latest entry expires: all of them are gone by then. */
  expiresAt: number;
}

export class ShortCache<V> {
  /**
   * Owner → (variant → entry); an owner's entries go together. In the order of each owner's
   * latest `put`, so the owners at the front are the ones whose answers expired first.
   */
  #owners = new Map<string, Owned<V>>();
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

  /** Owners whose answers are held (memory), expired ones included until a `put` lets go. */
  get owners(): number {
    return this.#owners.size;
  }

  get(owner: string, variant = ''): V | undefined {
    const owned = this.#owners.get(owner);
    const entry = owned?.entries.get(variant);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#now()) {
      owned?.entries.delete(variant);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value` for the TTL, unless something was forgotten since `generation` was read. */
  put(owner: string, variant: string, value: V, generation: number): void {
    if (generation !== this.#generation) return;
    const now = this.#now();
    const expiresAt = now + this.#ttlMs;
    const owned = this.#owners.get(owner) ?? { entries: new Map(), expiresAt };
    // To the back: the front holds the owners whose answers all expired first.
    this.#owners.delete(owner);
    // Memory holds only what can still answer (an hour of lists of different owners would
    // otherwise stay until pushed out), and at most maxOwners owners.
    for (const [oldest, { expiresAt: until }] of this.#owners) {
      if (until > now && this.#owners.size < this.#maxOwners) break;
      this.#owners.delete(oldest);
    }
    owned.expiresAt = expiresAt;
    owned.entries.set(variant, { value, expiresAt });
    this.#owners.set(owner, owned);
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

/** Answers deepFreeze made immutable, each with its JSON once it has been asked for. */
const frozenAnswers = new WeakMap<object, string | null>();

/**
 * Freezes `value` and every object and array in it, so an answer kept in a cache and handed to
 * several requests cannot be changed by one of them (a change throws in strict mode).
 */
export function deepFreeze<T>(value: T): T {
  freezeAll(value);
  if (value && typeof value === 'object') frozenAnswers.set(value, null);
  return value;
}

function freezeAll(value: unknown): void {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) freezeAll(inner);
  }
}

/**
 * The JSON of an answer deepFreeze made, written once and reused: a kept answer goes to every
 * request within its second, and serializing the conference list's 20 events again for each was
 * most of what that request cost beyond bare Fastify's. Undefined for anything else.
 */
export function frozenJson(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const known = frozenAnswers.get(value);
  if (known === undefined) return undefined;
  if (known !== null) return known;
  const text = JSON.stringify(value);
  frozenAnswers.set(value, text);
  return text;
}
