import { describe, expect, it } from 'vitest';
import type { OAuthLoginResponse } from '@podium/protocol';
import type { SocialApi } from './api.ts';
import {
  PENDING_KEY,
  completeSocialSignIn,
  parseCallback,
  readPending,
  startSocialSignIn,
} from './flow.ts';
import { memoryStorage } from '../../test/memoryStorage.ts';

/** Records the calls the flow makes; answers like the server does. */
function recordingApi(calls: Array<[string, unknown]>): SocialApi {
  return {
    providers: () => Promise.resolve({ providers: [] }),
    start: (query) => {
      calls.push(['start', query]);
      return Promise.resolve({
        authorization_url: 'https://idp.test/auth?state=abc',
        provider: query.provider,
        redirect_uri: query.redirect_uri,
        expires_at: '2026-11-21T00:10:00.000Z',
      });
    },
    callback: (body) => {
      calls.push(['callback', body]);
      return Promise.resolve({ authorization: 't' } as OAuthLoginResponse);
    },
    linkedAccounts: () => Promise.reject(new Error('unused')),
    unlink: () => Promise.reject(new Error('unused')),
  };
}

describe('social sign-in flow', () => {
  it('starts at the server, remembers the hand-off per tab and leaves for the provider', async () => {
    const calls: Array<[string, unknown]> = [];
    const storage = memoryStorage();
    const assigned: string[] = [];
    await startSocialSignIn(
      { provider: 'facebook', mode: { kind: 'link', returnTo: '/app/settings' } },
      {
        api: recordingApi(calls),
        storage,
        origin: 'https://podium.test',
        assign: (u) => assigned.push(u),
      },
    );
    expect(calls).toEqual([
      [
        'start',
        {
          provider: 'facebook',
          redirect_uri: 'https://podium.test/auth/google/callback',
          link: true,
        },
      ],
    ]);
    expect(assigned).toEqual(['https://idp.test/auth?state=abc']);
    expect(readPending(storage)).toEqual({
      provider: 'facebook',
      mode: { kind: 'link', returnTo: '/app/settings' },
    });
  });

  it('completes with code, state, iss, provider and referral code, once', async () => {
    const calls: Array<[string, unknown]> = [];
    const storage = memoryStorage();
    storage.setItem(
      PENDING_KEY,
      JSON.stringify({
        provider: 'google',
        mode: { kind: 'signin', redirect: '/app/wallet', referralCode: 'ABCD2345' },
      }),
    );
    const params = parseCallback('?code=c1&state=s1&iss=https%3A%2F%2Fidp.test');
    if (params.kind !== 'code') throw new Error('expected a code');
    const done = await completeSocialSignIn(params, {
      api: recordingApi(calls),
      storage,
      origin: 'https://podium.test',
    });
    expect(calls).toEqual([
      [
        'callback',
        {
          code: 'c1',
          state: 's1',
          iss: 'https://idp.test',
          provider: 'google',
          redirect_uri: 'https://podium.test/auth/google/callback',
          referral_code: 'ABCD2345',
        },
      ],
    ]);
    expect(done.pending.mode).toEqual({
      kind: 'signin',
      redirect: '/app/wallet',
      referralCode: 'ABCD2345',
    });
    expect(storage.map.has(PENDING_KEY)).toBe(false);
  });

  it('reads provider errors and missing answers from the callback URL; ignores junk hand-offs', () => {
    expect(parseCallback('?error=access_denied&error_description=User%20said%20no')).toEqual({
      kind: 'error',
      error: 'access_denied',
      description: 'User said no',
    });
    expect(parseCallback('?code=only')).toEqual({ kind: 'missing' });
    const storage = memoryStorage();
    for (const junk of ['{', '{"provider":"twitter","mode":{"kind":"signin"}}', '42']) {
      storage.setItem(PENDING_KEY, junk);
      expect(readPending(storage)).toBeNull();
    }
  });
});
