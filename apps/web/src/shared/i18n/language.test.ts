import { afterEach, describe, expect, it } from 'vitest';
import {
  browserLanguages,
  detectLanguage,
  LANGUAGE_STORAGE_KEY,
  resolveLanguage,
  storeLanguage,
} from './language.ts';
import { changeLanguage, createI18n, currentLanguage } from './index.ts';

afterEach(() => localStorage.clear());

describe('language detection (spec §4)', () => {
  it.each([
    [['vi'], 'vi'],
    [['vi-VN'], 'vi'],
    [['en-US', 'vi-VN'], 'vi'],
    [['VI_vn'], 'vi'],
    [['en-US'], 'en'],
    [['en-VI'], 'en'],
    [['fr-FR', 'de'], 'en'],
    [[], 'en'],
  ])('%j → %s', (languages, expected) => {
    expect(detectLanguage(languages)).toBe(expected);
  });

  it('reads navigator.language as well as navigator.languages', () => {
    expect(browserLanguages({ language: 'vi-VN', languages: [] })).toEqual(['vi-VN']);
    expect(browserLanguages({ language: 'en', languages: ['en', 'vi'] })).toEqual(['en', 'vi']);
  });
});

describe('language persistence', () => {
  it('prefers the stored choice over the browser', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(resolveLanguage({ storage: localStorage, languages: ['vi-VN'] })).toBe('en');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'vi');
    expect(resolveLanguage({ storage: localStorage, languages: ['en-US'] })).toBe('vi');
  });

  it('ignores a stored value that is not a language, and a throwing storage', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    expect(resolveLanguage({ storage: localStorage, languages: ['vi'] })).toBe('vi');
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(resolveLanguage({ storage: throwing, languages: ['en'] })).toBe('en');
  });

  it('stores a switch and a fresh start picks it up', async () => {
    storeLanguage(localStorage, 'vi');
    const first = createI18n();
    expect(currentLanguage(first)).toBe('vi');
    expect(first.t('shell.logout')).toBe('Đăng xuất');
    expect(document.documentElement.lang).toBe('vi');

    await changeLanguage('en', first);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(first.t('shell.logout')).toBe('Log out');
    expect(currentLanguage(createI18n())).toBe('en');
  });
});
