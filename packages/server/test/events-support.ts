import ICAL from 'ical.js';

export interface ParsedEvent {
  summary: string;
  description: string;
  url: string;
  /** TZID of DTSTART, or 'UTC' for 'Z' times. */
  zone: string;
  start: Date;
  end: Date;
  /** Wall-clock start as written in the file, e.g. 2030-06-01T09:00:00. */
  localStart: string;
}

/**
 * Parses an .ics with ical.js (a real iCalendar reader) and returns its single event, its times
 * converted to instants through the file's own VTIMEZONE.
 */
export function parseSingleEvent(text: string): ParsedEvent {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const vtz of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(vtz));
  }
  const vevents = calendar.getAllSubcomponents('vevent');
  if (vevents.length !== 1) throw new Error(`expected one VEVENT, found ${vevents.length}`);
  const event = new ICAL.Event(vevents[0]);
  const dtstart = vevents[0]!.getFirstProperty('dtstart');
  const tzid = dtstart?.getParameter('tzid');
  const zone = typeof tzid === 'string' ? tzid : event.startDate.zone?.tzid === 'UTC' ? 'UTC' : '';
  return {
    summary: event.summary,
    description: event.description,
    url: String(vevents[0]!.getFirstPropertyValue('url') ?? ''),
    zone,
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    localStart: event.startDate.toString(),
  };
}

export { hoursFromNow, signUpAndLogin, type SignedIn } from '../src/test-support/api.ts';
