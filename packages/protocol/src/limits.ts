/** Business constants of spec §9 and the product decisions. */
export const PRODUCT_NAME = 'PODIUM';
export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];

export const THEME_PRIMARY = '#C52428';
export const TOAST_MS = 3000;
export const DIALOG_WIDTH_PX = 446;
export const LOADING_BAR_PX = 2;
export const COPY_CONFIRM_MS = 1500;
export const DOMAIN_DISCOVERY_TIMEOUT_MS = 2000;
export const TOKEN_COOKIE_DAYS = 3650;
export const INPUT_DEBOUNCE_MS = 20;
export const HOVER_TIMEOUT_MS = 5000;
export const HOVER_THROTTLE_MS = 300;

export const MEETING_MAX_PARTICIPANTS = 10;
export const MEETING_PRESENTER_SLOTS = 8;
export const CONFERENCE_MAX_PARTICIPANTS = 10_000;
export const THEATER_MAX_PARTICIPANTS = 10_000;

export const CONFERENCE_MODES = ['meeting', 'endtoend'] as const;
export type ConferenceMode = (typeof CONFERENCE_MODES)[number];
export const DEFAULT_CONFERENCE_MODE: ConferenceMode = 'meeting';

export const IMAGE_MAX_BYTES = 1024 * 1024;
export const CHAT_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const CHAT_OTHER_MAX_BYTES = 100 * 1024 * 1024;

export const VERIFY_CODE_LENGTH = 6;
export const VERIFY_CODE_TTL_MINUTES = 15;
