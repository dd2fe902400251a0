import crypto from 'node:crypto';

/**
 * The MAC and check of a signed download link (a chat file, a recording): an HMAC of (purpose,
 * id, expiry) under the server secret. SECURITY: the purpose label keeps one kind of link from
 * opening another kind with the same id and secret.
 */
export function linkMac(key: Buffer, purpose: string, id: string, expires: number): string {
  return crypto
    .createHmac('sha256', key)
    .update(`${purpose}\0${id}\0${expires}`)
    .digest('base64url');
}

/** Whether `exp`/`sig` are an authentic, unexpired link of this purpose to `id`. */
export function signedLinkValid(
  key: Buffer,
  purpose: string,
  id: string,
  exp: string | undefined,
  sig: string | undefined,
  now: number,
): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const expires = Number(exp);
  if (expires * 1000 <= now) return false;
  const expected = Buffer.from(linkMac(key, purpose, id, expires));
  const given = Buffer.from(sig);
  // SECURITY: constant-time comparison of equal-length MACs.
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
