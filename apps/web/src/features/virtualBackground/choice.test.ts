import { describe, expect, it } from 'vitest';
import {
  CHOICE_KEY,
  CUSTOM_IMAGE_KEY,
  FALLBACK_KEY,
  MAX_CUSTOM_IMAGE_BYTES,
  checkCustomImage,
  fallbackEnabled,
  fitWithin,
  loadChoice,
  parseChoice,
  saveChoice,
  type KeyValueStore,
} from './choice.ts';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStore & {
  items: Map<string, string>;
} {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('the remembered background choice', () => {
  it('reads back what was saved: blur, a built-in image, the own image', () => {
    const storage = memoryStorage({ [CUSTOM_IMAGE_KEY]: 'data:image/jpeg;base64,AAAA' });
    for (const choice of [
      { kind: 'blur' },
      { kind: 'image', image: 'ocean' },
      { kind: 'custom' },
      { kind: 'none' },
    ] as const) {
      expect(saveChoice(storage, choice)).toBe(true);
      expect(loadChoice(storage).choice).toEqual(choice);
    }
    expect(loadChoice(storage).customImage).toBe('data:image/jpeg;base64,AAAA');
  });

  it('falls back to no background for anything it cannot use', () => {
    expect(parseChoice(null, false)).toEqual({ kind: 'none' });
    expect(parseChoice('not json', false)).toEqual({ kind: 'none' });
    expect(parseChoice('42', false)).toEqual({ kind: 'none' });
    expect(parseChoice('{"kind":"image","image":"moon"}', false)).toEqual({ kind: 'none' });
    expect(parseChoice('{"kind":"sparkles"}', false)).toEqual({ kind: 'none' });
    // Their own image chosen, but its pixels are gone (storage cleared in part).
    expect(parseChoice('{"kind":"custom"}', false)).toEqual({ kind: 'none' });
  });

  it('ignores a stored own image that is not an image data: URL', () => {
    const storage = memoryStorage({
      [CHOICE_KEY]: '{"kind":"custom"}',
      [CUSTOM_IMAGE_KEY]: 'javascript:alert(1)',
    });
    expect(loadChoice(storage)).toEqual({ choice: { kind: 'none' }, customImage: null });
  });

  it('says so when the browser refuses to store it', () => {
    const full: KeyValueStore = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(saveChoice(full, { kind: 'blur' })).toBe(false);
  });
});

describe('the automatic turn-off', () => {
  it('applies unless this browser switched it off by hand', () => {
    expect(fallbackEnabled(memoryStorage())).toBe(true);
    expect(fallbackEnabled(null)).toBe(true);
    expect(fallbackEnabled(memoryStorage({ [FALLBACK_KEY]: 'on' }))).toBe(true);
    expect(fallbackEnabled(memoryStorage({ [FALLBACK_KEY]: 'off' }))).toBe(false);
  });
});

describe('an uploaded background image', () => {
  it('must be an image type within 10 MB', () => {
    expect(checkCustomImage({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkCustomImage({ type: 'image/webp', size: MAX_CUSTOM_IMAGE_BYTES })).toBeNull();
    expect(checkCustomImage({ type: 'image/svg+xml', size: 1000 })).toBe('type');
    expect(checkCustomImage({ type: 'application/pdf', size: 1000 })).toBe('type');
    expect(checkCustomImage({ type: 'image/jpeg', size: MAX_CUSTOM_IMAGE_BYTES + 1 })).toBe('size');
    expect(checkCustomImage({ type: 'image/jpeg', size: 0 })).toBe('size');
  });

  it('is kept within 1280×720, aspect kept, never enlarged', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 960, height: 720 });
    expect(fitWithin(3840, 2160)).toEqual({ width: 1280, height: 720 });
    expect(fitWithin(2000, 500)).toEqual({ width: 1280, height: 320 });
    expect(fitWithin(640, 360)).toEqual({ width: 640, height: 360 });
  });
});
