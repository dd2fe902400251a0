import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../limits.ts';
import { type StudioMessageKey } from './studio-messages.ts';
export * from './studio-messages.ts';

/** Spec §5 and §9: badge, scene and logo images are at most 1 MB. */
export const STUDIO_IMAGE_MAX_BYTES = IMAGE_MAX_BYTES;

/**
 * The studio of an event (spec §1 "Customisation", §2 modals, §3, §5; issue 13): a name badge
 * under each presenter, a logo in one of eight places, a scene behind the tiles, a text banner
 * or ticker and a video layout. Stored with the event (the account's defaults, edited at
 * /app/customize_conference, are copied into each new event), changed live by hosts and
 * co-hosts (`studio_set` on the socket) and shown identically by every participant's stage and
 * the recorder's.
 *
 * Images are uploads of the storage service (`POST /api/studio/images`), public like avatars
 * (everyone in the room and the recorder shows them): the state names them by upload id.
 */

/** Spec §3: the logo's eight positions. */
export const LOGO_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
  'middle-left',
  'middle-right',
] as const;
export type LogoPosition = (typeof LOGO_POSITIONS)[number];

/**
 * The bundled fonts of the text effect. Each maps to a CSS font stack every Chromium/Firefox has
 * (no font download at run time), so the recorder renders the same face as the viewers.
 */
export const STUDIO_FONTS = ['sans', 'serif', 'mono', 'condensed', 'handwriting'] as const;
export type StudioFont = (typeof STUDIO_FONTS)[number];
export const STUDIO_FONT_STACKS: Record<StudioFont, string> = {
  sans: 'system-ui, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  serif: 'Georgia, "Times New Roman", "DejaVu Serif", serif',
  mono: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace',
  condensed: '"Arial Narrow", "Roboto Condensed", "DejaVu Sans Condensed", sans-serif',
  handwriting: '"Comic Sans MS", "Segoe Print", cursive',
};
export const FONT_STYLES = ['normal', 'italic', 'bold', 'bold-italic'] as const;
export const TEXT_TRANSFORMS = ['none', 'uppercase', 'lowercase', 'capitalize'] as const;
/** A banner holds still at the bottom of the stage; a ticker scrolls across it. */
export const TEXT_EFFECT_KINDS = ['banner', 'ticker'] as const;
/** The built-in name badge looks, used when no badge image is chosen. */
export const BADGE_STYLES = ['classic', 'bold', 'minimal'] as const;

/**
 * Spec §3 "Video layout mode: 1, 2 or 3" (the choice is documented in
 * apps/web/src/features/room/features/studio/README.md):
 * 1 — one speaker fills the stage (the active speaker, else the pinned or first presenter);
 * 2 — side by side: the presenters in one row of equal tiles;
 * 3 — a featured speaker large with the others in a strip beside it.
 */
export const STUDIO_LAYOUTS = [1, 2, 3] as const;
export type StudioLayout = (typeof STUDIO_LAYOUTS)[number];

/** Font sizes are pixels on a 720-pixel-high stage; every stage scales them to its height. */
export const STUDIO_FONT_SIZE_MIN = 12;
export const STUDIO_FONT_SIZE_MAX = 96;
export const STUDIO_TEXT_MAX = 280;
/** Badge and scene images: 16:9 (spec §5), within this relative tolerance. */
export const STUDIO_RATIO = 16 / 9;
export const STUDIO_RATIO_TOLERANCE = 0.02;

export const studioImageId = z.string().regex(/^[A-Za-z0-9_-]{32}$/);
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const studioState = z.object({
  badge: z.object({
    enabled: z.boolean(),
    style: z.enum(BADGE_STYLES),
    /** A 16:9 image behind the name (the lower third), or null for the built-in style. */
    image: studioImageId.nullable(),
  }),
  logo: z.object({
    image: studioImageId.nullable(),
    position: z.enum(LOGO_POSITIONS),
  }),
  scene: z.object({ image: studioImageId.nullable() }),
  text: z.object({
    enabled: z.boolean(),
    kind: z.enum(TEXT_EFFECT_KINDS),
    text: z.string().max(STUDIO_TEXT_MAX),
    font: z.enum(STUDIO_FONTS),
    font_style: z.enum(FONT_STYLES),
    font_size: z.number().int().min(STUDIO_FONT_SIZE_MIN).max(STUDIO_FONT_SIZE_MAX),
    text_transform: z.enum(TEXT_TRANSFORMS),
    color: colour,
    background: colour,
  }),
  /** null: every viewer keeps the layout they chose (gallery, center, pin). */
  layout: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
});
export type StudioState = z.infer<typeof studioState>;

/**
 * What an event starts with when its owner set no defaults: nothing drawn, and every viewer's own
 * layout (the call looks as it does without a studio).
 */
export const DEFAULT_STUDIO: StudioState = {
  badge: { enabled: false, style: 'classic', image: null },
  logo: { image: null, position: 'top-right' },
  scene: { image: null },
  text: {
    enabled: false,
    kind: 'banner',
    text: '',
    font: 'sans',
    font_style: 'bold',
    font_size: 32,
    text_transform: 'none',
    color: '#ffffff',
    background: '#c52428',
  },
  layout: null,
};

export const STUDIO_IMAGE_PURPOSES = ['badge', 'logo', 'scene'] as const;
export type StudioImagePurpose = (typeof STUDIO_IMAGE_PURPOSES)[number];
/** Image formats the studio takes (sniffed from the bytes, whatever the name says). */
export const STUDIO_IMAGE_FORMATS = ['png', 'jpeg', 'webp'] as const;
export type StudioImageFormat = (typeof STUDIO_IMAGE_FORMATS)[number];

export type StudioCheck =
  { ok: true; studio: StudioState } | { ok: false; key: StudioMessageKey; field: string };

/**
 * Checks a studio sent by a client (socket or REST): the state, or the first problem as a keyed
 * message and the field it concerns (`logo.position`, `text.font`, …).
 */
export function checkStudio(input: unknown): StudioCheck {
  const parsed = studioState.safeParse(input);
  if (parsed.success) return { ok: true, studio: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue ? issue.path.join('.') : '';
  if (field === 'logo.position') return { ok: false, key: 'studio.unknown_position', field };
  if (field === 'text.font') return { ok: false, key: 'studio.unknown_font', field };
  return { ok: false, key: 'studio.invalid', field };
}

/** What is known of an image once its bytes are read. */
export interface StudioImageFacts {
  /** The format sniffed from the bytes (null: not an image we know). */
  format: string | null;
  bytes: number;
  width: number;
  height: number;
}

/** Whether `width:height` is 16:9 within the tolerance. */
export function isSixteenByNine(width: number, height: number): boolean {
  if (!(width > 0 && height > 0)) return false;
  return Math.abs(width / height / STUDIO_RATIO - 1) <= STUDIO_RATIO_TOLERANCE;
}

/**
 * Why an image cannot be used as `purpose` (spec §5: badge and scene 16:9, at most 1 MB; logo
 * at most 1 MB, any shape — 100x100 recommended, larger is scaled), or null. Shared by the
 * server (authoritative, on the sniffed bytes) and the web (an early answer before uploading).
 */
export function studioImageRefusal(
  purpose: StudioImagePurpose,
  facts: StudioImageFacts,
): StudioMessageKey | null {
  if (facts.bytes > STUDIO_IMAGE_MAX_BYTES) return 'studio.file_rejected';
  if (!(STUDIO_IMAGE_FORMATS as readonly string[]).includes(facts.format ?? '')) {
    return 'studio.file_rejected';
  }
  if (purpose !== 'logo' && !isSixteenByNine(facts.width, facts.height)) return 'studio.bad_ratio';
  return null;
}

/** The images a studio names, by purpose. */
export function studioImages(studio: StudioState): Record<StudioImagePurpose, string | null> {
  return { badge: studio.badge.image, logo: studio.logo.image, scene: studio.scene.image };
}

/** `POST /api/studio/defaults` body and the answer of both defaults calls. */
export const studioDefaultsResponse = z.object({ studio: studioState });
export type StudioDefaultsResponse = z.infer<typeof studioDefaultsResponse>;

/** 201 answer of `POST /api/studio/images` (multipart: `purpose` field, then `file`). */
export const studioImageResponse = z.object({
  id: studioImageId,
  url: z.string().min(1),
  purpose: z.enum(STUDIO_IMAGE_PURPOSES),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type StudioImageResponse = z.infer<typeof studioImageResponse>;

export const StudioErrorCode = {
  /** 400/413: over 1 MB, or not a png/jpeg/webp by its bytes. */
  FileRejected: 'studio_file_rejected',
  /** 400: a badge or scene image that is not 16:9. */
  BadRatio: 'studio_bad_ratio',
  /** 400: a studio that does not pass `checkStudio`. */
  Invalid: 'studio_invalid',
} as const;
