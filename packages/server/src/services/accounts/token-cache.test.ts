import { describe, expect, it } from 'vitest';
import type { AuthAccount } from '../auth-account.ts';
import { TOKEN_CACHE_TTL_MS, TokenCache } from './token-cache.ts';

const account = (id: string, tokenId = `s-${id}`): AuthAccount => ({
  id,
  accountStatus: 'active',
  email: null,
  phone: null,
  username: `u-${id}`,
  tokenId,
});

describe('token cache', () => {
  it('keeps an entry at most a second, and never past the token expiry', () => {
    let clock = 1_000_000;
    const cache = new TokenCache(() => clock);
    cache.put('d1', account('a'), clock + 60_000, cache.generationOf('d1'));
    cache.put('d2', account('b'), clock + 300, cache.generationOf('d2'));
    expect(cache.get('d1')?.id).toBe('a');
    clock += 300;
    expect(cache.get('d2')).toBeUndefined();
    expect(cache.get('d1')?.id).toBe('a');
    clock += TOKEN_CACHE_TTL_MS - 300;
    expect(cache.get('d1')).toBeUndefined();
  });

  it('holds a bounded number of entries, dropping the oldest first', () => {
    const cache = new TokenCache(() => 0, TOKEN_CACHE_TTL_MS, 2);
    for (const id of ['a', 'b', 'c']) cache.put(id, account(id), 1000, cache.generationOf(id));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.id).toBe('b');
    expect(cache.get('c')?.id).toBe('c');
  });

  it('keeps the tokens in use through a flood of unknown ones', () => {
    const cache = new TokenCache(() => 0, TOKEN_CACHE_TTL_MS, 2);
    cache.put('kept', account('a'), 1000, cache.generationOf('kept'));
    for (let i = 0; i < 10; i++) {
      // A lookup takes the digest's generation, finds nothing, and lets go.
      cache.generationOf(`unknown-${i}`);
      cache.notFound(`unknown-${i}`);
    }
    expect(cache.get('kept')?.id).toBe('a');
  });

  it('forgets by session and by account, and a lookup that raced a forget is not kept', () => {
    const cache = new TokenCache(() => 0);
    cache.put('d1', account('a', 's1'), 1000, cache.generationOf('d1'));
    cache.put('d2', account('a', 's2'), 1000, cache.generationOf('d2'));
    cache.put('d3', account('b', 's3'), 1000, cache.generationOf('d3'));
    cache.forgetSession('s1');
    expect(cache.get('d1')).toBeUndefined();
    cache.put('d1', account('a', 's1'), 1000, cache.generationOf('d1'));
    cache.forgetAccount('a', 's1');
    expect(cache.get('d1')?.tokenId).toBe('s1');
    expect(cache.get('d2')).toBeUndefined();
    expect(cache.get('d3')?.id).toBe('b');

    const before = cache.generationOf('d9');
    cache.forgetSession('s9');
    cache.put('d9', account('c', 's9'), 1000, before);
    expect(cache.get('d9')).toBeUndefined();
  });

  it('hands out copies, so a caller cannot change what the next request sees', () => {
    const cache = new TokenCache(() => 0);
    cache.put('d', account('a'), 1000, cache.generationOf('d'));
    const got = cache.get('d');
    if (got) got.id = 'someone-else';
    expect(cache.get('d')?.id).toBe('a');
  });
});
