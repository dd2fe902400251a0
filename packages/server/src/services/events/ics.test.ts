import { describe, expect, it } from 'vitest';
import { parseSingleEvent } from '../../../test/events-support.ts';
import { canonicalTimeZone, eventCalendar, zoneOffsetMinutes } from './ics.ts';

const base = {
  id: '6b1f1e0e-8f6a-4d7c-9a51-0b7f1d2c3e4f',
  title: 'Quarterly review, part 1; budget',
  description: 'Agenda:\n1. numbers\nDTSTART:19700101T000000Z',
  url: 'http://127.0.0.1:1/j/AbCdEf123456',
  organizerName: 'Lan Nguyễn',
  createdAt: new Date('2030-01-01T00:00:00Z'),
  updatedAt: new Date('2030-01-02T00:00:00Z'),
};

describe('eventCalendar', () => {
  it('writes UTC times without a zone', () => {
    const start = new Date('2030-06-01T09:00:00Z');
    const end = new Date('2030-06-01T10:30:00Z');
    const text = eventCalendar({ ...base, start, end }, null);
    expect(text).toContain('DTSTART:20300601T090000Z');
    expect(text).not.toContain('VTIMEZONE');
    const e = parseSingleEvent(text);
    expect(e.zone).toBe('UTC');
    expect(e.start.toISOString()).toBe(start.toISOString());
    expect(e.end.toISOString()).toBe(end.toISOString());
    expect(e.summary).toBe(base.title);
    expect(e.description).toContain('DTSTART:19700101T000000Z');
    expect(e.url).toBe(base.url);
  });

  // Berlin across the spring change, Sydney (southern summer), Kolkata (+05:30, no DST),
  // New York across the autumn change.
  it.each([
    ['Europe/Berlin', '2025-03-30T00:30:00Z', '2025-03-30T02:00:00Z', '2025-03-30T01:30:00'],
    ['Australia/Sydney', '2030-01-15T22:00:00Z', '2030-01-16T00:00:00Z', '2030-01-16T09:00:00'],
    ['Asia/Kolkata', '2030-06-01T03:30:00Z', '2030-06-01T04:30:00Z', '2030-06-01T09:00:00'],
    ['America/New_York', '2030-11-03T04:00:00Z', '2030-11-03T07:00:00Z', '2030-11-03T00:00:00'],
    ['Asia/Ho_Chi_Minh', '2030-06-01T02:00:00Z', '2030-06-01T03:00:00Z', '2030-06-01T09:00:00'],
  ])('in %s the file carries the zone and the right instants', (tz, s, e, local) => {
    const start = new Date(s);
    const end = new Date(e);
    const text = eventCalendar({ ...base, start, end }, tz);
    expect(text).toContain(`DTSTART;TZID=${tz}:`);
    expect(text).toContain(`TZID:${tz}`);
    const parsed = parseSingleEvent(text);
    expect(parsed.zone).toBe(tz);
    expect(parsed.localStart).toBe(local);
    expect(parsed.start.toISOString()).toBe(start.toISOString());
    expect(parsed.end.toISOString()).toBe(end.toISOString());
  });
});

describe('time zones', () => {
  it('knows real zones and refuses others', () => {
    expect(canonicalTimeZone('Asia/Ho_Chi_Minh')).toBe('Asia/Ho_Chi_Minh');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    for (const bad of ['Mars/Olympus', '', '../../etc', 'Europe/Berlin\r\nX:1', 'a'.repeat(100)]) {
      expect(canonicalTimeZone(bad)).toBe(null);
    }
  });

  it('computes offsets', () => {
    expect(zoneOffsetMinutes('Asia/Kolkata', Date.UTC(2030, 0, 1))).toBe(330);
    expect(zoneOffsetMinutes('America/New_York', Date.UTC(2030, 6, 1))).toBe(-240);
    expect(zoneOffsetMinutes('America/New_York', Date.UTC(2030, 0, 1))).toBe(-300);
  });
});
