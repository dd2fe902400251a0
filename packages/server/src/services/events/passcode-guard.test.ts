import { describe, expect, it } from 'vitest';
import { LocalCounters } from '../../cluster/local.ts';
import { PasscodeGuard } from './passcode-guard.ts';

describe('PasscodeGuard', () => {
  it('rests an event after max failures from anywhere, says so once, then judges again', async () => {
    let now = 0;
    const guard = new PasscodeGuard({
      max: 3,
      windowMs: 60_000,
      backoffMs: 30_000,
      now: () => now,
      counters: new LocalCounters(),
    });
    expect(await guard.fail('e1')).toBeNull();
    expect(await guard.fail('e1')).toBeNull();
    expect(await guard.retryAfter('e1')).toBe(0);
    expect(await guard.fail('e1')).toEqual({ until: new Date(30_000), failures: 3 });
    expect(await guard.retryAfter('e1')).toBe(30);
    expect(await guard.retryAfter('e2')).toBe(0);
    now = 29_500;
    expect(await guard.retryAfter('e1')).toBe(1);
    now = 30_000;
    expect(await guard.retryAfter('e1')).toBe(0);
    // A fresh allowance after the back-off.
    expect(await guard.fail('e1')).toBeNull();
  });

  it('forgets failures older than the window', async () => {
    let now = 0;
    const guard = new PasscodeGuard({
      max: 2,
      windowMs: 1000,
      backoffMs: 5000,
      now: () => now,
      counters: new LocalCounters(),
    });
    await guard.fail('e');
    now = 1500;
    expect(await guard.fail('e')).toBeNull();
    expect(await guard.retryAfter('e')).toBe(0);
  });
});
