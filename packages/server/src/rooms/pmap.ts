/**
 * A small persistent (immutable) string-keyed map.
 *
 * The room machine never mutates the state it is given. Copying one Map of 10,000 participants
 * on every command would make a conference's join storm quadratic, so entries are spread over
 * buckets and an update copies one bucket only. Iteration order is by bucket, not insertion:
 * callers that need an order sort (by join sequence).
 */
const BUCKETS = 64;

function bucketOf(key: string): number {
  // FNV-1a: cheap and well spread for short ids.
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % BUCKETS;
}

export class PMap<V> implements Iterable<readonly [string, V]> {
  readonly #buckets: readonly ReadonlyMap<string, V>[];
  readonly size: number;

  private constructor(buckets: readonly ReadonlyMap<string, V>[], size: number) {
    this.#buckets = buckets;
    this.size = size;
  }

  static empty<V>(): PMap<V> {
    return new PMap<V>(
      Array.from({ length: BUCKETS }, () => new Map<string, V>()),
      0,
    );
  }

  static from<V>(entries: Iterable<readonly [string, V]>): PMap<V> {
    let map = PMap.empty<V>();
    for (const [k, v] of entries) map = map.set(k, v);
    return map;
  }

  get(key: string): V | undefined {
    return this.#buckets[bucketOf(key)]?.get(key);
  }

  has(key: string): boolean {
    return this.#buckets[bucketOf(key)]?.has(key) ?? false;
  }

  set(key: string, value: V): PMap<V> {
    const b = bucketOf(key);
    const old = this.#buckets[b] ?? new Map<string, V>();
    const had = old.has(key);
    if (had && old.get(key) === value) return this;
    const next = new Map(old);
    next.set(key, value);
    const buckets = this.#buckets.slice();
    buckets[b] = next;
    return new PMap(buckets, had ? this.size : this.size + 1);
  }

  delete(key: string): PMap<V> {
    const b = bucketOf(key);
    const old = this.#buckets[b];
    if (!old?.has(key)) return this;
    const next = new Map(old);
    next.delete(key);
    const buckets = this.#buckets.slice();
    buckets[b] = next;
    return new PMap(buckets, this.size - 1);
  }

  /** Applies many changes (null deletes), copying each touched bucket once. */
  apply(changes: ReadonlyMap<string, V | null>): PMap<V> {
    if (changes.size === 0) return this;
    const buckets = this.#buckets.slice();
    const copied = new Set<number>();
    let size = this.size;
    for (const [key, value] of changes) {
      const b = bucketOf(key);
      let bucket = buckets[b] as Map<string, V>;
      if (!copied.has(b)) {
        bucket = new Map(bucket);
        buckets[b] = bucket;
        copied.add(b);
      }
      const had = bucket.has(key);
      if (value === null) {
        if (had) {
          bucket.delete(key);
          size -= 1;
        }
      } else {
        bucket.set(key, value);
        if (!had) size += 1;
      }
    }
    return new PMap(buckets, size);
  }

  /**
   * The keys whose value is not the same (===) here as in `older`: added, changed or removed.
   * Walks only the buckets the two versions do not share, so between a state and the next one
   * (a command touches a few participants) it costs a bucket or two, not the whole room.
   */
  *changedSince(older: PMap<V>): IterableIterator<string> {
    if (older === this) return;
    for (let b = 0; b < BUCKETS; b++) {
      const now = this.#buckets[b];
      const then = older.#buckets[b];
      if (now === then || now === undefined || then === undefined) continue;
      for (const [key, value] of now) if (then.get(key) !== value) yield key;
      for (const key of then.keys()) if (!now.has(key)) yield key;
    }
  }

  *entries(): IterableIterator<readonly [string, V]> {
    for (const bucket of this.#buckets) yield* bucket.entries();
  }

  *keys(): IterableIterator<string> {
    for (const bucket of this.#buckets) yield* bucket.keys();
  }

  *values(): IterableIterator<V> {
    for (const bucket of this.#buckets) yield* bucket.values();
  }

  [Symbol.iterator](): IterableIterator<readonly [string, V]> {
    return this.entries();
  }
}
