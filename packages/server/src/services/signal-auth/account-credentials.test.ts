import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  openAccountCredentials,
  openCredentials,
  signAccountCredentials,
  signCredentials,
} from './credentials.ts';

const secret = crypto.randomBytes(32);
const NOW = 1_800_000_000_000;

describe('account credentials', () => {
  const account = { accountId: 'acc-1', expiresAt: NOW / 1000 + 600 };
  const room = signCredentials(secret, {
    roomId: '7d0f2c1e-9a4b-4c1d-8e2f-0a1b2c3d4e5f',
    identity: { kind: 'account', accountId: 'acc-1' },
    name: 'Lan',
    ticketRole: 'host',
    expiresAt: NOW / 1000 + 600,
  });

  it('open what was signed, with the expiry marked', () => {
    const token = signAccountCredentials(secret, account);
    expect(openAccountCredentials(secret, token, NOW)).toEqual({
      ok: true,
      credentials: account,
      expired: false,
    });
    expect(openAccountCredentials(secret, token, NOW + 601_000)).toMatchObject({
      ok: true,
      expired: true,
    });
  });

  it('are never room credentials, and room credentials never account credentials', () => {
    const token = signAccountCredentials(secret, account);
    expect(openCredentials(secret, token, NOW).ok).toBe(false);
    expect(openAccountCredentials(secret, room, NOW).ok).toBe(false);
    // Same body, MAC under the other purpose: refused both ways.
    const [roomBody] = room.split('.') as [string];
    const [accountBody, accountMac] = token.split('.') as [string, string];
    expect(openAccountCredentials(secret, `${roomBody}.${accountMac}`, NOW).ok).toBe(false);
    expect(openCredentials(secret, `${accountBody}.${room.split('.')[1]}`, NOW).ok).toBe(false);
  });

  it('refuse another key, an edited body, and garbage', () => {
    const token = signAccountCredentials(secret, account);
    const [body, mac] = token.split('.') as [string, string];
    expect(openAccountCredentials(crypto.randomBytes(32), token, NOW).ok).toBe(false);
    const other = Buffer.from(JSON.stringify({ v: 1, a: 'acc-2', e: account.expiresAt })).toString(
      'base64url',
    );
    expect(openAccountCredentials(secret, `${other}.${mac}`, NOW).ok).toBe(false);
    expect(openAccountCredentials(secret, `${body}.${mac.slice(0, -2)}AA`, NOW).ok).toBe(false);
    for (const junk of ['', '.', 'a.b.c', 'x'.repeat(5000), 42, null, {}]) {
      expect(openAccountCredentials(secret, junk, NOW).ok).toBe(false);
    }
  });
});
