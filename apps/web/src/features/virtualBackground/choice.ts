/**
 * The virtual background a person chose, remembered per browser (localStorage): none, a blur,
 * one of the built-in images, or their own image (kept downscaled beside the choice). Pure
 * parsing and checks; the storage is handed in so tests use a plain map.
 */

export const BUILT_IN_BACKGROUNDS = ['office', 'sunset', 'ocean', 'studio'] as const;
export type BuiltInBackground = (typeof BUILT_IN_BACKGROUNDS)[number];

export type BackgroundChoice =
  | { kind: 'none' }
  | { kind: 'blur' }
  | { kind: 'image'; image: BuiltInBackground }
  /** The person's own image; its pixels are stored under CUSTOM_IMAGE_KEY. */
  | { kind: 'custom' };

export const NO_BACKGROUND: BackgroundChoice = { kind: 'none' };

export const CHOICE_KEY = 'podium.virtualBackground';
export const CUSTOM_IMAGE_KEY = 'podium.virtualBackground.image';
/**
 * 'off' keeps the effect on however slow the device is (no automatic turn-off): for benchmarks
 * and tests on a loaded machine, and for anyone who prefers a slow effect to none. Set by hand.
 */
export const FALLBACK_KEY = 'podium.virtualBackground.fallback';

/** Whether the automatic turn-off of a too-slow effect applies in this browser. */
export function fallbackEnabled(storage: KeyValueStore | null): boolean {
  try {
    return storage?.getItem(FALLBACK_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Larger uploads are refused before decoding (the image is downscaled to 720p anyway). */
export const MAX_CUSTOM_IMAGE_BYTES = 10 * 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/bmp'];

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isBuiltIn(value: unknown): value is BuiltInBackground {
  return BUILT_IN_BACKGROUNDS.includes(value as BuiltInBackground);
}

/** A stored choice, or none for anything unreadable (an older or hand-edited value). */
export function parseChoice(raw: string | null, hasCustomImage: boolean): BackgroundChoice {
  if (!raw) return NO_BACKGROUND;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return NO_BACKGROUND;
  }
  if (typeof value !== 'object' || value === null) return NO_BACKGROUND;
  const { kind, image } = value as { kind?: unknown; image?: unknown };
  if (kind === 'blur') return { kind: 'blur' };
  if (kind === 'image' && isBuiltIn(image)) return { kind: 'image', image };
  // Their own image without its pixels (cleared storage) cannot be shown.
  if (kind === 'custom' && hasCustomImage) return { kind: 'custom' };
  return NO_BACKGROUND;
}

export function sameChoice(a: BackgroundChoice, b: BackgroundChoice): boolean {
  if (a.kind !== b.kind) return false;
  return a.kind !== 'image' || (b.kind === 'image' && a.image === b.image);
}

export function loadChoice(storage: KeyValueStore): {
  choice: BackgroundChoice;
  customImage: string | null;
} {
  const customImage = storage.getItem(CUSTOM_IMAGE_KEY);
  const validImage = customImage?.startsWith('data:image/') ? customImage : null;
  return {
    choice: parseChoice(storage.getItem(CHOICE_KEY), validImage !== null),
    customImage: validImage,
  };
}

/** Remembers the choice; false when the browser refused to store it (quota, private mode). */
export function saveChoice(storage: KeyValueStore, choice: BackgroundChoice): boolean {
  try {
    storage.setItem(CHOICE_KEY, JSON.stringify(choice));
    return true;
  } catch {
    return false;
  }
}

export function saveCustomImage(storage: KeyValueStore, dataUrl: string): boolean {
  try {
    storage.setItem(CUSTOM_IMAGE_KEY, dataUrl);
    return true;
  } catch {
    return false;
  }
}

export type CustomImageProblem = 'type' | 'size';

/** Whether an uploaded file can be a background (checked before it is decoded). */
export function checkCustomImage(file: { type: string; size: number }): CustomImageProblem | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'type';
  if (file.size > MAX_CUSTOM_IMAGE_BYTES || file.size === 0) return 'size';
  return null;
}

/** The size an image is kept at: within 1280×720, never enlarged, aspect kept. */
export function fitWithin(
  width: number,
  height: number,
  maxWidth = 1280,
  maxHeight = 720,
): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
