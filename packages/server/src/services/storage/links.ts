import { storageFileUrl } from '@podium/protocol';
import { linkMac, signedLinkValid } from '../../shared/signed-link.ts';

/**
 * Signed download links of shared files. SECURITY: a file id alone no longer opens a file (a
 * private chat file was downloadable by anyone who saw or guessed its link); the server hands
 * a link carrying an expiry and an HMAC of (id, expiry) only to the people who may see the
 * message or made the upload. Links live for FILE_LINK_TTL_SECONDS; every `chat_history`
 * (each welcome, each reconnect) and `chat_file_link` hands out fresh ones.
 */
export const FILE_LINK_TTL_SECONDS = 4 * 3600;
/** Links asked for at the moment of a download (`POST /api/storage/file-link`). */
export const FILE_LINK_ON_DEMAND_SECONDS = 10 * 60;

const PURPOSE = 'storage-download';

const mac = (key: Buffer, id: string, expires: number): string =>
  linkMac(key, PURPOSE, id, expires);

/** The download path of `id` valid until now + ttl (rounded up to the minute, for caching). */
export function signFileLink(
  key: Buffer,
  id: string,
  now: number = Date.now(),
  ttlSeconds: number = FILE_LINK_TTL_SECONDS,
): string {
  const expires = Math.ceil((Math.floor(now / 1000) + ttlSeconds) / 60) * 60;
  return `${storageFileUrl(id)}?exp=${expires}&sig=${mac(key, id, expires)}`;
}

/** Whether `exp`/`sig` of a download request are an authentic, unexpired link to `id`. */
export function fileLinkValid(
  key: Buffer,
  id: string,
  exp: string | undefined,
  sig: string | undefined,
  now: number = Date.now(),
): boolean {
  return signedLinkValid(key, PURPOSE, id, exp, sig, now);
}
