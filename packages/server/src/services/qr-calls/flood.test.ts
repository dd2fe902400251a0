import { describe, expect, it } from 'vitest';
import { CallFloodGuard } from './flood.ts';

describe('CallFloodGuard', () => {
  it('limits calls per address and per alias in a sliding window', async () => {
    let now = 0;
    const guard = new CallFloodGuard({
      now: () => now,
      perAddress: 3,
      perAlias: 5,
      windowMs: 60_000,
    });
    for (let i = 0; i < 3; i++) expect(await guard.admit('1.1.1.1', 'qr')).toBe(0);
    expect(await guard.admit('1.1.1.1', 'qr')).toBeGreaterThan(0);
    // Another address still gets through, until the alias itself is full.
    expect(await guard.admit('2.2.2.2', 'qr')).toBe(0);
    expect(await guard.admit('3.3.3.3', 'qr')).toBe(0);
    expect(await guard.admit('4.4.4.4', 'qr')).toBeGreaterThan(0);
    expect(await guard.admit('4.4.4.4', 'other-qr')).toBe(0);
    now += 60_001;
    expect(await guard.admit('1.1.1.1', 'qr')).toBe(0);
  });

  it('collapses repeated missed calls of one alias per agent, not across aliases or agents', async () => {
    let now = 0;
    const guard = new CallFloodGuard({ now: () => now, collapseMs: 1000 });
    expect(await guard.notifyNow(['a', 'b'], 'qr')).toEqual(['a', 'b']);
    now = 500;
    expect(await guard.notifyNow(['a', 'b', 'c'], 'qr')).toEqual(['c']);
    expect(await guard.notifyNow(['a'], 'other-qr')).toEqual(['a']);
    now = 1000;
    expect(await guard.notifyNow(['a', 'b'], 'qr')).toEqual(['a', 'b']);
  });
});
