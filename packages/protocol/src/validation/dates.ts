/**
 * Date parsing and the small date-format pattern language used by the date rules.
 *
 * Accepted date values: a valid `Date`, or an ISO-like string `YYYY-MM-DD`, optionally followed
 * by `T` or a space and `HH:mm`, `HH:mm:ss` or `HH:mm:ss.sss`, optionally followed by `Z` or an
 * offset `±HH:mm` / `±HHmm`. Strings without an offset are read in local time (a date alone is
 * local midnight) because that is what date pickers hand over (Mantine dates gives
 * `YYYY-MM-DD` and `YYYY-MM-DD HH:mm:ss`); this keeps a date-only value and a date-time value
 * comparable. Impossible calendar values (2024-02-30, 24:00) are not dates.
 */

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validParts(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): boolean {
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo) && h <= 23 && mi <= 59 && s <= 59;
}

/** A `Date` for a date value, or null when the value is not a date. */
export function parseDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string') return null;
  const m = ISO_DATE.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((p) => Number(p ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!validParts(y, mo, d, h, mi, s)) return null;
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  const zone = m[8];
  if (zone === undefined) return new Date(y, mo - 1, d, h, mi, s, ms);
  const utc = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  if (zone === 'Z') return new Date(utc);
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offsetMin = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return new Date(utc - sign * offsetMin * 60_000);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** How a date bound appears in a message: local `YYYY-MM-DD`, plus ` HH:mm` when it has a time. */
export function formatDateForMessage(date: Date): string {
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  if (date.getHours() === 0 && date.getMinutes() === 0) return day;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The date-format pattern language: `YYYY` (4-digit year), `MM` (month 01–12), `DD` (day of
 * month, checked against the month when the year and month are known), `HH` (hour 00–23), `mm`
 * (minute 00–59), `ss` (second 00–59). Every other character stands for itself, so
 * `DD/MM/YYYY HH:mm` matches `31/12/2024 23:59`. Digits must be zero-padded to the token width.
 */
const TOKENS = ['YYYY', 'MM', 'DD', 'HH', 'mm', 'ss'] as const;
type Token = (typeof TOKENS)[number];

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

const compiled = new Map<string, { re: RegExp; order: Token[] }>();

function compile(format: string): { re: RegExp; order: Token[] } {
  const cached = compiled.get(format);
  if (cached) return cached;
  let source = '';
  const order: Token[] = [];
  for (let i = 0; i < format.length;) {
    const token = TOKENS.find((t) => format.startsWith(t, i));
    if (token) {
      source += token === 'YYYY' ? '(\\d{4})' : '(\\d{2})';
      order.push(token);
      i += token.length;
    } else {
      source += escapeRegExp(format.charAt(i));
      i += 1;
    }
  }
  const result = { re: new RegExp(`^${source}$`), order };
  compiled.set(format, result);
  return result;
}

/** Whether `value` is written in `format` and names a real calendar date and time. */
export function matchesDateFormat(value: string, format: string): boolean {
  const { re, order } = compile(format);
  const m = re.exec(value);
  if (!m) return false;
  const parts: Partial<Record<Token, number>> = {};
  for (const [index, token] of order.entries()) {
    const n = Number(m[index + 1]);
    // A pattern may repeat a token (`YYYY…YYYY`); both occurrences must then agree.
    if (parts[token] !== undefined && parts[token] !== n) return false;
    parts[token] = n;
  }
  // Without a year, allow 29 February (2000 is a leap year); without a month, allow day 31
  // (January has 31 days).
  return validParts(parts.YYYY ?? 2000, parts.MM ?? 1, parts.DD ?? 1, parts.HH, parts.mm, parts.ss);
}
