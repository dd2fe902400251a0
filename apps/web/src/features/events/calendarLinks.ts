/**
 * "Add to calendar" links built in the browser: Google Calendar and Outlook take the event in
 * their URL, so nothing about the event leaves for a third party until the person clicks.
 */

export interface CalendarEvent {
  title: string;
  /** ISO 8601 instants (UTC). */
  start: string;
  end: string;
  /** The invite link, used as location and in the details. */
  link: string;
  description?: string;
}

/** `20260102T030405Z`: Google's UTC basic format. */
export function googleDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${iso}`);
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function details(event: CalendarEvent): string {
  return [event.description?.trim(), event.link].filter(Boolean).join('\n\n');
}

export function googleCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${googleDate(event.start)}/${googleDate(event.end)}`,
    details: details(event),
    location: event.link,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** Outlook on the web's compose deep link; times as UTC ISO instants. */
export function outlookCalendarUrl(event: CalendarEvent): string {
  const iso = (value: string) => new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: iso(event.start),
    enddt: iso(event.end),
    body: details(event),
    location: event.link,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params.toString()}`;
}

/** A safe file name for the event's .ics: the alias is letters, digits and hyphens already. */
export function icsFileName(alias: string): string {
  const safe = alias.replace(/[^A-Za-z0-9-]/g, '') || 'event';
  return `${safe}.ics`;
}
