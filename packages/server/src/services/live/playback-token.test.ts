import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LIVE_PLAYBACK_TTL_SECONDS } from '@podium/protocol';
import { signJoinTicket } from '../events/tickets.ts';
import { signPlaybackToken, verifyPlaybackToken } from './playback-token.ts';

const secret = crypto.randomBytes(32);
const NOW = 1_800_000_000_000;
const viewer = { aliasId: '7d0f2c1e-9a4b-4c1d-8e2f-0a1b2c3d4e5f', viewerId: 'v-1' };

describe('playback tokens', () => {
  it('open what was signed until they expire', () => {
    const { token, payload } = signPlaybackToken(secret, viewer, NOW);
    expect(payload.expiresAt).toBe(NOW / 1000 + LIVE_PLAYBACK_TTL_SECONDS);
    expect(verifyPlaybackToken(secret, token, NOW)).toEqual(payload);
    expect(verifyPlaybackToken(secret, token, NOW + LIVE_PLAYBACK_TTL_SECONDS * 1000)).toBeNull();
  });

  it('refuse another key, an edited body, other tokens of the same key, and garbage', () => {
    const { token } = signPlaybackToken(secret, viewer, NOW);
    const [, mac] = token.split('.') as [string, string];
    expect(verifyPlaybackToken(crypto.randomBytes(32), token, NOW)).toBeNull();
    const other = Buffer.from(
      JSON.stringify({ v: 1, a: 'another-event', w: 'v-1', e: NOW / 1000 + 600 }),
    ).toString('base64url');
    expect(verifyPlaybackToken(secret, `${other}.${mac}`, NOW)).toBeNull();
    // SECURITY: a join ticket signed with the same secret never passes as a playback token.
    const { ticket } = signJoinTicket(
      secret,
      { aliasId: viewer.aliasId, role: 'guest', displayName: null, accountId: null },
      NOW,
    );
    expect(verifyPlaybackToken(secret, ticket, NOW)).toBeNull();
    for (const junk of ['', '.', 'a.b.c', 'x'.repeat(5000), 42, null, undefined, {}]) {
      expect(verifyPlaybackToken(secret, junk, NOW)).toBeNull();
    }
  });
});
