import { describe, expect, it } from 'vitest';
import { SlidingWindow, TokenBucket } from './rate.ts';

describe('SlidingWindow', () => {
  it('counts only the events inside the window', () => {
    const w = new SlidingWindow(10_000);
    expect(w.add(0)).toBe(1);
    expect(w.add(5_000)).toBe(2);
    expect(w.add(9_999)).toBe(3);
    // The event at 0 leaves the window once 10 s have passed.
    expect(w.count(10_000)).toBe(2);
    expect(w.add(15_000)).toBe(2);
    expect(w.count(30_000)).toBe(0);
  });
});

describe('TokenBucket', () => {
  it('allows a burst, then the sustained rate', () => {
    const b = new TokenBucket(3, 2, 0);
    expect([b.take(0), b.take(0), b.take(0), b.take(0)]).toEqual([true, true, true, false]);
    // 2 per second: one token back after 500 ms, not before.
    expect(b.take(400)).toBe(false);
    expect(b.take(500)).toBe(true);
    expect(b.take(500)).toBe(false);
    // Never more than the capacity, however long it waited.
    const later = [1, 2, 3, 4].map(() => b.take(60_000));
    expect(later).toEqual([true, true, true, false]);
  });
});
