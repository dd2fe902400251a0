import crypto from 'node:crypto';
import { SIGNALING_MAX_CREDENTIALS, SIGNALING_MAX_NAME } from '@podium/protocol';
import {
  RECORDER_IDENTITY,
  TICKET_ROLES,
  type Identity,
  type TicketRole,
} from '../../rooms/index.ts';

/**
 * Socket credentials: what `POST /member/v1/auth` hands out and the socket's `hello` presents.
 * HMAC-SHA256 with the server secret, and a purpose label inside the MAC so neither a join
 * ticket nor any other token signed with the same key passes as credentials.
 */
export interface SocketCredentials {
  /** The event's alias id: the room these credentials open, and no other. */
  roomId: string;
  identity: Identity;
  name: string;
  ticketRole: TicketRole;
  /** Unix seconds. */
  expiresAt: number;
  /**
   * The egress's recorder (identity RECORDER_IDENTITY): joins hidden and view-only. Only the
   * server mints these (`issueRecorder`), for one room, briefly.
   */
  recorder?: true;
}

interface Wire {
  v: 1;
  r: string;
  /** account, guest, or the recorder */
  k: 'a' | 'g' | 'r';
  i: string;
  n: string;
  t: TicketRole;
  e: number;
}

const PURPOSE = 'socket-credentials';

function mac(secret: Buffer, data: string): Buffer {
  return crypto.createHmac('sha256', secret).update(`${PURPOSE}\0${data}`).digest();
}

export function signCredentials(secret: Buffer, credentials: SocketCredentials): string {
  const wire: Wire = {
    v: 1,
    r: credentials.roomId,
    k: credentials.recorder ? 'r' : credentials.identity.kind === 'account' ? 'a' : 'g',
    i:
      credentials.identity.kind === 'account'
        ? credentials.identity.accountId
        : credentials.identity.guestId,
    n: credentials.name.slice(0, SIGNALING_MAX_NAME),
    t: credentials.ticketRole,
    e: credentials.expiresAt,
  };
  const body = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

export type OpenedCredentials =
  { ok: true; credentials: SocketCredentials; expired: boolean } | { ok: false };

const isString = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= max;

/**
 * Checks the signature and shape. Expired credentials are still returned (marked): a socket
 * that dropped may resume its session with them, since the session id is the proof there; only
 * joining anew needs unexpired credentials.
 */
export function openCredentials(
  secret: Buffer,
  token: unknown,
  now: number = Date.now(),
): OpenedCredentials {
  if (typeof token !== 'string' || token.length > SIGNALING_MAX_CREDENTIALS) return { ok: false };
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return { ok: false };
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(secret, body);
  // SECURITY: constant-time comparison, so timing does not reveal how much of a MAC is right.
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    return { ok: false };
  }
  let w: Partial<Wire>;
  try {
    w = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Wire>;
  } catch {
    return { ok: false };
  }
  if (typeof w !== 'object' || w === null || w.v !== 1) return { ok: false };
  if (!isString(w.r, 64) || !isString(w.i, 128) || typeof w.n !== 'string') return { ok: false };
  if ((w.k !== 'a' && w.k !== 'g' && w.k !== 'r') || typeof w.e !== 'number') return { ok: false };
  if (!(TICKET_ROLES as readonly unknown[]).includes(w.t)) return { ok: false };
  const identity: Identity =
    w.k === 'a'
      ? { kind: 'account', accountId: w.i }
      : w.k === 'r'
        ? RECORDER_IDENTITY
        : { kind: 'guest', guestId: w.i };
  return {
    ok: true,
    credentials: {
      roomId: w.r,
      identity,
      name: w.n.slice(0, SIGNALING_MAX_NAME),
      ticketRole: w.t as TicketRole,
      expiresAt: w.e,
      ...(w.k === 'r' ? { recorder: true as const } : {}),
    },
    expired: w.e <= Math.floor(now / 1000),
  };
}

/**
 * A guest's identity, derived from the join ticket: the same ticket always gives the same guest,
 * so a blocked guest cannot come back by asking for credentials again with it.
 */
export function guestIdFor(secret: Buffer, ticketId: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`guest-id\0${ticketId}`)
    .digest()
    .subarray(0, 12)
    .toString('base64url');
}

/**
 * Account-channel credentials: a socket greeted with them receives what the server pushes to one
 * signed-in account, outside any room. SECURITY: their own purpose label inside the MAC, so room
 * credentials never pass as account credentials nor the other way round.
 */
export interface AccountCredentials {
  accountId: string;
  /** Unix seconds. */
  expiresAt: number;
}

interface AccountWire {
  v: 1;
  a: string;
  e: number;
}

const ACCOUNT_PURPOSE = 'account-channel-credentials';

function accountMac(secret: Buffer, data: string): Buffer {
  return crypto.createHmac('sha256', secret).update(`${ACCOUNT_PURPOSE}\0${data}`).digest();
}

export function signAccountCredentials(secret: Buffer, credentials: AccountCredentials): string {
  const wire: AccountWire = { v: 1, a: credentials.accountId, e: credentials.expiresAt };
  const body = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${body}.${accountMac(secret, body).toString('base64url')}`;
}

export type OpenedAccountCredentials =
  { ok: true; credentials: AccountCredentials; expired: boolean } | { ok: false };

export function openAccountCredentials(
  secret: Buffer,
  token: unknown,
  now: number = Date.now(),
): OpenedAccountCredentials {
  if (typeof token !== 'string' || token.length > SIGNALING_MAX_CREDENTIALS) return { ok: false };
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return { ok: false };
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = accountMac(secret, body);
  // SECURITY: constant-time comparison, so timing does not reveal how much of a MAC is right.
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    return { ok: false };
  }
  let w: Partial<AccountWire>;
  try {
    w = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<AccountWire>;
  } catch {
    return { ok: false };
  }
  if (typeof w !== 'object' || w === null || w.v !== 1) return { ok: false };
  if (!isString(w.a, 128) || typeof w.e !== 'number') return { ok: false };
  return {
    ok: true,
    credentials: { accountId: w.a, expiresAt: w.e },
    expired: w.e <= Math.floor(now / 1000),
  };
}
