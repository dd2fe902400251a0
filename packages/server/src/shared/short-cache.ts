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
 * Answers kept for a short time per owner (an account, a token), forgotten at once when the
 * owner's data change through this process. What changes elsewhere (another node, the database
 * by hand) is seen once the entry expires, so the TTL is that staleness bound.
 *
 * A read that started before a change and ends after it must not put the old answer back: the
 * caller takes the owner's generation (`generationOf`) before reading and hands it to `put`,
 * which drops the answer when the owner was forgotten in between. Generations are per owner, so
 * a write to one owner's data does not drop the reads under way for every other owner.
 *
 * With `refreshAheadMs`, `getOrLoad` answers from a kept entry within that much of its expiry and
 * starts one read in the background to replace it, so requests do not all wait on the read at
 * each expiry (under load every connection in flight did: at 4,000 answers a second, the 50 that
 * waited each second were more than the 1 % that make the p99). The refresh is an ordinary read
 * of the owner's generation: a forget while it runs drops its answer, and the entry it would
 * replace still expires on time, so nothing is served longer than without it.
 */
interface Owned<V> {
  entries: Map<string, { value: V; expiresAt: number }>;
  /** When the owner's latest entry expires: all of them are gone by then. */
  expiresAt: number;
  /**
   * Changed by every forget of the owner. Unique across owners and over time (one counter for
   * the cache): an owner let go of and taken up again never gets a generation a read under way
   * still holds.
   */
  generation: number;
}

export class ShortCache<V> {
  /**
   * Owner → (variant → entry); an owner's entries go together. In the order of each owner's
   * latest `put` (or first read), so the owners at the front are the ones that expired first.
   */
  #owners = new Map<string, Owned<V>>();
  #now: () => number;
  #ttlMs: number;
  #maxOwners: number;
  #refreshAheadMs: number;
  #generations = 0;
  #reads = new SharedReads<V>();

  constructor(options: {
    now: () => number;
    ttlMs: number;
    maxOwners: number;
    /** How long before its expiry a kept answer is read again in the background (0: never). */
    refreshAheadMs?: number;
  }) {
    this.#now = options.now;
    this.#ttlMs = options.ttlMs;
    this.#maxOwners = options.maxOwners;
    this.#refreshAheadMs = options.refreshAheadMs ?? 0;
  }

  /**
   * The owner's generation, to hand back to `put` when the read it starts has finished. The
   * owner is held from here (for a TTL at least), so a forget in between is seen by `put`.
   */
  generationOf(owner: string): number {
    const owned = this.#owners.get(owner);
    if (owned) return owned.generation;
    const now = this.#now();
    this.#makeRoom(now);
    const taken = { entries: new Map(), expiresAt: now + this.#ttlMs, generation: this.#next() };
    this.#owners.set(owner, taken);
    return taken.generation;
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

  /**
   * Keeps `value` for the TTL (or until `expiresAt`, when that comes first), unless the owner was
   * forgotten (or let go of) since `generation` was taken.
   */
  put(owner: string, variant: string, value: V, generation: number, expiresAt?: number): void {
    const owned = this.#owners.get(owner);
    if (!owned || owned.generation !== generation) return;
    const now = this.#now();
    const until = Math.min(now + this.#ttlMs, expiresAt ?? Infinity);
    // To the back: the front holds the owners whose answers all expired first.
    this.#owners.delete(owner);
    this.#makeRoom(now);
    owned.expiresAt = Math.max(owned.expiresAt, until);
    owned.entries.set(variant, { value, expiresAt: until });
    this.#owners.set(owner, owned);
  }

  /**
   * Memory holds only what can still answer (an hour of lists of different owners would
   * otherwise stay until pushed out), and fewer than maxOwners owners before one is added.
   */
  #makeRoom(now: number): void {
    for (const [oldest, { expiresAt }] of this.#owners) {
      if (expiresAt > now && this.#owners.size < this.#maxOwners) break;
      this.#owners.delete(oldest);
    }
  }

  #next(): number {
    this.#generations += 1;
    return this.#generations;
  }

  /**
   * The kept answer, else the one a read under way will give, else `load()`'s, which is then
   * kept (unless a forget came in between, see `put`). A kept answer near its expiry (within
   * `refreshAheadMs`) is still given, and one read starts to replace it.
   */
  getOrLoad(owner: string, variant: string, load: () => Promise<V>): Promise<V> {
    const owned = this.#owners.get(owner);
    const entry = owned?.entries.get(variant);
    const now = this.#now();
    if (owned && entry && entry.expiresAt > now) {
      if (entry.expiresAt - now <= this.#refreshAheadMs) {
        // Joins the refresh already under way for this generation, if any: one read at a time.
        // Its failure is not this request's (it has its answer); the next miss reads again.
        this.#read(owner, variant, owned.generation, load).catch(() => undefined);
      }
      return Promise.resolve(entry.value);
    }
    return this.#read(owner, variant, this.generationOf(owner), load);
  }

  #read(owner: string, variant: string, generation: number, load: () => Promise<V>): Promise<V> {
    return this.#reads.run(`${owner}\u0000${variant}`, generation, async () => {
      const value = await load();
      this.put(owner, variant, value, generation);
      return value;
    });
  }

  /**
   * Lets go of `owner` when it holds no answer: for a read that found nothing to keep (an
   * unknown token), so owners taken up by reads alone never push out owners holding answers.
   */
  release(owner: string): void {
    if (this.#owners.get(owner)?.entries.size === 0) this.#owners.delete(owner);
  }

  /** Forgets every answer of `owner` (after a write to anything they show). */
  forget(owner: string): void {
    const owned = this.#owners.get(owner);
    if (!owned) return;
    owned.generation = this.#next();
    owned.entries.clear();
  }

  /**
   * Forgets the owners holding an answer `match` picks, and those with no answer in hand (a
   * read of theirs may be under way, whose answer cannot be looked at yet): for caches whose
   * owner key does not tell what a forget is about (the token cache: a digest, forgotten by
   * session or account).
   */
  forgetWhere(match: (value: V) => boolean): void {
    const now = this.#now();
    for (const owned of this.#owners.values()) {
      let live = false;
      let matched = false;
      for (const entry of owned.entries.values()) {
        if (entry.expiresAt <= now) continue;
        live = true;
        if (match(entry.value)) matched = true;
      }
      if (matched || !live) {
        owned.generation = this.#next();
        owned.entries.clear();
      }
    }
  }
}

/** Answers deepFreeze made immutable, each with its JSON bytes once they have been asked for. */
const frozenAnswers = new WeakMap<object, Buffer | null>();

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
 * The JSON of an answer deepFreeze made, written and UTF-8 encoded once and reused: a kept answer
 * goes to every request within its second. Serializing the conference list's 20 events again for
 * each was most of what that request cost beyond bare Fastify's; sent as text, each answer still
 * copied its ~14 KB into a new string (Node prepends the headers to a string body) and encoded it
 * again, young-generation garbage whose collections were the list's slowest answers. The bytes
 * are shared by every answer: never write into them. Undefined for anything else.
 */
export function frozenBody(value: unknown): Buffer | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const known = frozenAnswers.get(value);
  if (known === undefined) return undefined;
  if (known !== null) return known;
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  frozenAnswers.set(value, body);
  return body;
}
