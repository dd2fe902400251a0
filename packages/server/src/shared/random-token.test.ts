import { describe, expect, it } from 'vitest';
import { randomToken } from './random-token.ts';

describe('randomToken', () => {
  it('gives base64url of the asked length, never the same twice across pool refills', () => {
    const seen = new Set<string>();
    // 16-byte tokens: 256 per 4 KiB pool, so this spans several refills.
    for (let i = 0; i < 2000; i++) {
      const token = randomToken(16);
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      seen.add(token);
    }
    expect(seen.size).toBe(2000);
    expect(randomToken(9)).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(randomToken(5000)).toHaveLength(Math.ceil((5000 * 4) / 3));
  });
});
