import { describe, expect, it } from 'vitest';
import { CallFloodGuard } from './flood.ts';

describe('CallFloodGuard', () => {
  it('limits calls per address and per alias in a sliding window', () => {
    let now = 0;
    const guard = new CallFloodGuard({
      now: () => now,
      perAddress: 3,
      perAlias: 5,
      windowMs: 60_000,
    });
    expect([1, 2, 3].map(() => guard.admit('1.1.1.1', 'qr'))).toEqual([0, 0, 0]);
    expect(guard.admit('1.1.1.1', 'qr')).toBeGreaterThan(0);
    // Another address still gets through, until the alias itself is full.
    expect(guard.admit('2.2.2.2', 'qr')).toBe(0);
    expect(guard.admit('3.3.3.3', 'qr')).toBe(0);
    expect(guard.admit('4.4.4.4', 'qr')).toBeGreaterThan(0);
    expect(guard.admit('4.4.4.4', 'other-qr')).toBe(0);
    now += 60_001;
    expect(guard.admit('1.1.1.1', 'qr')).toBe(0);
  });

  it('collapses repeated missed calls of one alias per agent, not across aliases or agents', () => {
    let now = 0;
    const guard = new CallFloodGuard({ now: () => now, collapseMs: 1000 });
    expect(guard.notifyNow(['a', 'b'], 'qr')).toEqual(['a', 'b']);
    now = 500;
    expect(guard.notifyNow(['a', 'b', 'c'], 'qr')).toEqual(['c']);
    expect(guard.notifyNow(['a'], 'other-qr')).toEqual(['a']);
    now = 1000;
    expect(guard.notifyNow(['a', 'b'], 'qr')).toEqual(['a', 'b']);
  });
});
