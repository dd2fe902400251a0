import type { Language } from '@podium/protocol';

const LOCALES: Record<Language, string> = { en: 'en-GB', vi: 'vi-VN' };

/**
 * "Mon 2 Mar 2026, 10:00 – 11:00" in the viewer's zone (decisions: times are stored in UTC and
 * shown in the viewer's time zone). `timeZone` is for tests; the browser's zone otherwise.
 */
export function formatEventRange(
  startIso: string,
  endIso: string,
  lang: Language,
  timeZone?: string,
): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  const format = new Intl.DateTimeFormat(LOCALES[lang], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
  return format.formatRange(start, end);
}

export function formatDateTime(iso: string, lang: Language, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[lang], {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** Whether the event's link stopped working (its expired_at has passed). */
export function isExpired(event: { expired_at: string | null }, now: number): boolean {
  return event.expired_at !== null && Date.parse(event.expired_at) <= now;
}
