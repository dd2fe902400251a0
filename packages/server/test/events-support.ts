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

interface ApiLike {
  api(
    path: string,
    init?: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are inspected field by field
}

let personSeq = 0;

export interface SignedIn {
  id: string;
  token: string;
  email: string;
}

/**
 * Signs a new person up and in through the API. The account stays 'verifying': events do not
 * require a verified address.
 */
export async function signUpAndLogin(
  server: ApiLike,
  tag: string,
  fullName = `Host ${tag}`,
): Promise<SignedIn> {
  personSeq += 1;
  const id = `${tag}${personSeq}${Math.random().toString(36).slice(2, 7)}`;
  const email = `${id}@example.test`;
  const password = `pw-${id}-secret`;
  const signup = await server.api('/api/v1/user/signup', {
    body: { email, username: `u_${id}`.slice(0, 32), password, full_name: fullName },
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const login = await server.api('/api/v1/user/session/new', {
    body: { username: email, password },
  });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { id: signup.body.account.id as string, token: login.body.authorization as string, email };
}

/** A start time `hours` from now, whole minutes, as ISO. */
export function hoursFromNow(hours: number): string {
  const t = new Date(Date.now() + hours * 3600_000);
  t.setUTCSeconds(0, 0);
  return t.toISOString();
}
