import { describe, expect, it } from 'vitest';
import { SharedReads, ShortCache, deepFreeze, frozenBody } from './short-cache.ts';

/** A read that finishes when the test says so. */
function gate<V>() {
  let open!: (value: V) => void;
  const promise = new Promise<V>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Reads that finish when the test says so, in the order they were started. */
function gatedReads() {
  const reads: Array<ReturnType<typeof gate<string>>> = [];
  const load = () => {
    const g = gate<string>();
    reads.push(g);
    return g.promise;
  };
  return { reads, load };
}

/** A cache on a clock the test moves, refreshing answers within 200 ms of their expiry. */
function refreshingCache() {
  const clock = { now: 0 };
  const cache = new ShortCache<string>({
    now: () => clock.now,
    ttlMs: 1000,
    maxOwners: 10,
    refreshAheadMs: 200,
  });
  return { cache, clock };
}

describe('short cache', () => {
  it('keeps an answer for its TTL, per owner and variant', () => {
    let clock = 0;
    const cache = new ShortCache<string>({ now: () => clock, ttlMs: 1000, maxOwners: 10 });
    cache.put('a', 'x', 'a-x', cache.generationOf('a'));
    cache.put('b', 'x', 'b-x', cache.generationOf('b'));
    expect(cache.get('a', 'x')).toBe('a-x');
    expect(cache.get('a', 'y')).toBeUndefined();
    expect(cache.get('b', 'x')).toBe('b-x');
    clock = 1000;
    expect(cache.get('a', 'x')).toBeUndefined();
  });

  it("forgets all of an owner's answers, and drops a read that started before the forget", () => {
    const cache = new ShortCache<string>({ now: () => 0, ttlMs: 1000, maxOwners: 10 });
    cache.put('a', 'x', 'old', cache.generationOf('a'));
    cache.put('a', 'y', 'old', cache.generationOf('a'));
    const before = cache.generationOf('a');
    cache.forget('a');
    expect(cache.get('a', 'x')).toBeUndefined();
    expect(cache.get('a', 'y')).toBeUndefined();
    cache.put('a', 'x', 'read before the write', before);
    expect(cache.get('a', 'x')).toBeUndefined();
  });

  it("drops only the forgotten owner's reads under way; others' are kept", () => {
    const cache = new ShortCache<string>({ now: () => 0, ttlMs: 1000, maxOwners: 10 });
    const a = cache.generationOf('a');
    const b = cache.generationOf('b');
    cache.forget('a');
    cache.put('a', '', 'read before the write', a);
    cache.put('b', '', 'read while a changed', b);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('read while a changed');
  });

  it('never takes back a read of an owner it let go of meanwhile', () => {
    const cache = new ShortCache<string>({ now: () => 0, ttlMs: 1000, maxOwners: 1 });
    const x = cache.generationOf('x');
    // Another owner pushes 'x' out; its forget then finds nothing to change.
    cache.put('y', '', 'y', cache.generationOf('y'));
    cache.forget('x');
    cache.generationOf('x');
    cache.put('x', '', 'read before the write', x);
    expect(cache.get('x')).toBeUndefined();
  });

  it('forgets by what answers hold, and every owner whose read may be under way', () => {
    const cache = new ShortCache<{ session: string }>({ now: () => 0, ttlMs: 1000, maxOwners: 10 });
    cache.put('d1', '', { session: 's1' }, cache.generationOf('d1'));
    cache.put('d2', '', { session: 's2' }, cache.generationOf('d2'));
    const reading = cache.generationOf('d3');
    cache.forgetWhere((v) => v.session === 's1');
    expect(cache.get('d1')).toBeUndefined();
    expect(cache.get('d2')).toEqual({ session: 's2' });
    // d3's answer was not in hand: it might have been s1's.
    cache.put('d3', '', { session: 's1' }, reading);
    expect(cache.get('d3')).toBeUndefined();
  });

  it('holds a bounded number of owners, dropping the oldest first', () => {
    const cache = new ShortCache<string>({ now: () => 0, ttlMs: 1000, maxOwners: 2 });
    for (const owner of ['a', 'b', 'c']) cache.put(owner, '', owner, cache.generationOf(owner));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('b');
    expect(cache.get('c')).toBe('c');
  });

  it('lets go of owners whose answers all expired, when it keeps another', () => {
    let clock = 0;
    const cache = new ShortCache<string>({ now: () => clock, ttlMs: 1000, maxOwners: 10 });
    cache.put('a', 'x', 'a', cache.generationOf('a'));
    clock = 500;
    cache.put('b', 'x', 'b', cache.generationOf('b'));
    expect(cache.owners).toBe(2);
    clock = 1200;
    cache.put('c', 'x', 'c', cache.generationOf('c'));
    // 'a' expired and went; 'b' still answers.
    expect(cache.owners).toBe(2);
    expect(cache.get('b', 'x')).toBe('b');
  });

  it('requests that miss together share one read; one after a forget reads again', async () => {
    const cache = new ShortCache<string>({ now: () => 0, ttlMs: 1000, maxOwners: 10 });
    const { reads, load } = gatedReads();
    const first = cache.getOrLoad('a', '', load);
    const second = cache.getOrLoad('a', '', load);
    expect(reads).toHaveLength(1);
    cache.forget('a');
    const afterWrite = cache.getOrLoad('a', '', load);
    expect(reads).toHaveLength(2);
    reads[0]!.open('before the write');
    reads[1]!.open('after the write');
    expect(await first).toBe('before the write');
    expect(await second).toBe('before the write');
    expect(await afterWrite).toBe('after the write');
    // Only the read made after the write is kept.
    expect(await cache.getOrLoad('a', '', load)).toBe('after the write');
    expect(reads).toHaveLength(2);
  });

  it('answers near expiry from the kept answer and reads it again once, in the background', async () => {
    const { cache, clock } = refreshingCache();
    const { reads, load } = gatedReads();
    const first = cache.getOrLoad('a', '', load);
    reads[0]!.open('first');
    expect(await first).toBe('first');
    clock.now = 799;
    expect(await cache.getOrLoad('a', '', load)).toBe('first');
    expect(reads).toHaveLength(1);
    // Within 200 ms of the expiry: still the kept answer, and one read (not one per request).
    clock.now = 850;
    expect(await cache.getOrLoad('a', '', load)).toBe('first');
    expect(await cache.getOrLoad('a', '', load)).toBe('first');
    expect(reads).toHaveLength(2);
    reads[1]!.open('refreshed');
    await reads[1]!.promise;
    expect(await cache.getOrLoad('a', '', load)).toBe('refreshed');
    // The refreshed answer lives its own TTL from when it was read.
    clock.now = 1500;
    expect(await cache.getOrLoad('a', '', load)).toBe('refreshed');
    expect(reads).toHaveLength(2);
  });

  it('never answers with a refresh that was under way when the owner was forgotten', async () => {
    const { cache, clock } = refreshingCache();
    const { reads, load } = gatedReads();
    const first = cache.getOrLoad('a', '', load);
    reads[0]!.open('before the write');
    await first;
    clock.now = 900;
    expect(await cache.getOrLoad('a', '', load)).toBe('before the write');
    expect(reads).toHaveLength(2);
    // The write lands while the refresh (which read before it) is still under way.
    cache.forget('a');
    const afterWrite = cache.getOrLoad('a', '', load);
    expect(reads).toHaveLength(3);
    reads[1]!.open('before the write, refreshed');
    await reads[1]!.promise;
    expect(cache.get('a')).toBeUndefined();
    reads[2]!.open('after the write');
    expect(await afterWrite).toBe('after the write');
    expect(await cache.getOrLoad('a', '', load)).toBe('after the write');
    // Near this answer's expiry, a refresh still never brings the old one back.
    clock.now = 1850;
    expect(await cache.getOrLoad('a', '', load)).toBe('after the write');
    reads[3]!.open('after the write, refreshed');
    await reads[3]!.promise;
    expect(await cache.getOrLoad('a', '', load)).toBe('after the write, refreshed');
  });

  it('a failed refresh leaves the kept answer to its expiry, then the next request reads', async () => {
    const { cache, clock } = refreshingCache();
    let fail = false;
    let calls = 0;
    const load = () => {
      calls += 1;
      return fail ? Promise.reject(new Error('database down')) : Promise.resolve(`read ${calls}`);
    };
    expect(await cache.getOrLoad('a', '', load)).toBe('read 1');
    fail = true;
    clock.now = 900;
    expect(await cache.getOrLoad('a', '', load)).toBe('read 1');
    await Promise.resolve();
    expect(calls).toBe(2);
    clock.now = 1000;
    await expect(cache.getOrLoad('a', '', load)).rejects.toThrow('database down');
    fail = false;
    expect(await cache.getOrLoad('a', '', load)).toBe('read 4');
  });

  it('a failed read is shared by its waiters but not kept', async () => {
    const reads = new SharedReads<string>();
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error('database down'));
    };
    const both = [reads.run('k', 0, failing), reads.run('k', 0, failing)];
    for (const p of both) await expect(p).rejects.toThrow('database down');
    expect(calls).toBe(1);
    await expect(reads.run('k', 0, () => Promise.resolve('up again'))).resolves.toBe('up again');
  });

  it('deepFreeze makes a kept answer unchangeable, nested objects and arrays too', () => {
    const answer = deepFreeze({ entries: [{ title: 't', speakers: [{ name: 'n' }] }] });
    expect(() => {
      (answer.entries[0]!.speakers as Array<{ name: string }>).push({ name: 'm' });
    }).toThrow(TypeError);
    expect(() => {
      (answer.entries[0] as { title: string }).title = 'changed';
    }).toThrow(TypeError);
  });

  it("gives a kept answer's JSON as UTF-8, the same bytes each time, and nothing for other values", () => {
    const answer = deepFreeze({ entries: [{ title: 'Ünïcode', at: null }], metadata: { n: 1 } });
    const body = frozenBody(answer);
    expect(body?.toString('utf8')).toBe(JSON.stringify(answer));
    expect(frozenBody(answer)).toBe(body);
    // Frozen by hand (maybe only at the top) is not known to be unchangeable all the way down.
    expect(frozenBody(Object.freeze({ nested: { n: 1 } }))).toBeUndefined();
    expect(frozenBody({ n: 1 })).toBeUndefined();
    expect(frozenBody(null)).toBeUndefined();
    expect(frozenBody('text')).toBeUndefined();
  });
});
