import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callConfigResponse } from '@podium/protocol';
import { loadConfig } from '../../config.ts';
import { CallConfigService, turnCredentials } from './index.ts';

/** What coturn does with `use-auth-secret`: recompute the HMAC, then check the expiry. */
function turnServerAccepts(
  secret: string,
  username: string,
  credential: string,
  nowSeconds: number,
) {
  const expected = crypto.createHmac('sha1', secret).update(username).digest();
  const given = Buffer.from(credential, 'base64');
  const expiry = Number(username.split(':')[0]);
  return (
    given.length === expected.length &&
    crypto.timingSafeEqual(given, expected) &&
    expiry > nowSeconds
  );
}

const env = (vars: Record<string, string>) => loadConfig({ MEDIA_ENABLED: '0', ...vars }).ice;

describe('TURN REST credentials', () => {
  it('are the username with its expiry and the HMAC-SHA1 of it, in base64', () => {
    const { username, credential } = turnCredentials('north', 1_700_000_000, 'abc');
    expect(username).toBe('1700000000:abc');
    // printf '1700000000:abc' | openssl dgst -sha1 -hmac north -binary | base64
    expect(credential).toBe('g5HTmCBrPDhYXFpM/1dHUtfE+c4=');
    expect(turnServerAccepts('north', username, credential, 1_699_999_999)).toBe(true);
    expect(turnServerAccepts('south', username, credential, 1_699_999_999)).toBe(false);
    expect(turnServerAccepts('north', username, credential, 1_700_000_000)).toBe(false);
  });

  it('are handed out with the configured lifetime and expire then', () => {
    const service = new CallConfigService(
      env({
        TURN_URLS: 'turn:turn.example.org:3478?transport=udp, turns:turn.example.org:5349',
        TURN_SECRET: 's3cret',
        TURN_TTL_SECONDS: '600',
      }),
    );
    const now = new Date('2026-11-21T10:00:00Z');
    const answer = callConfigResponse.parse(service.forBrowser(now));
    expect(answer.expires_at).toBe('2026-11-21T10:10:00.000Z');
    expect(answer.ice_servers).toHaveLength(1);
    const [turn] = answer.ice_servers;
    expect(turn?.urls).toEqual([
      'turn:turn.example.org:3478?transport=udp',
      'turns:turn.example.org:5349',
    ]);
    const nowSeconds = now.getTime() / 1000;
    expect(turn?.username?.split(':')[0]).toBe(String(nowSeconds + 600));
    expect(turnServerAccepts('s3cret', turn!.username!, turn!.credential!, nowSeconds + 599)).toBe(
      true,
    );
    expect(turnServerAccepts('s3cret', turn!.username!, turn!.credential!, nowSeconds + 600)).toBe(
      false,
    );
    // Each browser gets its own username.
    expect(service.forBrowser(now).ice_servers[0]?.username).not.toBe(turn?.username);
  });

  it('are absent without TURN: STUN only when configured, otherwise no servers', () => {
    expect(new CallConfigService(env({})).forBrowser()).toEqual({ ice_servers: [] });
    expect(
      new CallConfigService(env({ STUN_URLS: 'stun:stun.example.org:3478' })).forBrowser(),
    ).toEqual({
      ice_servers: [{ urls: ['stun:stun.example.org:3478'] }],
    });
  });

  it('configuration mistakes stop the server at start', () => {
    expect(() => env({ TURN_URLS: 'turn:x.example.org' })).toThrow(/TURN_SECRET/);
    expect(() => env({ TURN_URLS: 'http://x.example.org', TURN_SECRET: 's' })).toThrow(/TURN_URLS/);
    expect(() => env({ STUN_URLS: 'turn:x.example.org' })).toThrow(/STUN_URLS/);
    expect(() => env({ TURN_URLS: 'turn:x', TURN_SECRET: 's', TURN_TTL_SECONDS: '5' })).toThrow(
      /TURN_TTL_SECONDS/,
    );
  });
});
