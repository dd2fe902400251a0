import { apiPaths, pathTo } from '@podium/protocol';
import { linkMac, signedLinkValid } from '../../shared/signed-link.ts';

/**
 * Signed download links of recordings: a browser's `<a href download>` cannot carry the access
 * token, so the owner asks for a link (POST /api/recordings/:id/link) that works alone for a few
 * minutes. SECURITY: the MAC covers a purpose label of its own, so a chat file's link (same
 * server secret) never opens a recording, nor the other way round.
 */
export const RECORDING_LINK_TTL_SECONDS = 10 * 60;

const PURPOSE = 'recording-download';

const mac = (key: Buffer, id: string, expires: number): string =>
  linkMac(key, PURPOSE, id, expires);

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
  return signedLinkValid(key, PURPOSE, id, exp, sig, now);
}
