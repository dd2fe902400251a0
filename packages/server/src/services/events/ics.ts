import ical from 'ical-generator';

/**
 * Calendar files (.ics) for events. With a time zone, DTSTART/DTEND carry TZID and the file
 * holds a VTIMEZONE built from the platform's time-zone database (Intl), so calendar apps place
 * the event right even across daylight-saving changes; without one, times are UTC ('Z').
 */

export interface CalendarEvent {
  id: string;
  title: string;
  description: string;
  start: Date;
  end: Date;
  url: string;
  organizerName: string;
  createdAt: Date;
  updatedAt: Date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

let knownZones: Map<string, string> | null = null;

/**
 * The IANA name to write for a zone the caller gave, or null when the platform does not know it.
 * The caller's spelling is kept (ICU would turn Asia/Ho_Chi_Minh into the legacy Asia/Saigon),
 * with its letter case fixed when it matches a listed zone.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return null;
  }
  knownZones ??= new Map(
    [...Intl.supportedValuesOf('timeZone'), 'UTC'].map((z) => [z.toLowerCase(), z]),
  );
  return knownZones.get(name.toLowerCase()) ?? name;
}

interface WallClock {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

function wallClock(timeZone: string, at: number): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(at))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    y: parts.year ?? 1970,
    mo: parts.month ?? 1,
    d: parts.day ?? 1,
    h: parts.hour ?? 0,
    mi: parts.minute ?? 0,
    s: parts.second ?? 0,
  };
}

/** Offset from UTC in minutes at instant `at`. */
export function zoneOffsetMinutes(timeZone: string, at: number): number {
  const w = wallClock(timeZone, at);
  const asUtc = Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s);
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
}

function formatLocal(at: number, offsetMinutes: number): string {
  const d = new Date(at + offsetMinutes * 60_000);
  return (
    `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

interface Transition {
  at: number;
  from: number;
  to: number;
}

const HOUR = 3600_000;

/** Offset changes of `timeZone` between two instants, found by stepping and bisecting. */
function transitions(timeZone: string, from: number, to: number): Transition[] {
  const found: Transition[] = [];
  const step = 6 * HOUR;
  let prevAt = from;
  let prev = zoneOffsetMinutes(timeZone, from);
  for (let t = from + step; t <= to; t += step) {
    const cur = zoneOffsetMinutes(timeZone, t);
    if (cur !== prev) {
      let lo = prevAt;
      let hi = t;
      while (hi - lo > 1000) {
        const mid = Math.floor((lo + hi) / 2000) * 1000;
        if (mid <= lo) break;
        if (zoneOffsetMinutes(timeZone, mid) === prev) lo = mid;
        else hi = mid;
      }
      found.push({ at: hi, from: prev, to: cur });
    }
    prevAt = t;
    prev = cur;
  }
  return found;
}

const vtimezoneCache = new Map<string, string>();

/**
 * A VTIMEZONE for `timeZone` valid for the years around `around`: one STANDARD/DAYLIGHT block
 * per actual offset change (no RRULE), which every iCalendar reader understands.
 */
export function vtimezone(timeZone: string, around: Date, untilDate: Date = around): string {
  const startYear = around.getUTCFullYear() - 1;
  const endYear = untilDate.getUTCFullYear() + 2;
  const cacheKey = `${timeZone}|${startYear}|${endYear}`;
  const cached = vtimezoneCache.get(cacheKey);
  if (cached) return cached;
  const rangeStart = Date.UTC(startYear, 0, 1);
  const rangeEnd = Date.UTC(endYear, 0, 1);
  const changes = transitions(timeZone, rangeStart, rangeEnd);
  const offsets = [zoneOffsetMinutes(timeZone, rangeStart), ...changes.map((c) => c.to)];
  const standard = Math.min(...offsets);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  const block = (kind: 'STANDARD' | 'DAYLIGHT', at: number, from: number, to: number) => {
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${formatLocal(at, from)}`,
      `TZOFFSETFROM:${formatOffset(from)}`,
      `TZOFFSETTO:${formatOffset(to)}`,
      `END:${kind}`,
    );
  };
  const first = offsets[0] as number;
  block(first > standard ? 'DAYLIGHT' : 'STANDARD', rangeStart, first, first);
  for (const c of changes) block(c.to > standard ? 'DAYLIGHT' : 'STANDARD', c.at, c.from, c.to);
  lines.push('END:VTIMEZONE');
  const text = lines.join('\r\n');
  if (vtimezoneCache.size >= 500) vtimezoneCache.clear();
  vtimezoneCache.set(cacheKey, text);
  return text;
}

/**
 * The .ics text of one event; `timeZone` must be canonical (see canonicalTimeZone) or null.
 *
 * ical-generator renders a plain Date in a TZID with the *process's* local clock, which is wrong
 * on any server not running in that zone. So the start and end are rendered as floating wall-clock
 * times of the zone and then given their TZID, with our VTIMEZONE before the event.
 * A wall time repeated by a fall-back change is ambiguous: RFC 5545 reads it as the first
 * occurrence, some readers (ical.js) as the second; only events starting in that hour differ.
 */
export function eventCalendar(event: CalendarEvent, timeZone: string | null): string {
  const calendar = ical({
    prodId: { company: 'Podium', product: 'Podium events', language: 'EN' },
  });
  const wall = (d: Date) =>
    timeZone ? new Date(d.getTime() + zoneOffsetMinutes(timeZone, d.getTime()) * 60_000) : d;
  calendar.createEvent({
    id: `${event.id}@podium`,
    start: wall(event.start),
    end: wall(event.end),
    floating: timeZone !== null,
    summary: event.title,
    description: event.description ? `${event.description}\n\n${event.url}` : event.url,
    url: event.url,
    location: event.url,
    organizer: { name: event.organizerName || 'Podium', email: 'no-reply@podium.invalid' },
    created: event.createdAt,
    lastModified: event.updatedAt,
    stamp: event.updatedAt,
  });
  const text = calendar.toString();
  if (!timeZone) return text;
  // Property lines start a line; text values cannot, since line breaks inside them are escaped.
  return text
    .replace(/^DTSTART:/m, `DTSTART;TZID=${timeZone}:`)
    .replace(/^DTEND:/m, `DTEND;TZID=${timeZone}:`)
    .replace(/^BEGIN:VEVENT/m, `${vtimezone(timeZone, event.start, event.end)}\r\nBEGIN:VEVENT`);
}
