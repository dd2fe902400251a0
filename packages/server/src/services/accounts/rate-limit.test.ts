import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './rate-limit.ts';

describe('AttemptLimiter', () => {
  it('allows max attempts per key in a window, then says how long to wait', () => {
    let now = 0;
    const limiter = new AttemptLimiter({ max: 3, windowMs: 60_000, now: () => now });
    expect(limiter.consume('a')).toBe(0);
    expect(limiter.consume('a')).toBe(0);
    expect(limiter.consume('a')).toBe(0);
    expect(limiter.consume('a')).toBe(60);
    now = 30_000;
    expect(limiter.consume('a')).toBe(30);
    expect(limiter.consume('b')).toBe(0);
    now = 60_000;
    expect(limiter.consume('a')).toBe(0);
  });

  it('records nothing when any of the keys is blocked', () => {
    const limiter = new AttemptLimiter({ max: 2, windowMs: 1000, now: () => 0 });
    limiter.consume('acct', 'ip');
    limiter.consume('acct', 'ip');
    expect(limiter.consume('acct', 'ip2')).toBeGreaterThan(0);
    // ip2 was not charged for the refused attempt.
    expect(limiter.consume('other', 'ip2')).toBe(0);
    expect(limiter.consume('other', 'ip2')).toBe(0);
    expect(limiter.consume('other2', 'ip2')).toBeGreaterThan(0);
  });

  it('refunds and resets', () => {
    const limiter = new AttemptLimiter({ max: 2, windowMs: 1000, now: () => 0 });
    limiter.consume('k');
    limiter.consume('k');
    expect(limiter.retryAfter('k')).toBe(1);
    limiter.refund('k');
    expect(limiter.retryAfter('k')).toBe(0);
    limiter.consume('k');
    limiter.reset('k');
    expect(limiter.size).toBe(0);
  });

  it('keeps memory bounded under a flood of distinct keys', () => {
    let now = 0;
    const limiter = new AttemptLimiter({ max: 1, windowMs: 1000, now: () => now, maxKeys: 100 });
    for (let i = 0; i < 1000; i++) {
      now = i;
      limiter.consume(`k${i}`);
    }
    expect(limiter.size).toBeLessThanOrEqual(100);
    // The newest keys are still counted.
    expect(limiter.consume('k999')).toBeGreaterThan(0);
  });
});
