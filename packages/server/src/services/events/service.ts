import crypto from 'node:crypto';
import type { Logger } from 'pino';
import {
  EVENT_DEFAULT_DURATION,
  EVENT_PASSCODE_MIN,
  EVENT_PARTICIPANTS_MAX,
  EVENT_SPEAKERS_MAX,
  VERIFY_CALL_MAX_FAILURES,
  VERIFY_CALL_WINDOW_MS,
  eventMessages,
  scheduleIssues,
  type AliasDetail,
  type AliasDto,
  type AliasListResponse,
  type AliasShortDetail,
  type CreateAliasRequest,
  type JoinRole,
  type Language,
  type NotificationInput,
  type ListAliasesRequest,
  type ParticipantDto,
  type ParticipantRole,
  type UpdateAliasRequest,
  type UrlResponse,
  type VerifyCallRequest,
  type VerifyCallResponse,
} from '@podium/protocol';
import type { Config } from '../../config.ts';
import type { Db } from '../../store/db.ts';
import type { AliasParticipantRow, AliasRow } from '../../store/schema.ts';
import type { AuthAccount } from '../auth-account.ts';
import type { Mailer } from '../mail.ts';
import type { Secrets } from '../secrets.ts';
import { isReservedAliasName, randomAliasName } from './alias-name.ts';
import {
  aliasTaken,
  eventExpired,
  eventNotFound,
  invalidFields,
  invalidLink,
  invalidPasscode,
  isUniqueViolation,
  noPermission,
  participantExists,
  participantNotFound,
  TooManyFailures,
  invitationQuotaSpent,
  unconfirmedSender,
} from './errors.ts';
import { canonicalTimeZone, eventCalendar } from './ics.ts';
import { InvitationSender, type Invitee } from './invitations.ts';
import { invitationOptOuts } from '../accounts/settings.ts';
import * as repo from './repository.ts';
import type { FailureCounter, Marks, SharedCounters } from '../../cluster/ports.ts';
import { LocalCounters } from '../../cluster/local.ts';
import { ShortCache, deepFreeze } from '../../shared/short-cache.ts';
import { PasscodeGuard } from './passcode-guard.ts';
import { copyDefaultsToEvent } from '../studio/repository.ts';
import {
  signHostToken,
  signJoinTicket,
  speakerToken,
  verifyHostToken,
  verifyJoinTicket,
  verifySpeakerToken,
  type JoinTicket,
} from './tickets.ts';

export interface EventsServiceOptions {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: Logger;
  secrets: Secrets;
  now?: () => number;
  /** Invitees who have an account also get a notification (the notification center). */
  notifications?: InvitationNotifier;
  /** Where the passcode throttles count: this process by default, every node with REDIS_URL. */
  counters?: SharedCounters;
}

/** What the invitation and passcode-guessing hooks need of the notifications service. */
export interface InvitationNotifier {
  accountIdByEmail(email: string): Promise<string | null>;
  notify(
    accountId: string,
    input: Extract<NotificationInput, { kind: 'invitation' | 'passcode_guessing' }>,
  ): Promise<unknown>;
}

/** An owner hears of passcode guessing on one event at most this often (repeats collapse). */
const GUESSING_NOTICE_INTERVAL_MS = 60 * 60_000;

/** Who is calling a public endpoint. */
export interface Caller {
  account: AuthAccount | null;
  /** Client address, for throttling. */
  ip: string;
}

/** What `admit` let in: the answer of verify-call and what it was decided on. */
export interface Admission {
  response: VerifyCallResponse;
  /** The event, as read (and found unexpired) for this admission. */
  row: AliasRow;
  /** The contents of `response.ticket`. */
  ticket: JoinTicket;
  /** The owner's full name (as signal credentials name an owner who joins through the host link). */
  ownerName: string | null;
}

const NAME_CONSTRAINT = 'aliases_name_key';
const PARTICIPANT_EMAIL_CONSTRAINT = 'alias_participants_email_key';
const msg = (key: keyof typeof eventMessages) => eventMessages[key].en;

interface CursorValue {
  startTime: Date;
  id: string;
}

function encodeCursor(row: Pick<AliasRow, 'startTime' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.startTime.toISOString(), row.id])).toString('base64url');
}

/** SECURITY: a cursor only positions within the caller's own rows; its values are checked. */
function decodeCursor(value: string): CursorValue | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [start, id] = parsed as unknown[];
    if (typeof start !== 'string' || typeof id !== 'string') return null;
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
    const startTime = new Date(start);
    if (Number.isNaN(startTime.getTime()) || startTime.toISOString() !== start) return null;
    return { startTime, id };
  } catch {
    return null;
  }
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();

/** SECURITY: compares digests in constant time, so timing leaks nothing about the passcode. */
function passcodeMatches(stored: string | null, given: string | null | undefined): boolean {
  if (!stored || typeof given !== 'string') return false;
  return crypto.timingSafeEqual(sha256(stored), sha256(given));
}

/**
 * How long an owner's first page of the list is answered from memory. SECURITY/consistency: the
 * owner's own writes through this process forget it at once (`forgetLists`); with several nodes
 * (REDIS_URL) a write on another node is not announced here, so this TTL is the bound on how long
 * another node's change can stay unseen — one second, the bound a revocation made elsewhere has
 * (TOKEN_CACHE_TTL_MS). Not invalidated over Redis: a message per write for a one-second cache.
 */
export const LIST_CACHE_TTL_MS = 1000;
/**
 * A kept list asked for within this long of its expiry is read again in the background while it
 * still answers (ShortCache's refresh-ahead): at each expiry every request in flight waited on the
 * list's statement and the building of its page, the benchmark's slowest answers. Long enough for
 * that read to finish under load (5–55 ms measured at load 10–20), short against the TTL.
 */
const LIST_REFRESH_AHEAD_MS = 250;
/** Owners whose lists are kept at most; the oldest go first. */
const LIST_CACHE_MAX_OWNERS = 10_000;

const minutesBetween = (start: Date, end: Date) =>
  Math.round((end.getTime() - start.getTime()) / 60_000);

/**
 * Events (conference aliases): create, edit, list and share them; the public join checks.
 * Every owner operation checks ownership here, so REST and GraphQL behave the same.
 */

/** Refuses a schedule or passcode combination the event rules forbid, naming every bad field. */
function assertSchedule(schedule: Parameters<typeof scheduleIssues>[0]): void {
  const issues = scheduleIssues(schedule);
  if (issues.length) {
    throw invalidFields(Object.fromEntries(issues.map((i) => [i.field, i.message])));
  }
}

export class EventsService {
  #config: Config;
  #db: Db;
  #log: Logger;
  #secrets: Secrets;
  #now: () => number;
  #invitations: InvitationSender;
  #notifier: InvitationNotifier | null;
  #throttle: FailureCounter;
  #guard: PasscodeGuard;
  /** Events whose owner was told of passcode guessing within the hour (on any node). */
  #guessingNotices: Marks;
  /** The owner's first pages of the list, for a second (LIST_CACHE_TTL_MS). */
  #lists: ShortCache<AliasListResponse>;

  constructor(options: EventsServiceOptions) {
    this.#config = options.config;
    this.#db = options.db;
    this.#log = options.log.child({ domain: 'events' });
    this.#secrets = options.secrets;
    this.#now = options.now ?? Date.now;
    this.#invitations = new InvitationSender(options.mailer, this.#log);
    this.#notifier = options.notifications ?? null;
    const counters = options.counters ?? new LocalCounters();
    this.#throttle = counters.failures('verify-call', {
      max: VERIFY_CALL_MAX_FAILURES,
      windowMs: VERIFY_CALL_WINDOW_MS,
      now: this.#now,
    });
    this.#guessingNotices = counters.marks('passcode-guessing-notice', { now: this.#now });
    this.#lists = new ShortCache({
      now: this.#now,
      ttlMs: LIST_CACHE_TTL_MS,
      maxOwners: LIST_CACHE_MAX_OWNERS,
      refreshAheadMs: LIST_REFRESH_AHEAD_MS,
    });
    this.#guard = new PasscodeGuard({
      max: this.#config.verifyCall.eventMaxFailures,
      windowMs: VERIFY_CALL_WINDOW_MS,
      backoffMs: this.#config.verifyCall.eventBackoffMs,
      now: this.#now,
      counters,
    });
  }

  /**
   * Forgets the owner's cached lists: called after every write to anything the list shows (the
   * owner's events, their speakers, the owner's name — services/index.ts wires account changes).
   */
  forgetLists(ownerId: string): void {
    this.#lists.forget(ownerId);
  }

  #key(): Promise<Buffer> {
    return this.#secrets.get('join_ticket_key');
  }

  inviteLink(name: string): string {
    return `${this.#config.publicUrl}/j/${encodeURIComponent(name)}`;
  }

  async #speakerLink(row: AliasRow): Promise<string> {
    const token = speakerToken(await this.#key(), row.id, row.speakerKey);
    return `${this.inviteLink(row.name)}?speaker=${token}`;
  }

  /** `speakers`: the event's speakers, in their order. */
  async #toDto(
    row: AliasRow,
    speakers: readonly repo.SpeakerName[],
    ownerName: string,
  ): Promise<AliasDto> {
    return {
      id: row.id,
      type: row.type,
      name: row.name,
      title: row.title,
      description: row.description,
      require_passcode: row.requirePasscode,
      passcode: row.passcode,
      start_time: row.startTime.toISOString(),
      end_time: row.endTime.toISOString(),
      duration: minutesBetween(row.startTime, row.endTime),
      mode: row.mode,
      join_before_host: row.joinBeforeHost,
      invite_link: this.inviteLink(row.name),
      speaker_link: await this.#speakerLink(row),
      speakers: speakers.map((s) => ({ name: s.name, email: s.email })),
      expired_at: row.expiredAt?.toISOString() ?? null,
      owner: { id: row.ownerId, name: ownerName },
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async #ownedDto(row: AliasRow): Promise<AliasDto> {
    const [speakers, owner] = await Promise.all([
      repo.participantsOf(this.#db, [row.id], 'speaker'),
      repo.ownerNames(this.#db, row.ownerId),
    ]);
    return this.#toDto(row, speakers, owner.full);
  }

  #isExpired(row: AliasRow): boolean {
    return row.expiredAt !== null && row.expiredAt.getTime() <= this.#now();
  }

  #shortDetail(row: AliasRow, ownerName: string): AliasShortDetail {
    return {
      name: row.name,
      type: row.type,
      title: row.title,
      start_time: row.startTime.toISOString(),
      end_time: row.endTime.toISOString(),
      duration: minutesBetween(row.startTime, row.endTime),
      mode: row.mode,
      require_passcode: row.requirePasscode,
      join_before_host: row.joinBeforeHost,
      expired: this.#isExpired(row),
      expired_at: row.expiredAt?.toISOString() ?? null,
      owner_name: ownerName,
    };
  }

  /** The alias `ref` (id or name) when `account` owns it: 404 when unknown, 403 when foreign. */
  async #owned(account: AuthAccount, ref: string): Promise<AliasRow> {
    const row = await repo.findAliasByRef(this.#db, ref);
    if (!row) throw eventNotFound();
    if (row.ownerId !== account.id) throw noPermission();
    return row;
  }

  async #checkName(name: string, exceptId?: string): Promise<void> {
    if (isReservedAliasName(name)) throw invalidFields({ name: msg('events.alias_format') });
    if (await repo.aliasNameExists(this.#db, name, exceptId)) throw aliasTaken();
  }

  async #invite(
    row: AliasRow,
    people: Array<{ name: string; email: string; role: ParticipantRole; id: string }>,
    lang: Language,
    senderName: string,
  ): Promise<void> {
    if (!people.length) return;
    const speakerLink = await this.#speakerLink(row);
    const invitees: Invitee[] = people.map((p) => ({
      name: p.name,
      email: p.email,
      link: p.role === 'speaker' ? speakerLink : this.inviteLink(row.name),
    }));
    // Privacy (account settings): people who turned invitation mails off are not mailed.
    const optedOut = await invitationOptOuts(
      this.#db,
      invitees.map((i) => i.email),
    );
    const mailed = invitees.filter((i) => !optedOut.has(i.email.trim().toLowerCase()));
    this.#invitations.send(lang, senderName, row.title, mailed, { aliasId: row.id });
    await repo.markInvited(
      this.#db,
      people.map((p) => p.id),
      new Date(this.#now()),
    );
    await this.#notifyInvited(row, people, senderName);
  }

  /**
   * SECURITY: Podium mails invitees in the sender's name, so only an account that proved an
   * address may do it, and at most INVITATIONS_PER_DAY mails a day (issue 10: unconfirmed
   * accounts relayed mail). Inside the request's transaction, so a refusal saves nothing.
   */
  async #mayMail(db: Db, accountId: string, count: number): Promise<void> {
    if (count === 0) return;
    if (!(await repo.senderConfirmed(db, accountId))) throw unconfirmedSender();
    const perDay = this.#config.invitationsPerDay;
    if (!(await repo.reserveInvitations(db, accountId, count, perDay, new Date(this.#now())))) {
      throw invitationQuotaSpent();
    }
  }

  /** Invitees with an account (by e-mail) see the invitation in their notification center too. */
  async #notifyInvited(
    row: AliasRow,
    people: Array<{ email: string }>,
    senderName: string,
  ): Promise<void> {
    const notifier = this.#notifier;
    if (!notifier) return;
    const data = {
      alias: row.name,
      title: row.title,
      host_name: senderName,
      start_time: row.startTime.toISOString(),
    };
    for (const email of new Set(people.map((p) => p.email.trim().toLowerCase()))) {
      try {
        const accountId = await notifier.accountIdByEmail(email);
        // The owner inviting their own address needs no notice of it.
        if (accountId && accountId !== row.ownerId) {
          await notifier.notify(accountId, { kind: 'invitation', data });
        }
      } catch (error) {
        // The event and its mail stand whatever happens to the notice.
        this.#log.warn({ err: error, aliasId: row.id }, 'invitation notification failed');
      }
    }
  }

  // ---------- Owner operations ----------

  async create(account: AuthAccount, input: CreateAliasRequest): Promise<AliasDto> {
    if (input.name) await this.#checkName(input.name);
    const start = input.start_time;
    const end =
      input.end_time ??
      new Date(start.getTime() + (input.duration ?? EVENT_DEFAULT_DURATION) * 60_000);
    const passcode = input.passcode ? input.passcode : null;
    const requirePasscode = input.require_passcode ?? passcode !== null;
    assertSchedule({ start, end, duration: input.duration, passcode, requirePasscode });

    // A random name colliding is astronomically unlikely, but a retry costs nothing.
    for (let attempt = 0; ; attempt++) {
      const name = input.name ?? randomAliasName();
      try {
        const { row, speakers } = await this.#db.transaction(async (tx) => {
          const row = await repo.insertAlias(tx, {
            id: crypto.randomUUID(),
            ownerId: account.id,
            type: input.type,
            name,
            title: input.title,
            description: input.description ?? '',
            passcode,
            requirePasscode,
            startTime: start,
            endTime: end,
            mode: input.mode,
            joinBeforeHost: input.join_before_host ?? false,
            speakerKey: crypto.randomBytes(16).toString('base64url'),
            expiredAt: input.expired_at ?? null,
          });
          const speakers = await repo.replaceSpeakers(tx, row.id, input.speakers ?? []);
          // The owner's studio defaults (/app/customize_conference) apply to each new event.
          await copyDefaultsToEvent(tx, row.id, account.id);
          await this.#mayMail(tx, account.id, speakers.length);
          return { row, speakers };
        });
        this.forgetLists(account.id);
        const owner = await repo.ownerNames(this.#db, account.id);
        await this.#invite(row, speakers, input.lang ?? 'en', owner.full);
        this.#log.info({ aliasId: row.id, ownerId: account.id }, 'event created');
        return this.#toDto(row, speakers, owner.full);
      } catch (error) {
        if (!isUniqueViolation(error, NAME_CONSTRAINT)) throw error;
        if (input.name) throw aliasTaken();
        if (attempt >= 4) throw error;
      }
    }
  }

  async update(account: AuthAccount, input: UpdateAliasRequest): Promise<AliasDto> {
    const row = await this.#owned(account, input.id);
    if (input.name !== undefined && input.name.toLowerCase() !== row.name.toLowerCase()) {
      await this.#checkName(input.name, row.id);
    }
    const start = input.start_time ?? row.startTime;
    let end: Date;
    if (input.end_time) end = input.end_time;
    else if (input.duration !== undefined)
      end = new Date(start.getTime() + input.duration * 60_000);
    else if (input.end_time === null) {
      end = new Date(start.getTime() + EVENT_DEFAULT_DURATION * 60_000);
    } else {
      // Moving the start keeps the event's length.
      end = new Date(start.getTime() + (row.endTime.getTime() - row.startTime.getTime()));
    }
    const passcode =
      input.passcode === undefined ? row.passcode : input.passcode ? input.passcode : null;
    // An older event keeps its shorter passcode; a new or changed one needs the full length.
    if (passcode !== null && passcode !== row.passcode && passcode.length < EVENT_PASSCODE_MIN) {
      throw invalidFields({ passcode: msg('events.passcode_length') });
    }
    const requirePasscode =
      input.require_passcode ??
      (input.passcode === undefined ? row.requirePasscode && passcode !== null : passcode !== null);
    assertSchedule({ start, end, duration: input.duration, passcode, requirePasscode });

    const patch: repo.AliasPatch = {
      startTime: start,
      endTime: end,
      passcode,
      requirePasscode,
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description ?? '' } : {}),
      ...(input.mode !== undefined ? { mode: input.mode } : {}),
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.join_before_host !== undefined ? { joinBeforeHost: input.join_before_host } : {}),
      ...(input.expired_at !== undefined ? { expiredAt: input.expired_at } : {}),
    };
    let result: { row: AliasRow; added: AliasParticipantRow[] };
    try {
      result = await this.#db.transaction(async (tx) => {
        const updated = await repo.updateAlias(tx, row.id, patch);
        const added = input.speakers ? await repo.replaceSpeakers(tx, row.id, input.speakers) : [];
        await this.#mayMail(tx, account.id, added.length);
        return { row: updated, added };
      });
      this.forgetLists(account.id);
    } catch (error) {
      if (isUniqueViolation(error, NAME_CONSTRAINT)) throw aliasTaken();
      throw error;
    }
    const owner = await repo.ownerNames(this.#db, account.id);
    // Only people newly on the speaker list are mailed; the others already have their link.
    await this.#invite(result.row, result.added, input.lang ?? 'en', owner.full);
    const speakers = await repo.participantsOf(this.#db, [row.id], 'speaker');
    return this.#toDto(result.row, speakers, owner.full);
  }

  async remove(account: AuthAccount, id: string): Promise<{ id: string; deleted: true }> {
    const row = await this.#owned(account, id);
    await repo.deleteAlias(this.#db, row.id);
    this.forgetLists(account.id);
    this.#log.info({ aliasId: row.id }, 'event deleted');
    return { id: row.id, deleted: true };
  }

  async get(account: AuthAccount, ref: { id?: string; name?: string }): Promise<AliasDto> {
    const row = await this.#owned(account, ref.id || ref.name || '');
    return this.#ownedDto(row);
  }

  async list(account: AuthAccount, input: ListAliasesRequest): Promise<AliasListResponse> {
    let cursor: repo.ListQuery['cursor'] = null;
    if (input.after) {
      const c = decodeCursor(input.after);
      if (!c) throw invalidFields({ after: msg('events.invalid_cursor') });
      cursor = { ...c, direction: 'after' };
    } else if (input.before) {
      const c = decodeCursor(input.before);
      if (!c) throw invalidFields({ before: msg('events.invalid_cursor') });
      cursor = { ...c, direction: 'before' };
    }
    const query = {
      ownerId: account.id,
      type: input.type,
      search: input.search || undefined,
      cursor,
      limit: input.limit,
    };
    // The events page asks for the first page of one type on every visit: that is what is kept
    // (frozen: a kept answer serves several requests).
    if (cursor || query.search) return this.#readList(query);
    return this.#lists.getOrLoad(account.id, `${input.type ?? '*'}:${input.limit}`, async () =>
      deepFreeze(await this.#readList(query)),
    );
  }

  async #readList(query: repo.ListQuery): Promise<AliasListResponse> {
    const { cursor } = query;
    const { rows, total, owner } = await repo.listPage(this.#db, query);
    const limit = query.limit;
    const more = rows.length > limit;
    let page = rows.slice(0, limit);
    if (cursor?.direction === 'before') page = page.reverse();
    const first = page[0]?.row;
    const last = page[page.length - 1]?.row;
    const backwards = cursor?.direction === 'before';
    const metadata = {
      after: last && (backwards || more) ? encodeCursor(last) : null,
      before: first && (backwards ? more : cursor !== null) ? encodeCursor(first) : null,
      total_count: total,
    };
    const entries = await Promise.all(
      page.map(({ row, speakers }) => this.#toDto(row, speakers, owner.full)),
    );
    return { entries, metadata };
  }

  /** The owner's host link: opens the event as host on any device for two hours. */
  async hostUrl(account: AuthAccount, ref: string): Promise<UrlResponse> {
    const row = await this.#owned(account, ref);
    const token = signHostToken(await this.#key(), row.id, account.id, this.#now());
    return { url: `${this.inviteLink(row.name)}?host=${token}` };
  }

  // ---------- Participants ----------

  #participantDto(p: AliasParticipantRow): ParticipantDto {
    return {
      id: p.id,
      name: p.name,
      email: p.email,
      role: p.role,
      invited_at: p.invitedAt?.toISOString() ?? null,
      created_at: p.createdAt.toISOString(),
    };
  }

  async addParticipant(
    account: AuthAccount,
    input: { alias: string; name: string; email: string; role: ParticipantRole; lang?: Language },
  ): Promise<ParticipantDto> {
    const row = await this.#owned(account, input.alias);
    if (await repo.participantByEmail(this.#db, row.id, input.email)) throw participantExists();
    if ((await repo.countParticipants(this.#db, row.id)) >= EVENT_PARTICIPANTS_MAX) {
      throw invalidFields({ email: msg('events.participants_too_many') });
    }
    if (
      input.role === 'speaker' &&
      (await repo.participantsOf(this.#db, [row.id], 'speaker')).length >= EVENT_SPEAKERS_MAX
    ) {
      throw invalidFields({ role: msg('events.speakers_too_many') });
    }
    await this.#mayMail(this.#db, account.id, 1);
    let added: AliasParticipantRow;
    try {
      added = await repo.insertParticipant(this.#db, {
        aliasId: row.id,
        role: input.role,
        name: input.name,
        email: input.email,
        // Appended speakers go to the end of the speaker list.
        position: input.role === 'speaker' ? EVENT_PARTICIPANTS_MAX : 0,
      });
    } catch (error) {
      if (isUniqueViolation(error, PARTICIPANT_EMAIL_CONSTRAINT)) throw participantExists();
      throw error;
    }
    // A speaker shows in the list.
    this.forgetLists(account.id);
    const owner = await repo.ownerNames(this.#db, account.id);
    await this.#invite(row, [added], input.lang ?? 'en', owner.full);
    return this.#participantDto({ ...added, invitedAt: new Date(this.#now()) });
  }

  async listParticipants(
    account: AuthAccount,
    ref: string,
  ): Promise<{ entries: ParticipantDto[] }> {
    const row = await this.#owned(account, ref);
    const people = await repo.participantsOf(this.#db, [row.id]);
    // Speakers first (in speaker-list order), then participants in the order they were added.
    const ordered = [
      ...people.filter((p) => p.role === 'speaker'),
      ...people.filter((p) => p.role === 'participant'),
    ];
    return { entries: ordered.map((p) => this.#participantDto(p)) };
  }

  async removeParticipant(
    account: AuthAccount,
    input: { alias: string; id: string },
  ): Promise<{ id: string; removed: true }> {
    const row = await this.#owned(account, input.alias);
    if (!(await repo.deleteParticipant(this.#db, row.id, input.id))) throw participantNotFound();
    this.forgetLists(account.id);
    return { id: input.id, removed: true };
  }

  /** The link participants join by (the invite link). */
  async participantUrl(account: AuthAccount, ref: string): Promise<UrlResponse> {
    const row = await this.#owned(account, ref);
    return { url: this.inviteLink(row.name) };
  }

  // ---------- Public ----------

  async #publicRow(alias: string): Promise<AliasRow> {
    const row = await repo.findAliasByName(this.#db, alias);
    if (!row) throw invalidLink();
    return row;
  }

  async shortDetail(alias: string): Promise<AliasShortDetail> {
    const row = await this.#publicRow(alias);
    const owner = await repo.ownerNames(this.#db, row.ownerId);
    return this.#shortDetail(row, owner.public);
  }

  /** short-detail, plus description and speaker names for holders of a ticket to this event. */
  async detail(alias: string, authorizeData: string | undefined): Promise<AliasDetail> {
    const row = await this.#publicRow(alias);
    const owner = await repo.ownerNames(this.#db, row.ownerId);
    const base = this.#shortDetail(row, owner.public);
    const ticket = authorizeData ? await this.verifyJoinTicket(authorizeData) : null;
    if (!ticket || ticket.aliasId !== row.id) return { ...base, authorized: false };
    const speakers = await repo.participantsOf(this.#db, [row.id], 'speaker');
    return {
      ...base,
      authorized: true,
      description: row.description,
      speakers: speakers.map((s) => ({ name: s.name })),
    };
  }

  /**
   * Checks a join attempt and hands out a join ticket. The owner (signed in, or through the
   * host link) joins as host, the speaker link as speaker, anyone else needs the passcode when
   * one is required.
   */
  async verifyCall(input: VerifyCallRequest, caller: Caller): Promise<VerifyCallResponse> {
    return (await this.admit(input, caller)).response;
  }

  /**
   * `verifyCall`, with what it checked: the event's row and the ticket it signed, so socket
   * credentials asked for in the same request need neither the ticket's MAC checked again nor
   * the event read again (`SignalAuthService.issueForAdmission`).
   */
  async admit(input: VerifyCallRequest, caller: Caller): Promise<Admission> {
    const throttleKey = `${input.alias.toLowerCase()}\u0000${caller.ip}`;
    const row = await repo.findAliasByName(this.#db, input.alias);
    const key = await this.#key();
    // `hit` checks and records in one step (one Lua script with REDIS_URL), so the throttle
    // check and the recorded failure cannot interleave with parallel requests on any node.
    const refuse = async (): Promise<never> => {
      const wait = await this.#throttle.hit(throttleKey);
      if (wait > 0) throw new TooManyFailures(wait);
      throw invalidPasscode();
    };
    if (!row) return refuse();
    if (this.#isExpired(row)) throw eventExpired();

    let role: JoinRole;
    if (caller.account && caller.account.id === row.ownerId) role = 'host';
    else if (input.host && verifyHostToken(key, row.id, input.host, this.#now()) === row.ownerId) {
      role = 'host';
    } else if (input.speaker && verifySpeakerToken(key, row.id, row.speakerKey, input.speaker)) {
      role = 'speaker';
    } else {
      if (row.requirePasscode) {
        // SECURITY: while the event rests (too many failures from all addresses together) no
        // passcode is judged, not even the right one, so a botnet learns nothing from it.
        const wait =
          (await this.#throttle.retryAfter(throttleKey)) || (await this.#guard.retryAfter(row.id));
        if (wait > 0) throw new TooManyFailures(wait);
        if (!passcodeMatches(row.passcode, input.passcode)) {
          const rest = await this.#guard.fail(row.id);
          if (rest) this.#tellOwnerOfGuessing(row, rest);
          return refuse();
        }
      }
      role = caller.account ? 'participant' : 'guest';
    }

    let displayName = input.display_name?.trim() || null;
    const [owner, self] = await Promise.all([
      repo.ownerNames(this.#db, row.ownerId),
      !displayName && caller.account ? repo.ownerNames(this.#db, caller.account.id) : null,
    ]);
    if (!displayName && self) displayName = self.full || null;
    const { ticket, payload } = signJoinTicket(
      key,
      { aliasId: row.id, role, displayName, accountId: caller.account?.id ?? null },
      this.#now(),
    );
    return {
      response: {
        ticket,
        expires_at: new Date(payload.expiresAt * 1000).toISOString(),
        role,
        display_name: displayName,
        alias: this.#shortDetail(row, owner.public),
      },
      row,
      ticket: payload,
      ownerName: owner.full || null,
    };
  }

  /** Tells the owner their event's passcode rests; repeats within the hour collapse into one. */
  #tellOwnerOfGuessing(row: AliasRow, rest: { until: Date; failures: number }): void {
    this.#log.warn({ aliasId: row.id, until: rest.until }, 'passcode guessing: event rests');
    const notifier = this.#notifier;
    if (!notifier) return;
    const data = {
      alias: row.name,
      title: row.title,
      failures: rest.failures,
      until: rest.until.toISOString(),
    };
    // Claimed across nodes: a burst resting the event on two nodes in the hour tells once.
    this.#guessingNotices
      .claim(row.id, GUESSING_NOTICE_INTERVAL_MS)
      .then((first) =>
        first ? notifier.notify(row.ownerId, { kind: 'passcode_guessing', data }) : undefined,
      )
      .catch((error: unknown) => {
        this.#log.warn({ err: error, aliasId: row.id }, 'passcode guessing notice failed');
      });
  }

  /**
   * The calendar file of an event. The description is included for the owner and for holders
   * of a join ticket, as in detail; everyone with the link gets title, times and link.
   */
  async calendar(
    alias: string,
    options: { tz: string | undefined; account: AuthAccount | null; ticket: string | undefined },
  ): Promise<{ filename: string; text: string }> {
    let timeZone: string | null = null;
    if (options.tz) {
      timeZone = canonicalTimeZone(options.tz);
      if (!timeZone) throw invalidFields({ tz: msg('events.invalid_time_zone') });
    }
    const row = await this.#publicRow(alias);
    const owner = await repo.ownerNames(this.#db, row.ownerId);
    const ticket = options.ticket ? await this.verifyJoinTicket(options.ticket) : null;
    const private_ =
      options.account?.id === row.ownerId || (ticket !== null && ticket.aliasId === row.id);
    const text = eventCalendar(
      {
        id: row.id,
        title: row.title,
        description: private_ ? row.description : '',
        start: row.startTime,
        end: row.endTime,
        url: this.inviteLink(row.name),
        organizerName: owner.public,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      },
      timeZone,
    );
    return { filename: `${row.name}.ics`, text };
  }

  /** For the live room: the ticket's content when authentic and unexpired, else null. */
  async verifyJoinTicket(ticket: string): Promise<JoinTicket | null> {
    return verifyJoinTicket(await this.#key(), ticket, this.#now());
  }

  /** Waits for invitation mail still being sent (server shutdown, tests). */
  drain(): Promise<void> {
    return this.#invitations.drain();
  }
}
