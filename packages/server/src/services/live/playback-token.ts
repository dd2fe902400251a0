import crypto from 'node:crypto';
import { LIVE_PLAYBACK_TTL_SECONDS, LIVE_TOKEN_MAX } from '@podium/protocol';

/**
 * Playback tokens of the watch page (/live/{alias}): HMAC-SHA256 with the server secret
 * `join_ticket_key` under their own purpose label, so neither a join ticket nor socket
 * credentials pass as one and a playback token opens nothing but the event's HLS.
 *
 * SECURITY: a token is bought with a join ticket (verify-call: the event's passcode rule and its
 * guessing limits, the same as joining) and names one event and one random viewer id; it lasts
 * LIVE_PLAYBACK_TTL_SECONDS and is renewed while still valid, so a page left open keeps
 * watching but a leaked token stops working within minutes of its last renewal.
 */
export interface PlaybackToken {
  /** The event's alias id (the room id). */
  aliasId: string;
  /** Random per watch page: what the viewer count counts. */
  viewerId: string;
  /** Unix seconds. */
  expiresAt: number;
}

const PURPOSE = 'hls-playback';

function mac(secret: Buffer, body: string): Buffer {
  return crypto.createHmac('sha256', secret).update(`${PURPOSE}\0${body}`).digest();
}

export function newViewerId(): string {
  return crypto.randomBytes(12).toString('base64url');
}

export function signPlaybackToken(
  secret: Buffer,
  input: { aliasId: string; viewerId: string },
  now: number = Date.now(),
): { token: string; payload: PlaybackToken } {
  const payload: PlaybackToken = {
    ...input,
    expiresAt: Math.floor(now / 1000) + LIVE_PLAYBACK_TTL_SECONDS,
  };
  const body = Buffer.from(
    JSON.stringify({ v: 1, a: payload.aliasId, w: payload.viewerId, e: payload.expiresAt }),
  ).toString('base64url');
  return { token: `${body}.${mac(secret, body).toString('base64url')}`, payload };
}

/** The token's content when it is authentic and unexpired, else null. Never throws. */
export function verifyPlaybackToken(
  secret: Buffer,
  token: unknown,
  now: number = Date.now(),
): PlaybackToken | null {
  if (typeof token !== 'string' || token.length > LIVE_TOKEN_MAX) return null;
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(secret, body);
  // SECURITY: constant-time comparison, so timing does not reveal how much of a MAC is right.
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  let w: { v?: unknown; a?: unknown; w?: unknown; e?: unknown };
  try {
    w = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof w;
  } catch {
    return null;
  }
  if (!w || w.v !== 1 || typeof w.a !== 'string' || typeof w.w !== 'string') return null;
  if (typeof w.e !== 'number' || w.e <= Math.floor(now / 1000)) return null;
  return { aliasId: w.a, viewerId: w.w, expiresAt: w.e };
}
