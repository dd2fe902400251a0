import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Language } from '@podium/protocol';
import { loadStrings, resources, type LaterStrings } from './resources.ts';
import {
  browserLanguages,
  forgetAccountLanguage,
  isLanguage,
  resolveLanguage,
  storeLanguage,
  takeAccountLanguage,
} from './language.ts';

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function applyDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Every instance created, to receive the features' strings when they load. */
const instances = new Set<I18n>();

async function addStrings(group: LaterStrings): Promise<void> {
  const added = await loadStrings(group);
  for (const instance of instances) {
    instance.addResourceBundle('en', 'translation', added.en, true, true);
    instance.addResourceBundle('vi', 'translation', added.vi, true, true);
  }
}

/**
 * Loads every string beyond the shell's (shared/i18n/resources.ts) into all i18next instances;
 * components re-render when they arrive (`bindI18nStore: 'added'`).
 */
export async function loadFeatureStrings(): Promise<void> {
  await Promise.all([addStrings('main'), addStrings('features')]);
}

/** Loads the main layout's strings (its header, the home page, the incoming-call dialog). */
export function loadMainStrings(): Promise<void> {
  return addStrings('main');
}

/** Creates the i18next instance; `language` overrides detection (tests). */
export function createI18n(language?: Language): I18n {
  const instance = i18next.createInstance();
  const lng =
    language ??
    resolveLanguage({
      storage: safeLocalStorage(),
      languages: typeof navigator === 'undefined' ? [] : browserLanguages(navigator),
    });
  void instance.use(initReactI18next).init({
    resources: { en: { translation: resources.en }, vi: { translation: resources.vi } },
    lng,
    fallbackLng: 'en',
    supportedLngs: ['en', 'vi'],
    interpolation: { escapeValue: false }, // React escapes already.
    initAsync: false,
    returnNull: false,
    // Strings loaded after a component rendered (loadFeatureStrings) show at once.
    react: { bindI18nStore: 'added' },
  });
  instances.add(instance);
  applyDocumentLanguage(lng);
  instance.on('languageChanged', applyDocumentLanguage);
  return instance;
}

export const i18n = createI18n();

export function currentLanguage(instance: I18n = i18n): Language {
  const lng = instance.resolvedLanguage ?? instance.language;
  return isLanguage(lng) ? lng : 'en';
}

/** Switches and remembers the language (spec §4: stored locally). */
export async function changeLanguage(language: Language, instance: I18n = i18n): Promise<void> {
  storeLanguage(safeLocalStorage(), language);
  await instance.changeLanguage(language);
}

/**
 * The signed-in account's saved language (settings): switched to and stored locally when it is
 * new to this device, so it follows the person from device to device (takeAccountLanguage).
 */
export async function adoptAccountLanguage(
  accountId: string,
  language: Language,
  instance: I18n = i18n,
): Promise<void> {
  const storage = safeLocalStorage();
  if (takeAccountLanguage(storage, accountId, language)) {
    await changeLanguage(language, instance);
  }
}

/** A new sign-in: the account's language applies again (adoptAccountLanguage). */
export function resetAccountLanguage(): void {
  forgetAccountLanguage(safeLocalStorage());
}

/** A string in both languages, for shared rules that take `{ en, vi }` parameters. */
export function bothLanguages(key: string, instance: I18n = i18n): Record<Language, string> {
  return { en: instance.getFixedT('en')(key), vi: instance.getFixedT('vi')(key) };
}

/** The current language and a setter, for components. */
export function useLanguage(): [Language, (language: Language) => void] {
  const { i18n: instance } = useTranslation();
  return [currentLanguage(instance), (language) => void changeLanguage(language, instance)];
}

export { useTranslation };
