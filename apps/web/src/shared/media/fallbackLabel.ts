import type { i18n as I18n } from 'i18next';
import type { DeviceLists } from './devices.ts';

/** The name of a device the browser leaves unnamed (no permission yet): "Camera 1", … */
export type FallbackLabel = (kind: keyof DeviceLists, n: number) => string;

/** Device names in `i18n`'s language at the time of asking (the pre-join page and the room). */
export const fallbackLabel =
  (i18n: I18n): FallbackLabel =>
  (kind, n) =>
    i18n.t(`join.media.fallback.${kind}`, { n });
