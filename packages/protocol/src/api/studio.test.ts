import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signalingMessages } from '../signaling.ts';
import {
  DEFAULT_STUDIO,
  LOGO_POSITIONS,
  STUDIO_IMAGE_MAX_BYTES,
  checkStudio,
  isSixteenByNine,
  studioImageRefusal,
  studioMessages,
  type StudioMessageKey,
} from './studio.ts';

const image = { format: 'png', bytes: 200_000, width: 1280, height: 720 };
const text = (key: StudioMessageKey) => ({
  en: studioMessages.en[key],
  vi: studioMessages.vi[key],
});

describe('checkStudio', () => {
  it('accepts the default studio and every logo position', () => {
    expect(checkStudio(DEFAULT_STUDIO)).toEqual({ ok: true, studio: DEFAULT_STUDIO });
    for (const position of LOGO_POSITIONS) {
      const studio = { ...DEFAULT_STUDIO, logo: { image: null, position } };
      expect(checkStudio(studio).ok).toBe(true);
    }
  });

  it('names an unknown logo position, in English and Vietnamese', () => {
    const result = checkStudio({ ...DEFAULT_STUDIO, logo: { image: null, position: 'center' } });
    expect(result).toEqual({ ok: false, key: 'studio.unknown_position', field: 'logo.position' });
    expect(text('studio.unknown_position')).toEqual({
      en: 'Choose one of the eight logo positions',
      vi: 'Hãy chọn một trong tám vị trí của logo',
    });
  });

  it('names an unknown font, in English and Vietnamese', () => {
    const result = checkStudio({
      ...DEFAULT_STUDIO,
      text: { ...DEFAULT_STUDIO.text, font: 'Papyrus' },
    });
    expect(result).toEqual({ ok: false, key: 'studio.unknown_font', field: 'text.font' });
    expect(text('studio.unknown_font')).toEqual({
      en: 'Choose a font from the list',
      vi: 'Hãy chọn một phông chữ trong danh sách',
    });
  });

  it('refuses other mistakes with the general message and the field', () => {
    expect(checkStudio({ ...DEFAULT_STUDIO, layout: 4 })).toMatchObject({
      ok: false,
      key: 'studio.invalid',
      field: 'layout',
    });
    expect(
      checkStudio({ ...DEFAULT_STUDIO, text: { ...DEFAULT_STUDIO.text, color: 'red' } }),
    ).toMatchObject({ ok: false, field: 'text.color' });
    expect(checkStudio(null)).toMatchObject({ ok: false, key: 'studio.invalid' });
  });

  it('every studio message reaches the socket errors in both languages', () => {
    for (const key of Object.keys(studioMessages.en) as StudioMessageKey[]) {
      expect(signalingMessages.en[key]).toBe(studioMessages.en[key]);
      expect(signalingMessages.vi[key]).toBe(studioMessages.vi[key]);
      expect(studioMessages.vi[key]).not.toBe(studioMessages.en[key]);
    }
  });
});

describe('studioImageRefusal', () => {
  it('takes a 16:9 png, jpeg or webp of at most 1 MB for a badge or a scene', () => {
    for (const format of ['png', 'jpeg', 'webp']) {
      expect(studioImageRefusal('badge', { ...image, format })).toBeNull();
      expect(studioImageRefusal('scene', { ...image, format })).toBeNull();
    }
    expect(studioImageRefusal('scene', { ...image, bytes: STUDIO_IMAGE_MAX_BYTES })).toBeNull();
  });

  it('refuses a badge or scene that is not 16:9 (the spec message in both languages)', () => {
    expect(studioImageRefusal('badge', { ...image, width: 800, height: 600 })).toBe(
      'studio.bad_ratio',
    );
    expect(studioImageRefusal('scene', { ...image, width: 720, height: 1280 })).toBe(
      'studio.bad_ratio',
    );
    expect(text('studio.bad_ratio').en).toContain('16:9');
    expect(text('studio.bad_ratio').vi).toContain('16:9');
  });

  it('takes a logo of any shape (100x100 recommended)', () => {
    expect(studioImageRefusal('logo', { ...image, width: 100, height: 100 })).toBeNull();
    expect(studioImageRefusal('logo', { ...image, width: 600, height: 100 })).toBeNull();
  });

  it('refuses an image over 1 MB and a type that is not png/jpeg/webp', () => {
    for (const purpose of ['badge', 'logo', 'scene'] as const) {
      expect(studioImageRefusal(purpose, { ...image, bytes: STUDIO_IMAGE_MAX_BYTES + 1 })).toBe(
        'studio.file_rejected',
      );
      expect(studioImageRefusal(purpose, { ...image, format: 'gif' })).toBe('studio.file_rejected');
      expect(studioImageRefusal(purpose, { ...image, format: null })).toBe('studio.file_rejected');
    }
    expect(text('studio.file_rejected')).toEqual({
      en: 'File too large or invalid type',
      vi: 'Tệp quá lớn hoặc không đúng định dạng',
    });
  });

  it('16:9 allows a small tolerance (1366x768, 1920x1088) but not 16:10', () => {
    expect(isSixteenByNine(1920, 1080)).toBe(true);
    expect(isSixteenByNine(1366, 768)).toBe(true);
    expect(isSixteenByNine(1920, 1088)).toBe(true);
    expect(isSixteenByNine(1920, 1200)).toBe(false);
    expect(isSixteenByNine(0, 0)).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 320, max: 8000 }), (width) => {
        const height = Math.round((width * 9) / 16);
        return isSixteenByNine(width, height) && !isSixteenByNine(width, height * 2);
      }),
    );
  });
});
