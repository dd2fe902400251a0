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
