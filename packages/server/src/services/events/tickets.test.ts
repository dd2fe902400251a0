import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JOIN_TICKET_TTL_SECONDS } from '@podium/protocol';
import {
  signHostToken,
  signJoinTicket,
  speakerToken,
  verifyHostToken,
  verifyJoinTicket,
  verifySpeakerToken,
} from './tickets.ts';

const secret = crypto.randomBytes(32);
const other = crypto.randomBytes(32);
const aliasId = crypto.randomUUID();

describe('join tickets', () => {
  it('round-trips and expires after ten minutes', () => {
    const now = Date.UTC(2030, 0, 1);
    const { ticket, payload } = signJoinTicket(
      secret,
      { aliasId, role: 'guest', displayName: 'Lan', accountId: null },
      now,
    );
    expect(payload.expiresAt).toBe(now / 1000 + JOIN_TICKET_TTL_SECONDS);
    expect(verifyJoinTicket(secret, ticket, now)).toEqual(payload);
    expect(verifyJoinTicket(secret, ticket, now + JOIN_TICKET_TTL_SECONDS * 1000 - 1000)).not.toBe(
      null,
    );
    expect(verifyJoinTicket(secret, ticket, now + JOIN_TICKET_TTL_SECONDS * 1000)).toBe(null);
  });

  it('refuses another key, tampering and junk', () => {
    const { ticket } = signJoinTicket(secret, {
      aliasId,
      role: 'participant',
      displayName: null,
      accountId: 'acc',
    });
    expect(verifyJoinTicket(other, ticket)).toBe(null);
    const [body, mac] = ticket.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), r: 'host' }),
    ).toString('base64url');
    expect(verifyJoinTicket(secret, `${forged}.${mac}`)).toBe(null);
    for (const junk of ['', '.', 'a.b', 'a.b.c', 42, null, {}, 'x'.repeat(10_000)]) {
      expect(verifyJoinTicket(secret, junk)).toBe(null);
    }
  });
});

describe('host and speaker tokens', () => {
  it('host tokens are bound to the alias and expire', () => {
    const now = Date.now();
    const token = signHostToken(secret, aliasId, 'owner-1', now);
    expect(verifyHostToken(secret, aliasId, token, now)).toBe('owner-1');
    expect(verifyHostToken(secret, crypto.randomUUID(), token, now)).toBe(null);
    expect(verifyHostToken(secret, aliasId, token, now + 3 * 3600_000)).toBe(null);
  });

  it('a join ticket never passes as a host token (purpose is inside the MAC)', () => {
    const { ticket } = signJoinTicket(secret, {
      aliasId,
      role: 'host',
      displayName: null,
      accountId: 'owner-1',
    });
    expect(verifyHostToken(secret, aliasId, ticket)).toBe(null);
  });

  it('speaker tokens change with the speaker key', () => {
    const token = speakerToken(secret, aliasId, 'key-1');
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(verifySpeakerToken(secret, aliasId, 'key-1', token)).toBe(true);
    expect(verifySpeakerToken(secret, aliasId, 'key-2', token)).toBe(false);
    expect(verifySpeakerToken(other, aliasId, 'key-1', token)).toBe(false);
    expect(verifySpeakerToken(secret, aliasId, 'key-1', token.slice(1))).toBe(false);
  });
});
