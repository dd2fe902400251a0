import { LANGUAGES, type Language } from '@podium/protocol';

/** localStorage key of the chosen language (spec §3 "local storage … and the language"). */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Spec §4: Vietnamese when the browser language contains vi, otherwise English. We compare the
 * primary subtag so a region such as `en-VI` (US Virgin Islands) does not count as Vietnamese.
 */
export function detectLanguage(browserLanguages: readonly string[]): Language {
  const vietnamese = browserLanguages.some(
    (tag) => tag.trim().toLowerCase().split(/[-_]/)[0] === 'vi',
  );
  return vietnamese ? 'vi' : 'en';
}

export interface LanguageEnvironment {
  storage: Pick<Storage, 'getItem'> | null;
  languages: readonly string[];
}

/** The stored choice wins; without one the browser decides. */
export function resolveLanguage(env: LanguageEnvironment): Language {
  let stored: string | null = null;
  try {
    stored = env.storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    // Storage can throw (privacy mode, disabled cookies); detection still works.
  }
  return isLanguage(stored) ? stored : detectLanguage(env.languages);
}

export function browserLanguages(nav: Pick<Navigator, 'language' | 'languages'>): string[] {
  const list = [...(nav.languages ?? [])];
  if (nav.language && !list.includes(nav.language)) list.push(nav.language);
  return list;
}

export function storeLanguage(storage: Pick<Storage, 'setItem'> | null, language: Language): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisting is acceptable: the choice still applies to this page.
  }
}

/**
 * localStorage key: the account language this device last took over, as `<account id>:<language>`.
 * An account's language is taken over when it is new here (first sign-in, or changed on another
 * device since); a switch made on this device afterwards then stays until the account's changes.
 */
export const ACCOUNT_LANGUAGE_STORAGE_KEY = 'language-account';

/**
 * Whether the account's saved language should replace this device's one now, remembering that
 * it was seen. Only a chosen language gets here: an account that never chose answers null and
 * leaves the browser's language alone (spec §4).
 */
export function takeAccountLanguage(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  accountId: string,
  language: Language,
): boolean {
  const seen = `${accountId}:${language}`;
  try {
    if (storage?.getItem(ACCOUNT_LANGUAGE_STORAGE_KEY) === seen) return false;
    storage?.setItem(ACCOUNT_LANGUAGE_STORAGE_KEY, seen);
  } catch {
    // Without storage every load takes the account's language over, which is still its choice.
  }
  return true;
}

/** After a sign-in the account's language applies again, whatever this device saw before. */
export function forgetAccountLanguage(storage: Pick<Storage, 'removeItem'> | null): void {
  try {
    storage?.removeItem(ACCOUNT_LANGUAGE_STORAGE_KEY);
  } catch {
    // Nothing stored then either.
  }
}
