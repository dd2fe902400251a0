import crypto from 'node:crypto';
import { apiPaths, pathTo } from '@podium/protocol';

/**
 * Signed download links of recordings: a browser's `<a href download>` cannot carry the access
 * token, so the owner asks for a link (POST /api/recordings/:id/link) that works alone for a few
 * minutes. SECURITY: the MAC covers a purpose label of its own, so a chat file's link (same
 * server secret) never opens a recording, nor the other way round.
 */
export const RECORDING_LINK_TTL_SECONDS = 10 * 60;

const PURPOSE = 'recording-download';

function mac(key: Buffer, id: string, expires: number): string {
  return crypto
    .createHmac('sha256', key)
    .update(`${PURPOSE}\0${id}\0${expires}`)
    .digest('base64url');
}

export function signRecordingLink(
  key: Buffer,
  id: string,
  now: number,
): { url: string; expires: number } {
  const expires = Math.floor(now / 1000) + RECORDING_LINK_TTL_SECONDS;
  const url = `${pathTo(apiPaths.recordings.file, { id })}?exp=${expires}&sig=${mac(key, id, expires)}`;
  return { url, expires };
}

export function recordingLinkValid(
  key: Buffer,
  id: string,
  exp: string | undefined,
  sig: string | undefined,
  now: number,
): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const expires = Number(exp);
  if (expires * 1000 <= now) return false;
  const expected = Buffer.from(mac(key, id, expires));
  const given = Buffer.from(sig);
  // SECURITY: constant-time comparison of equal-length MACs.
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
