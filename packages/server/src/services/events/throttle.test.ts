import { describe, expect, it } from 'vitest';
import { FailureThrottle } from './throttle.ts';

describe('FailureThrottle', () => {
  it('allows max failures in the window, then blocks until the oldest one slides out', () => {
    let now = 1_000_000;
    const t = new FailureThrottle({ max: 3, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i++) {
      expect(t.retryAfter('k')).toBe(0);
      t.fail('k');
      now += 10_000;
    }
    // Failures at 0 s, 10 s, 20 s; now 30 s: the first leaves the window at 60 s.
    expect(t.retryAfter('k')).toBe(30);
    expect(t.retryAfter('other')).toBe(0);
    now += 30_000;
    expect(t.retryAfter('k')).toBe(0);
    t.fail('k');
    expect(t.retryAfter('k')).toBe(10);
  });

  it('forgets keys whose failures all expired, and resets on demand', () => {
    let now = 0;
    const t = new FailureThrottle({ max: 1, windowMs: 1000, now: () => now });
    t.fail('a');
    t.fail('b');
    expect(t.retryAfter('a')).toBe(1);
    t.reset('a');
    expect(t.retryAfter('a')).toBe(0);
    now = 5000;
    expect(t.retryAfter('b')).toBe(0);
    expect(t.size).toBe(0);
  });

  it('keeps at most maxKeys keys', () => {
    const t = new FailureThrottle({ max: 1, windowMs: 60_000, maxKeys: 10 });
    for (let i = 0; i < 50; i++) t.fail(`k${i}`);
    expect(t.size).toBe(10);
    expect(t.retryAfter('k49')).toBeGreaterThan(0);
  });
});
