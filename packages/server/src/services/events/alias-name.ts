import crypto from 'node:crypto';
import { ALIAS_DEFAULT_LENGTH } from '@podium/protocol';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The largest multiple of 62 below 256: bytes at or above it are dropped to avoid modulo bias. */
const UNBIASED_LIMIT = 248;

/**
 * A random alias of base62 characters from the system CSPRNG.
 * SECURITY: 12 characters give ~71 bits (~62 bits under case-insensitive lookup), which makes
 * guessing a live alias impractical; verify-call is also throttled per alias and address.
 */
export function randomAliasName(length: number = ALIAS_DEFAULT_LENGTH): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * Vanity names that look like an id are refused, so owner endpoints can take either an alias id
 * or a name in the same parameter without ambiguity.
 */
export function isReservedAliasName(name: string): boolean {
  return isUuid(name);
}
