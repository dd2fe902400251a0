import { describe, expect, it } from 'vitest';
import { PasscodeGuard } from './passcode-guard.ts';

describe('PasscodeGuard', () => {
  it('rests an event after max failures from anywhere, says so once, then judges again', () => {
    let now = 0;
    const guard = new PasscodeGuard({
      max: 3,
      windowMs: 60_000,
      backoffMs: 30_000,
      now: () => now,
    });
    expect(guard.fail('e1')).toBeNull();
    expect(guard.fail('e1')).toBeNull();
    expect(guard.retryAfter('e1')).toBe(0);
    expect(guard.fail('e1')).toEqual({ until: new Date(30_000), failures: 3 });
    expect(guard.retryAfter('e1')).toBe(30);
    expect(guard.retryAfter('e2')).toBe(0);
    now = 29_500;
    expect(guard.retryAfter('e1')).toBe(1);
    now = 30_000;
    expect(guard.retryAfter('e1')).toBe(0);
    // A fresh allowance after the back-off.
    expect(guard.fail('e1')).toBeNull();
  });

  it('forgets failures older than the window', () => {
    let now = 0;
    const guard = new PasscodeGuard({ max: 2, windowMs: 1000, backoffMs: 5000, now: () => now });
    guard.fail('e');
    now = 1500;
    expect(guard.fail('e')).toBeNull();
    expect(guard.retryAfter('e')).toBe(0);
  });
});
