import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/**
 * zxcvbn's score (0–4) a new password must reach. 2 means more than about a million guesses:
 * it refuses every common password, keyboard walk, repeat and sequence ('12345678', 'password',
 * eight spaces, 'qwertyuiop', 'P@ssw0rd') while leaving ordinary passphrases alone. Offline
 * guessing is slowed further by argon2id (passwords.ts) and online guessing by the sign-in limits.
 */
export const PASSWORD_MIN_SCORE = 2;

let checker: ZxcvbnFactory | null = null;

/** Built on first use: the dictionaries take a moment to load and most requests need none. */
function zxcvbn(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return checker;
}

/** zxcvbn cost grows with length; past this only the start is judged (it is strong or not). */
const JUDGED_LENGTH = 64;

/**
 * True when `password` is too common or easy to guess. `personal` are the account's own
 * identifiers (email, username, name), which count as known words: 'maitran.nguyen1' for
 * maitran.nguyen@… is weak.
 */
export function isWeakPassword(password: string, personal: Array<string | null | undefined> = []) {
  const words = personal
    .filter((w): w is string => typeof w === 'string' && w.length > 0)
    .flatMap((w) => [w, w.split('@')[0] ?? '', ...w.split(/[@._\-\s]+/)])
    .filter((w) => w.length >= 3);
  return zxcvbn().check(password.slice(0, JUDGED_LENGTH), words).score < PASSWORD_MIN_SCORE;
}
