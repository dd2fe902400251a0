import { z } from 'zod';
import type { Language } from '../limits.ts';
import {
  ALIAS_TYPES,
  type AliasType,
  EVENT_MODES,
  type EventMode,
  PARTICIPANT_ROLES,
  type ParticipantRole,
  type JoinRole,
  EVENT_TITLE_MAX,
  EVENT_DESCRIPTION_MAX,
  EVENT_PASSCODE_MIN,
  EVENT_PASSCODE_LEGACY_MIN,
  EVENT_PASSCODE_MAX,
  EVENT_DURATION_MIN,
  EVENT_DURATION_MAX,
  EVENT_SPEAKERS_MAX,
  ALIAS_NAME_MIN,
  ALIAS_NAME_MAX,
  ALIAS_LIST_DEFAULT_LIMIT,
  ALIAS_LIST_MAX_LIMIT,
  eventMessages,
  type EventMessageKey,
} from './events-messages.ts';
export * from './events-messages.ts';

/**
 * Events (conference aliases) of spec §3 and §7 "QR code/conference": the request schemas the
 * server validates with, the answers it sends, and the invitation template that both the server
 * (mailed invitations) and the web app (mailto / Gmail / Outlook compose) use.
 */

const en = (key: EventMessageKey): string => eventMessages[key].en;

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Reads an ISO 8601 date-time that names its zone (`Z` or an offset), years 1970–9999.
 * SECURITY/correctness: a time without a zone would be read in the server's zone, so it is
 * refused rather than guessed.
 */
export function parseIsoDateTime(value: string): Date | null {
  const m = ISO_DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((p) => Number(p ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (y < 1970 || mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59) return null;
  if (d < 1 || d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null;
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  const zone = (m[8] ?? 'Z').toUpperCase();
  let offsetMin = 0;
  if (zone !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2));
    if (oh > 14 || om > 59) return null;
    offsetMin = (zone.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMin * 60_000);
}

/** An ISO 8601 date-time string with a zone; parses to a `Date`. */
export const isoDateTime = z
  .string({ error: en('events.invalid_date') })
  .max(40, en('events.invalid_date'))
  .transform((value, ctx) => {
    const date = parseIsoDateTime(value);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: en('events.invalid_date') });
      return z.NEVER;
    }
    return date;
  });

/** Control characters (NUL above all, which PostgreSQL text cannot hold) have no place here. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001F\u007F]/;
/** Multi-line text keeps line breaks and tabs. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const singleLine = (s: string) => !CONTROL_CHARS.test(s);
const multiLine = (s: string) => !CONTROL_CHARS_MULTILINE.test(s);

export const aliasNameSchema = z
  .string({ error: en('events.alias_format') })
  .trim()
  .min(ALIAS_NAME_MIN, en('events.alias_format'))
  .max(ALIAS_NAME_MAX, en('events.alias_format'))
  .regex(/^[A-Za-z0-9-]+$/, en('events.alias_format'));

const personName = z
  .string({ error: en('events.name_required') })
  .trim()
  .min(1, en('events.name_required'))
  .max(100, en('events.name_too_long'))
  .refine(singleLine, en('events.invalid_characters'));
const personEmail = z
  .string({ error: en('events.invalid_email') })
  .trim()
  .toLowerCase()
  .max(254, en('events.invalid_email'))
  .email(en('events.invalid_email'));

export const speakerSchema = z.object({ name: personName, email: personEmail });
export type Speaker = z.infer<typeof speakerSchema>;

const speakersSchema = z
  .array(speakerSchema, { error: en('events.fill_out_field') })
  .max(EVENT_SPEAKERS_MAX, en('events.speakers_too_many'))
  .superRefine((speakers, ctx) => {
    const seen = new Set<string>();
    speakers.forEach((s, i) => {
      if (seen.has(s.email)) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'email'],
          message: en('events.speaker_duplicate'),
        });
      }
      seen.add(s.email);
    });
  });

export const eventTitleSchema = z
  .string({ error: en('events.fill_out_field') })
  .trim()
  .min(1, en('events.fill_out_field'))
  .max(EVENT_TITLE_MAX, en('events.title_too_long'))
  .refine(singleLine, en('events.invalid_characters'));
const descriptionSchema = z
  .string({ error: en('events.description_too_long') })
  .max(EVENT_DESCRIPTION_MAX, en('events.description_too_long'))
  .refine(multiLine, en('events.invalid_characters'));
/**
 * Empty or null clears the passcode. `min` is EVENT_PASSCODE_MIN for new events; an update may
 * resend an older event's shorter passcode (the server refuses a changed one below the minimum).
 */
const passcodeSchema = (min: number) =>
  z
    .string({ error: en('events.passcode_length') })
    .max(EVENT_PASSCODE_MAX, en('events.passcode_length'))
    .refine((p) => p === '' || p.length >= min, en('events.passcode_length'))
    .refine((p) => !/\s/.test(p), en('events.passcode_spaces'))
    .refine(singleLine, en('events.invalid_characters'))
    .nullable();
export const eventPasscodeSchema = passcodeSchema(EVENT_PASSCODE_LEGACY_MIN);
export const newEventPasscodeSchema = passcodeSchema(EVENT_PASSCODE_MIN);
const durationSchema = z
  .number({ error: en('events.duration_range') })
  .int(en('events.duration_range'))
  .min(EVENT_DURATION_MIN, en('events.duration_range'))
  .max(EVENT_DURATION_MAX, en('events.duration_range'));
const langSchema = z.enum(['en', 'vi']);

/** Fields shared by create and update, each optional; cross-field rules are below. */
const aliasFields = {
  type: z.enum(ALIAS_TYPES, { error: en('events.invalid_type') }),
  title: eventTitleSchema,
  description: descriptionSchema.nullable(),
  passcode: eventPasscodeSchema,
  require_passcode: z.boolean(),
  start_time: isoDateTime,
  end_time: isoDateTime.nullable(),
  duration: durationSchema,
  mode: z.enum(EVENT_MODES, { error: en('events.invalid_mode') }),
  name: aliasNameSchema,
  speakers: speakersSchema,
  join_before_host: z.boolean(),
  expired_at: isoDateTime.nullable(),
  /** Language of the invitation mails this request sends; English unless given. */
  lang: langSchema,
};

/** POST /api/account/qrcode/create and GraphQL create_alias. */
export const createAliasRequest = z
  .object({
    type: aliasFields.type.default('conference'),
    title: aliasFields.title,
    description: aliasFields.description.optional(),
    passcode: newEventPasscodeSchema.optional(),
    require_passcode: aliasFields.require_passcode.optional(),
    start_time: aliasFields.start_time,
    end_time: aliasFields.end_time.optional(),
    duration: aliasFields.duration.optional(),
    mode: aliasFields.mode.default('meeting'),
    name: aliasFields.name.optional(),
    speakers: aliasFields.speakers.optional(),
    join_before_host: aliasFields.join_before_host.optional(),
    expired_at: aliasFields.expired_at.optional(),
    lang: aliasFields.lang.optional(),
  })
  .superRefine((body, ctx) => {
    for (const issue of scheduleIssues({
      start: body.start_time,
      end: body.end_time ?? null,
      duration: body.duration,
      passcode: body.passcode ?? null,
      requirePasscode: body.require_passcode,
    })) {
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    }
  });
export type CreateAliasInput = z.input<typeof createAliasRequest>;
export type CreateAliasRequest = z.output<typeof createAliasRequest>;

/**
 * POST /api/account/qrcode/update: the id plus any create field. The server checks the
 * cross-field rules again against the stored event merged with the change.
 */
export const updateAliasRequest = z.object({
  id: z
    .string({ error: en('events.fill_out_field') })
    .min(1, en('events.fill_out_field'))
    .max(64),
  type: aliasFields.type.optional(),
  title: aliasFields.title.optional(),
  description: aliasFields.description.optional(),
  passcode: aliasFields.passcode.optional(),
  require_passcode: aliasFields.require_passcode.optional(),
  start_time: aliasFields.start_time.optional(),
  end_time: aliasFields.end_time.optional(),
  duration: aliasFields.duration.optional(),
  mode: aliasFields.mode.optional(),
  name: aliasFields.name.optional(),
  speakers: aliasFields.speakers.optional(),
  join_before_host: aliasFields.join_before_host.optional(),
  expired_at: aliasFields.expired_at.optional(),
  lang: aliasFields.lang.optional(),
});
export type UpdateAliasInput = z.input<typeof updateAliasRequest>;
export type UpdateAliasRequest = z.output<typeof updateAliasRequest>;

export interface ScheduleIssue {
  field: 'end_time' | 'duration' | 'passcode';
  message: string;
}

/**
 * The cross-field rules of an event: the end after the start, at most a day long, a passcode
 * when one is required. `end` wins over `duration` when both are given.
 */
export function scheduleIssues(e: {
  start: Date;
  end: Date | null;
  duration: number | undefined;
  passcode: string | null;
  requirePasscode: boolean | undefined;
}): ScheduleIssue[] {
  const issues: ScheduleIssue[] = [];
  if (e.end) {
    const minutes = (e.end.getTime() - e.start.getTime()) / 60_000;
    if (minutes <= 0) issues.push({ field: 'end_time', message: en('events.end_before_start') });
    else if (minutes > EVENT_DURATION_MAX) {
      issues.push({ field: 'end_time', message: en('events.duration_range') });
    }
  }
  if (e.requirePasscode === true && !e.passcode) {
    issues.push({ field: 'passcode', message: en('events.passcode_required') });
  }
  return issues;
}

export const deleteAliasRequest = z.object({
  id: z
    .string({ error: en('events.fill_out_field') })
    .min(1, en('events.fill_out_field'))
    .max(64),
});

/** Cursor paging; `after` continues from the previous page's metadata.after. */
export const listAliasesRequest = z.object({
  type: aliasFields.type.optional(),
  after: z.string().max(512, en('events.invalid_cursor')).nullish(),
  before: z.string().max(512, en('events.invalid_cursor')).nullish(),
  limit: z.coerce
    .number({ error: en('events.limit_range') })
    .int(en('events.limit_range'))
    .min(1, en('events.limit_range'))
    .max(ALIAS_LIST_MAX_LIMIT, en('events.limit_range'))
    .default(ALIAS_LIST_DEFAULT_LIMIT),
  search: z
    .string()
    .trim()
    .max(200, en('events.too_long'))
    .refine(singleLine, en('events.invalid_characters'))
    .optional(),
});
export type ListAliasesRequest = z.output<typeof listAliasesRequest>;

/** `alias` is the link name (or, on owner endpoints, also the id). */
const aliasRef = z
  .string({ error: en('events.fill_out_field') })
  .trim()
  .min(1, en('events.fill_out_field'))
  .max(200, en('events.too_long'));

export const aliasQuery = z.object({ alias: aliasRef });
export const aliasLookupRequest = z
  .object({ id: z.string().max(64).optional(), name: z.string().max(200).optional() })
  .refine((v) => v.id || v.name, { message: en('events.fill_out_field'), path: ['id'] });

export const detailQuery = z.object({
  alias: aliasRef,
  authorize_data: z.string().max(4096).optional(),
  join_type: z.string().max(64).optional(),
  user_identity: z.string().max(256).optional(),
});

/**
 * A guest browser's own random key (kept in localStorage): a block of the guest then holds for
 * this browser too, whatever ticket it comes back with.
 */
export const guestKeyField = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const verifyCallRequest = z.object({
  alias: aliasRef,
  passcode: z.string().max(256).nullish(),
  /** The `speaker` query value of a speaker link. */
  speaker: z.string().max(512).nullish(),
  /** The `host` query value of a host link (GET host/url). */
  host: z.string().max(2048).nullish(),
  display_name: z
    .string()
    .trim()
    .max(100, en('events.name_too_long'))
    .refine(singleLine, en('events.invalid_characters'))
    .nullish(),
  /**
   * Also answer with the live room's socket credentials (`socket`, as `POST /member/v1/auth`
   * would give for the ticket): the room then needs no second round trip (issue 11 item 3).
   */
  socket: z.boolean().optional(),
  /** With `socket`: the guest browser's key, as `POST /member/v1/auth` takes it. */
  guest_key: guestKeyField.optional(),
});
export type VerifyCallRequest = z.output<typeof verifyCallRequest>;

export const calendarQuery = z.object({
  alias: aliasRef,
  tz: z.string().trim().max(64, en('events.invalid_time_zone')).optional(),
});

export const participantAddRequest = z.object({
  alias: aliasRef,
  name: personName,
  email: personEmail,
  role: z.enum(PARTICIPANT_ROLES).default('participant'),
  lang: langSchema.optional(),
});
export const participantRemoveRequest = z.object({
  alias: aliasRef,
  id: z
    .string({ error: en('events.fill_out_field') })
    .min(1)
    .max(64),
});

// ---------- Answers ----------

export interface AliasOwnerDto {
  id: string;
  name: string;
}

/** An event as its owner sees it. */
export interface AliasDto {
  id: string;
  type: AliasType;
  name: string;
  title: string;
  description: string;
  require_passcode: boolean;
  /** Only in answers to the owner; absent everywhere else. */
  passcode?: string | null;
  start_time: string;
  end_time: string;
  /** Minutes. */
  duration: number;
  mode: EventMode;
  join_before_host: boolean;
  invite_link: string;
  speaker_link: string;
  speakers: Speaker[];
  expired_at: string | null;
  owner: AliasOwnerDto;
  created_at: string;
  updated_at: string;
}

export interface AliasListMetadata {
  after: string | null;
  before: string | null;
  total_count: number;
}
export interface AliasListResponse {
  entries: AliasDto[];
  metadata: AliasListMetadata;
}

/** Public answer of short-detail: what a join page may show to anyone holding the link. */
export interface AliasShortDetail {
  name: string;
  type: AliasType;
  title: string;
  start_time: string;
  end_time: string;
  duration: number;
  mode: EventMode;
  require_passcode: boolean;
  join_before_host: boolean;
  expired: boolean;
  expired_at: string | null;
  owner_name: string;
}

/** detail: adds what only admitted people see when authorize_data is a valid join ticket. */
export interface AliasDetail extends AliasShortDetail {
  authorized: boolean;
  description?: string;
  /** Names only: speakers' addresses are not shown to attendees. */
  speakers?: Array<{ name: string }>;
}

export interface VerifyCallResponse {
  /** Signed, short-lived join ticket for the live room (and for detail's authorize_data). */
  ticket: string;
  expires_at: string;
  role: JoinRole;
  display_name: string | null;
  alias: AliasShortDetail;
}

export interface ParticipantDto {
  id: string;
  name: string;
  email: string;
  role: ParticipantRole;
  invited_at: string | null;
  created_at: string;
}

export interface UrlResponse {
  url: string;
}

// ---------- Invitation template (spec §3) ----------

export interface InvitationValues {
  senderName: string;
  eventName: string;
  eventLink: string;
}

const oneLine = (s: string): string => s.replace(/[\r\n]+/g, ' ').trim();

/**
 * The email invitation template: subject and body with the sender name, event name and event
 * link. The server mails it; the web app fills mailto / Gmail / Outlook compose with it.
 */
export function invitationTemplate(
  lang: Language,
  values: InvitationValues,
): { subject: string; body: string } {
  const sender = oneLine(values.senderName) || (lang === 'vi' ? 'Một người bạn' : 'Someone');
  const event = oneLine(values.eventName);
  const link = oneLine(values.eventLink);
  switch (lang) {
    case 'en':
      return {
        subject: `${sender} invited you to "${event}"`,
        body: [
          'Hello,',
          '',
          `${sender} is inviting you to join "${event}".`,
          '',
          `Join the event: ${link}`,
          '',
          'See you there!',
        ].join('\n'),
      };
    case 'vi':
      return {
        subject: `${sender} mời bạn tham gia "${event}"`,
        body: [
          'Xin chào,',
          '',
          `${sender} mời bạn tham gia "${event}".`,
          '',
          `Tham gia sự kiện: ${link}`,
          '',
          'Hẹn gặp bạn!',
        ].join('\n'),
      };
    default: {
      const never: never = lang;
      throw new Error(`unknown language ${String(never)}`);
    }
  }
}
