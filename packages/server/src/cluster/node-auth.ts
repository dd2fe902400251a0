import crypto from 'node:crypto';

/**
 * What one node says to another about a client it carries (issue 16): a node link
 * (realtime/node-link.ts) or a request forwarded to the node that runs a room
 * (owner-client.ts). Signed with the secret every node shares (the one credentials
 * are signed with, from the shared database).
 */

/** The header an edge sends on its link: who the client is, signed with the nodes' secret. */
export const NODE_LINK_HEADER = 'x-podium-node-link';

/**
 * SECURITY: the link's own purpose label inside the MAC, so neither credentials nor tickets
 * (same secret) can be replayed as a link header, nor a link header as either of them.
 */
const PURPOSE = 'node-link';
/** A header older (or newer) than this is refused: a captured one is short-lived. */
const MAX_SKEW_MS = 30_000;

function mac(key: Buffer, at: string, address: string): string {
  return crypto
    .createHmac('sha256', key)
    .update(`${PURPOSE}\0${at}\0${address}`)
    .digest('base64url');
}

/** The header value for a link carrying the client at `address`. */
export function signNodeLink(key: Buffer, address: string, now: number): string {
  const at = String(now);
  return `v1.${at}.${Buffer.from(address).toString('base64url')}.${mac(key, at, address)}`;
}

/**
 * The client address a link header carries, or null when the header is absent, malformed,
 * stale or not signed with the nodes' secret (then the socket is an ordinary client's: its own
 * address, and it may be linked onward like any other).
 */
export function openNodeLink(key: Buffer, header: unknown, now: number): string | null {
  if (typeof header !== 'string' || header.length > 512) return null;
  const parts = header.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') return null;
  const [, at = '', encoded = '', given = ''] = parts;
  if (!/^\d{1,15}$/.test(at) || Math.abs(now - Number(at)) > MAX_SKEW_MS) return null;
  const address = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(mac(key, at, address));
  const actual = Buffer.from(given);
  // SECURITY: constant-time comparison of equal-length MACs.
  if (actual.length !== expected.length || !crypto.timingSafeEqual(actual, expected)) return null;
  return address;
}
