import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, googleDate, icsFileName, outlookCalendarUrl } from './calendarLinks.ts';

const event = {
  title: 'Họp quý & review',
  start: '2026-03-02T03:00:00.000Z',
  end: '2026-03-02T04:30:00.000Z',
  link: 'https://podium.example/j/aB3dE5fG7hJ9',
  description: 'Agenda: numbers',
};

describe('calendar links', () => {
  it('Google: UTC basic dates, title, details with the link, location', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Họp quý & review');
    expect(url.searchParams.get('dates')).toBe('20260302T030000Z/20260302T043000Z');
    expect(url.searchParams.get('details')).toBe(`Agenda: numbers\n\n${event.link}`);
    expect(url.searchParams.get('location')).toBe(event.link);
  });

  it('Outlook: compose deep link with ISO instants', () => {
    const url = new URL(outlookCalendarUrl({ ...event, description: '' }));
    expect(url.origin + url.pathname).toBe('https://outlook.live.com/calendar/0/deeplink/compose');
    expect(url.searchParams.get('rru')).toBe('addevent');
    expect(url.searchParams.get('subject')).toBe(event.title);
    expect(url.searchParams.get('startdt')).toBe('2026-03-02T03:00:00Z');
    expect(url.searchParams.get('enddt')).toBe('2026-03-02T04:30:00Z');
    expect(url.searchParams.get('body')).toBe(event.link);
  });

  it('converts offsets to UTC and refuses non-dates', () => {
    expect(googleDate('2026-03-02T10:00:00+07:00')).toBe('20260302T030000Z');
    expect(() => googleDate('tomorrow')).toThrow(RangeError);
  });

  it('names the .ics after the alias, keeping only safe characters', () => {
    expect(icsFileName('team-weekly')).toBe('team-weekly.ics');
    expect(icsFileName('../../etc')).toBe('etc.ics');
    expect(icsFileName('')).toBe('event.ics');
  });
});
