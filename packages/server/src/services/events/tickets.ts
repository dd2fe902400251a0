import crypto from 'node:crypto';
import { JOIN_ROLES, JOIN_TICKET_TTL_SECONDS, type JoinRole } from '@podium/protocol';

/**
 * Signed tokens of the events domain, all HMAC-SHA256 with the server secret `join_ticket_key`
 * and a purpose label inside the MAC, so a token made for one purpose never passes as another.
 *
 * - join ticket: what verify-call hands out and the live room checks (10 minutes).
 * - host token: the `host` query of the owner's host link (2 hours, like a "start URL").
 * - speaker token: the `speaker` query of the speaker link; valid while the event's speaker key
 *   is unchanged (rotating the key revokes every speaker link at once).
 */

export interface JoinTicket {
  /** Alias id. */
  aliasId: string;
  role: JoinRole;
  displayName: string | null;
  /** The signed-in account that asked, when there was one. */
  accountId: string | null;
  /** Unix seconds. */
  expiresAt: number;
  /** Random id, so the room can refuse a ticket used twice if it wants to. */
  ticketId: string;
}

interface TicketWire {
  v: 1;
  a: string;
  r: JoinRole;
  n: string | null;
  u: string | null;
  e: number;
  j: string;
}

const HOST_LINK_TTL_SECONDS = 2 * 3600;

function mac(secret: Buffer, purpose: string, data: string): Buffer {
  return crypto.createHmac('sha256', secret).update(`${purpose}\0${data}`).digest();
}

function equalMac(expected: Buffer, given: string): boolean {
  const actual = Buffer.from(given, 'base64url');
  // SECURITY: constant-time comparison, so timing does not reveal how much of a MAC is right.
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

function signPayload(secret: Buffer, purpose: string, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, purpose, body).toString('base64url')}`;
}

function openPayload(secret: Buffer, purpose: string, token: unknown): unknown {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const body = token.slice(0, dot);
  if (!equalMac(mac(secret, purpose, body), token.slice(dot + 1))) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

const nowSeconds = (now: number) => Math.floor(now / 1000);

export function signJoinTicket(
  secret: Buffer,
  input: Omit<JoinTicket, 'expiresAt' | 'ticketId'>,
  now: number = Date.now(),
): { ticket: string; payload: JoinTicket } {
  const payload: JoinTicket = {
    ...input,
    expiresAt: nowSeconds(now) + JOIN_TICKET_TTL_SECONDS,
    ticketId: crypto.randomBytes(9).toString('base64url'),
  };
  const wire: TicketWire = {
    v: 1,
    a: payload.aliasId,
    r: payload.role,
    n: payload.displayName,
    u: payload.accountId,
    e: payload.expiresAt,
    j: payload.ticketId,
  };
  return { ticket: signPayload(secret, 'join-ticket', wire), payload };
}

/**
 * The ticket's content when it is authentic and unexpired, else null. The live room calls this
 * (through `EventsService.verifyJoinTicket`) before admitting anyone.
 */
export function verifyJoinTicket(
  secret: Buffer,
  ticket: unknown,
  now: number = Date.now(),
): JoinTicket | null {
  const w = openPayload(secret, 'join-ticket', ticket) as Partial<TicketWire> | null;
  if (!w || typeof w !== 'object' || w.v !== 1) return null;
  if (typeof w.a !== 'string' || typeof w.e !== 'number' || typeof w.j !== 'string') return null;
  if (!(JOIN_ROLES as readonly unknown[]).includes(w.r)) return null;
  if (w.e <= nowSeconds(now)) return null;
  return {
    aliasId: w.a,
    role: w.r as JoinRole,
    displayName: typeof w.n === 'string' ? w.n : null,
    accountId: typeof w.u === 'string' ? w.u : null,
    expiresAt: w.e,
    ticketId: w.j,
  };
}

export function signHostToken(
  secret: Buffer,
  aliasId: string,
  accountId: string,
  now: number = Date.now(),
): string {
  return signPayload(secret, 'host-link', {
    a: aliasId,
    u: accountId,
    e: nowSeconds(now) + HOST_LINK_TTL_SECONDS,
  });
}

/** The account id the host token was made for, when it is authentic, unexpired and for `aliasId`. */
export function verifyHostToken(
  secret: Buffer,
  aliasId: string,
  token: unknown,
  now: number = Date.now(),
): string | null {
  const p = openPayload(secret, 'host-link', token) as { a?: unknown; u?: unknown; e?: unknown };
  if (!p || typeof p !== 'object') return null;
  if (p.a !== aliasId || typeof p.u !== 'string' || typeof p.e !== 'number') return null;
  return p.e > nowSeconds(now) ? p.u : null;
}

/**
 * Speaker links already made, per secret: the event list shows one per event on every request,
 * and the link never changes while the secret and the speaker key stay. SECURITY: a link is
 * derived from the secret held beside it in memory; remembering it reveals nothing more. A new
 * speaker key is a new entry; a new secret (another Buffer) starts an empty map.
 */
const speakerTokens = new WeakMap<Buffer, Map<string, string>>();
const SPEAKER_TOKENS_KEPT = 10_000;

/** Short enough for a link: 128 bits of the MAC. */
export function speakerToken(secret: Buffer, aliasId: string, speakerKey: string): string {
  const data = `${aliasId}\0${speakerKey}`;
  let made = speakerTokens.get(secret);
  if (!made) speakerTokens.set(secret, (made = new Map()));
  let token = made.get(data);
  if (token === undefined) {
    token = mac(secret, 'speaker-link', data).subarray(0, 16).toString('base64url');
    if (made.size >= SPEAKER_TOKENS_KEPT) made.clear();
    made.set(data, token);
  }
  return token;
}

export function verifySpeakerToken(
  secret: Buffer,
  aliasId: string,
  speakerKey: string,
  token: unknown,
): boolean {
  if (typeof token !== 'string' || token.length > 64) return false;
  const expected = mac(secret, 'speaker-link', `${aliasId}\0${speakerKey}`).subarray(0, 16);
  return equalMac(expected, token);
}
