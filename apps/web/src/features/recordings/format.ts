import type { TFunction } from 'i18next';

/** A size for people: B, KB, MB or GB with one decimal above KB (1 KB = 1024 B). */
export function formatSize(bytes: number, t: TFunction, locale: string): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024) return t('recording.library.bytes', { value: number(bytes, 0) });
  if (bytes < 1024 ** 2)
    return t('recording.library.kilobytes', { value: number(bytes / 1024, 1) });
  if (bytes < 1024 ** 3) {
    return t('recording.library.megabytes', { value: number(bytes / 1024 ** 2, 1) });
  }
  return t('recording.library.gigabytes', { value: number(bytes / 1024 ** 3, 1) });
}

/** A duration as "m:ss", or "h:mm:ss" past an hour. */
export function formatDuration(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
