import { describe, expect, it } from 'vitest';
import { ALIAS_DEFAULT_LENGTH } from '@podium/protocol';
import { isReservedAliasName, isUuid, randomAliasName } from './alias-name.ts';

describe('randomAliasName', () => {
  it('makes 12 base62 characters by default', () => {
    for (let i = 0; i < 200; i++) {
      expect(randomAliasName()).toMatch(new RegExp(`^[0-9A-Za-z]{${ALIAS_DEFAULT_LENGTH}}$`));
    }
  });

  it('uses the whole alphabet roughly evenly and does not repeat', () => {
    const counts = new Map<string, number>();
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const name = randomAliasName();
      seen.add(name);
      for (const c of name) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(seen.size).toBe(2000);
    expect(counts.size).toBe(62);
    // 24,000 characters over 62 symbols: ~387 each; a biased generator drifts far from that.
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(250);
      expect(n).toBeLessThan(540);
    }
  });

  it('honours a requested length', () => {
    expect(randomAliasName(30)).toHaveLength(30);
  });
});

describe('reserved names', () => {
  it('refuses vanity names shaped like ids, so id-or-name parameters stay unambiguous', () => {
    const id = '3f0e8c2a-1b2c-4d5e-8f90-123456789abc';
    expect(isUuid(id)).toBe(true);
    expect(isReservedAliasName(id)).toBe(true);
    expect(isReservedAliasName('team-standup')).toBe(false);
  });
});
