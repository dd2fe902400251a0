/**
 * A small persistent (immutable) string-keyed map.
 *
 * The room machine never mutates the state it is given. Copying one Map of 10,000 participants
 * on every command would make a conference's join storm quadratic, so entries are spread over
 * buckets and an update copies one bucket only. The buckets sit in two levels (32 groups of 32),
 * so a bucket holds a handful of entries even at 10,000 and an update copies two arrays of 32
 * references and that bucket: with one level of 64 buckets each join copied a Map of ~50
 * participants at 3,000 and ~150 at 10,000, twice (the participants and who they are), and
 * walked it twice more to find what changed (issue 11 item 5). Iteration order is by bucket,
 * not insertion: callers that need an order sort (by join sequence).
 */
const GROUPS = 32;
/** Bucket `b` is slot `b & SLOT` of group `b >>> SHIFT`. */
const SHIFT = 5;
const PER_GROUP = 1 << SHIFT;
const SLOT = PER_GROUP - 1;

type Group<V> = readonly ReadonlyMap<string, V>[];

/** Shared by every empty place: buckets and groups are copied before they change, never edited. */
const EMPTY_BUCKET: ReadonlyMap<string, unknown> = new Map<string, unknown>();
const EMPTY_GROUP: Group<unknown> = Array.from({ length: PER_GROUP }, () => EMPTY_BUCKET);
const EMPTY_GROUPS: readonly Group<unknown>[] = Array.from({ length: GROUPS }, () => EMPTY_GROUP);

function bucketOf(key: string): number {
  // FNV-1a: cheap and well spread for short ids.
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % (GROUPS * PER_GROUP);
}

export class PMap<V> implements Iterable<readonly [string, V]> {
  readonly #groups: readonly Group<V>[];
  readonly size: number;

  private constructor(groups: readonly Group<V>[], size: number) {
    this.#groups = groups;
    this.size = size;
  }

  static empty<V>(): PMap<V> {
    // Holds no value of any type, so it serves every V.
    return new PMap<V>(EMPTY_GROUPS as readonly Group<V>[], 0);
  }

  static from<V>(entries: Iterable<readonly [string, V]>): PMap<V> {
    const changes = new Map<string, V>();
    for (const [k, v] of entries) changes.set(k, v);
    return PMap.empty<V>().apply(changes);
  }

  #bucket(b: number): ReadonlyMap<string, V> {
    return this.#groups[b >>> SHIFT]![b & SLOT]!;
  }

  get(key: string): V | undefined {
    return this.#bucket(bucketOf(key)).get(key);
  }

  has(key: string): boolean {
    return this.#bucket(bucketOf(key)).has(key);
  }

  set(key: string, value: V): PMap<V> {
    const b = bucketOf(key);
    const old = this.#bucket(b);
    const had = old.has(key);
    if (had && old.get(key) === value) return this;
    const next = new Map(old);
    next.set(key, value);
    return new PMap(this.#with(b, next), had ? this.size : this.size + 1);
  }

  delete(key: string): PMap<V> {
    const b = bucketOf(key);
    const old = this.#bucket(b);
    if (!old.has(key)) return this;
    const next = new Map(old);
    next.delete(key);
    return new PMap(this.#with(b, next), this.size - 1);
  }

  /** The groups with bucket `b` replaced (the top array and one group copied). */
  #with(b: number, bucket: ReadonlyMap<string, V>): Group<V>[] {
    const groups = this.#groups.slice();
    const group = groups[b >>> SHIFT]!.slice();
    group[b & SLOT] = bucket;
    groups[b >>> SHIFT] = group;
    return groups;
  }

  /** Applies many changes (null deletes), copying each touched group and bucket once. */
  apply(changes: ReadonlyMap<string, V | null>): PMap<V> {
    if (changes.size === 0) return this;
    const groups: ReadonlyMap<string, V>[][] = this.#groups.slice() as ReadonlyMap<string, V>[][];
    const copiedGroups = new Set<number>();
    const copied = new Set<number>();
    let size = this.size;
    for (const [key, value] of changes) {
      const b = bucketOf(key);
      const g = b >>> SHIFT;
      if (!copiedGroups.has(g)) {
        groups[g] = groups[g]!.slice();
        copiedGroups.add(g);
      }
      const group = groups[g]!;
      let bucket = group[b & SLOT] as Map<string, V>;
      if (!copied.has(b)) {
        bucket = new Map(bucket);
        group[b & SLOT] = bucket;
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
    return new PMap(groups, size);
  }

  /**
   * The keys whose value is not the same (===) here as in `older`: added, changed or removed.
   * Walks only the groups and buckets the two versions do not share, so between a state and the
   * next one (a command touches a few participants) it costs a bucket or two, not the whole room.
   */
  *changedSince(older: PMap<V>): IterableIterator<string> {
    if (older === this) return;
    for (let g = 0; g < GROUPS; g++) {
      const nowGroup = this.#groups[g]!;
      const thenGroup = older.#groups[g]!;
      if (nowGroup === thenGroup) continue;
      for (let i = 0; i < PER_GROUP; i++) {
        const now = nowGroup[i]!;
        const then = thenGroup[i]!;
        if (now === then) continue;
        for (const [key, value] of now) if (then.get(key) !== value) yield key;
        for (const key of then.keys()) if (!now.has(key)) yield key;
      }
    }
  }

  *entries(): IterableIterator<readonly [string, V]> {
    for (const group of this.#groups) for (const bucket of group) yield* bucket.entries();
  }

  *keys(): IterableIterator<string> {
    for (const group of this.#groups) for (const bucket of group) yield* bucket.keys();
  }

  *values(): IterableIterator<V> {
    for (const group of this.#groups) for (const bucket of group) yield* bucket.values();
  }

  [Symbol.iterator](): IterableIterator<readonly [string, V]> {
    return this.entries();
  }
}
