import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RECORDER_IDENTITY } from '../../rooms/index.ts';
import { signJoinTicket } from '../events/tickets.ts';
import {
  guestIdFor,
  openCredentials,
  signCredentials,
  type SocketCredentials,
} from './credentials.ts';

const secret = crypto.randomBytes(32);
const NOW = 1_800_000_000_000;
const credentials: SocketCredentials = {
  roomId: '7d0f2c1e-9a4b-4c1d-8e2f-0a1b2c3d4e5f',
  identity: { kind: 'guest', guestId: 'g-123' },
  name: 'Lan Nguyễn',
  ticketRole: 'guest',
  expiresAt: NOW / 1000 + 600,
};

describe('socket credentials', () => {
  it("carry the recorder's kind, which no person's credentials can claim", () => {
    const recorder: SocketCredentials = {
      ...credentials,
      identity: RECORDER_IDENTITY,
      name: 'Recorder',
      recorder: true,
    };
    const opened = openCredentials(secret, signCredentials(secret, recorder), NOW);
    expect(opened).toEqual({ ok: true, credentials: recorder, expired: false });
    // A guest whose id happened to read like the recorder's is still a guest, not a recorder.
    const guest = { ...credentials, identity: RECORDER_IDENTITY };
    const plain = openCredentials(secret, signCredentials(secret, guest), NOW);
    expect(plain.ok && plain.credentials.recorder).toBeFalsy();
  });

  it('open what was signed, with the expiry marked', () => {
    const token = signCredentials(secret, credentials);
    expect(openCredentials(secret, token, NOW)).toEqual({ ok: true, credentials, expired: false });
    const late = openCredentials(secret, token, NOW + 601_000);
    expect(late).toMatchObject({ ok: true, expired: true });
  });

  it('refuse another key, a changed body or MAC, and garbage', () => {
    const token = signCredentials(secret, credentials);
    const [body, mac] = token.split('.') as [string, string];
    expect(openCredentials(crypto.randomBytes(32), token, NOW).ok).toBe(false);
    // SECURITY: a client cannot promote itself by editing the payload.
    const promoted = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), t: 'host' }),
    ).toString('base64url');
    expect(openCredentials(secret, `${promoted}.${mac}`, NOW).ok).toBe(false);
    expect(openCredentials(secret, `${body}.${mac.slice(0, -2)}AA`, NOW).ok).toBe(false);
    for (const junk of ['', '.', 'a.b.c', 'x'.repeat(5000), 42, null, {}]) {
      expect(openCredentials(secret, junk, NOW).ok).toBe(false);
    }
  });

  it('a join ticket signed with the same key is not credentials', () => {
    const { ticket } = signJoinTicket(
      secret,
      { aliasId: credentials.roomId, role: 'host', displayName: 'x', accountId: 'acc' },
      NOW,
    );
    expect(openCredentials(secret, ticket, NOW).ok).toBe(false);
  });

  it('derive one stable guest id per ticket', () => {
    expect(guestIdFor(secret, 'ticket-1')).toBe(guestIdFor(secret, 'ticket-1'));
    expect(guestIdFor(secret, 'ticket-1')).not.toBe(guestIdFor(secret, 'ticket-2'));
    expect(guestIdFor(crypto.randomBytes(32), 'ticket-1')).not.toBe(guestIdFor(secret, 'ticket-1'));
  });
});
