import { afterEach, describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import {
  ACCESS_TOKEN_COOKIE,
  cookieDomain,
  cookieDomainCandidates,
  cookieTokenStore,
  RENEWAL_TOKEN_COOKIE,
  REQUIREMENTS_COOKIE,
} from './tokens.ts';

afterEach(() => cookieTokenStore.clear());

describe('token cookies', () => {
  it('saves authorization as access_token and renewal_token, and clears them with the requirements cookie', () => {
    cookieTokenStore.save({ authorization: 'a.b.c', renewal_token: 'r-1' });
    expect(Cookies.get(ACCESS_TOKEN_COOKIE)).toBe('a.b.c');
    expect(Cookies.get(RENEWAL_TOKEN_COOKIE)).toBe('r-1');
    expect(cookieTokenStore.read()).toEqual({ access: 'a.b.c', renewal: 'r-1' });

    Cookies.set(REQUIREMENTS_COOKIE, JSON.stringify({ phone: true }), { path: '/' });
    expect(REQUIREMENTS_COOKIE).toBe('account.requires');
    cookieTokenStore.clear();
    expect(cookieTokenStore.read()).toEqual({ access: null, renewal: null });
    expect(Cookies.get(REQUIREMENTS_COOKIE)).toBeUndefined();
  });

  it('keeps cookies host-only on localhost and IP addresses', () => {
    expect(cookieDomain('localhost')).toBeUndefined();
    for (const host of [
      'localhost',
      'app.localhost',
      '127.0.0.1',
      '10.1.2.3',
      '[::1]',
      '::1',
      'intranet',
    ]) {
      expect(cookieDomainCandidates(host), host).toEqual([]);
    }
  });

  it('tries the parent domain first', () => {
    expect(cookieDomainCandidates('app.podium.example.com')).toEqual([
      'example.com',
      'podium.example.com',
      'app.podium.example.com',
    ]);
    expect(cookieDomainCandidates('Example.COM.')).toEqual(['example.com']);
  });
});
