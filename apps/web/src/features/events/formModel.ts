import {
  EVENT_DEFAULT_DURATION,
  parseDate,
  type AliasDto,
  type CreateAliasInput,
  type EventMode,
  type Language,
  type UpdateAliasInput,
} from '@podium/protocol';

/**
 * The event form's values and their mapping to the API. Times in the form are what Mantine's
 * DateTimePicker holds, `YYYY-MM-DD HH:mm:ss` in the viewer's zone; the API gets UTC instants.
 */
export type Timing = 'instant' | 'scheduled';

export interface SpeakerValues {
  /** Stable React key of the row. */
  key: string;
  name: string;
  email: string;
}

export interface EventFormValues extends Record<string, unknown> {
  title: string;
  passcode: string;
  /**
   * The passcode the event already has ('' for a new one): an event made before the
   * six-character rule may keep its shorter passcode (the server accepts it unchanged).
   */
  storedPasscode: string;
  requirePasscode: boolean;
  description: string;
  timing: Timing;
  start: string | null;
  end: string | null;
  mode: EventMode;
  /** Vanity alias; empty for a random one. */
  name: string;
  joinBeforeHost: boolean;
  speakers: SpeakerValues[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` of `date` in the local zone. */
export function toLocalString(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** An ISO instant from the picker's local string; null when it is not a date. */
export function localToIso(local: string | null | undefined): string | null {
  const date = parseDate(local);
  return date ? date.toISOString() : null;
}

/** The next half hour after `now`, a sensible default start for a scheduled event. */
export function nextHalfHour(now: Date): Date {
  const next = new Date(now);
  next.setSeconds(0, 0);
  next.setMinutes(next.getMinutes() < 30 ? 30 : 60);
  return next;
}

let speakerKeys = 0;
export function newSpeaker(name = '', email = ''): SpeakerValues {
  speakerKeys += 1;
  return { key: `speaker-${speakerKeys}`, name, email };
}

export function emptyEventValues(now: Date, mode: EventMode = 'meeting'): EventFormValues {
  const start = nextHalfHour(now);
  const end = new Date(start.getTime() + EVENT_DEFAULT_DURATION * 60_000);
  return {
    title: '',
    passcode: '',
    storedPasscode: '',
    // Issue 15: a new event asks for no passcode until the host turns the requirement on.
    requirePasscode: false,
    description: '',
    timing: 'scheduled',
    start: toLocalString(start),
    end: toLocalString(end),
    mode,
    name: '',
    joinBeforeHost: false,
    speakers: [],
  };
}

/** The form filled with a stored event, for /app/conferences/:id/edit. */
export function valuesFromEvent(event: AliasDto): EventFormValues {
  return {
    title: event.title,
    passcode: event.passcode ?? '',
    storedPasscode: event.passcode ?? '',
    requirePasscode: event.require_passcode,
    description: event.description ?? '',
    timing: 'scheduled',
    start: toLocalString(new Date(event.start_time)),
    end: toLocalString(new Date(event.end_time)),
    mode: event.mode,
    name: event.name,
    joinBeforeHost: event.join_before_host,
    speakers: event.speakers.map((s) => newSpeaker(s.name, s.email)),
  };
}

function speakersOf(values: EventFormValues) {
  return values.speakers
    .map((s) => ({ name: s.name.trim(), email: s.email.trim() }))
    .filter((s) => s.name || s.email);
}

function times(values: EventFormValues, now: Date) {
  if (values.timing === 'instant') {
    return { start_time: now.toISOString(), duration: EVENT_DEFAULT_DURATION };
  }
  const start = localToIso(values.start);
  const end = localToIso(values.end);
  if (!start) throw new RangeError('the start time is not a date');
  return end
    ? { start_time: start, end_time: end }
    : { start_time: start, duration: EVENT_DEFAULT_DURATION };
}

/** The create body; an instant event starts now. */
export function createRequest(
  values: EventFormValues,
  now: Date,
  lang: Language,
): CreateAliasInput {
  const passcode = values.passcode.trim();
  const name = values.name.trim();
  const description = values.description.trim();
  return {
    type: 'conference',
    title: values.title.trim(),
    ...(description ? { description } : {}),
    ...(passcode ? { passcode } : {}),
    require_passcode: Boolean(passcode) && values.requirePasscode,
    ...times(values, now),
    mode: values.mode,
    ...(name ? { name } : {}),
    speakers: speakersOf(values),
    join_before_host: values.joinBeforeHost,
    lang,
  };
}

/**
 * The update body: every field the form shows, so the stored event ends up as the form says.
 * The link name is sent only when changed (an unchanged one needs no uniqueness check).
 */
export function updateRequest(
  event: Pick<AliasDto, 'id' | 'name'>,
  values: EventFormValues,
  now: Date,
  lang: Language,
): UpdateAliasInput {
  const passcode = values.passcode.trim();
  const name = values.name.trim();
  const t = times(values, now);
  return {
    id: event.id,
    title: values.title.trim(),
    description: values.description.trim(),
    passcode: passcode || null,
    require_passcode: Boolean(passcode) && values.requirePasscode,
    start_time: t.start_time,
    ...('end_time' in t ? { end_time: t.end_time } : { end_time: null, duration: t.duration }),
    mode: values.mode,
    ...(name && name !== event.name ? { name } : {}),
    speakers: speakersOf(values),
    join_before_host: values.joinBeforeHost,
    lang,
  };
}

/** Server field paths → form fields (`speakers.0.email` is the same path in both). */
export const SERVER_FIELD_MAP: Record<string, string> = {
  start_time: 'start',
  end_time: 'end',
  duration: 'end',
  require_passcode: 'passcode',
  join_before_host: 'joinBeforeHost',
};

export function formField(serverField: string): string {
  return SERVER_FIELD_MAP[serverField] ?? serverField;
}
