import crypto from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import {
  accounts,
  aliases,
  aliasParticipants,
  invitationQuota,
  type AliasParticipantRow,
  type AliasRow,
} from '../../store/schema.ts';
import { isUuid } from './alias-name.ts';

/** Queries of the events domain; no business rules here (they live in service.ts). */

export type NewAlias = typeof aliases.$inferInsert;
export type AliasPatch = Partial<Omit<NewAlias, 'id' | 'ownerId' | 'createdAt'>>;

export interface SpeakerInput {
  name: string;
  email: string;
}

export interface ListQuery {
  ownerId: string;
  type: AliasRow['type'] | undefined;
  search: string | undefined;
  /** Keyset position: rows strictly after (older than) or before (newer than) it. */
  cursor: { startTime: Date; id: string; direction: 'after' | 'before' } | null;
  limit: number;
}

export async function findAliasById(db: Db, id: string): Promise<AliasRow | null> {
  if (!isUuid(id)) return null;
  const rows = await db.select().from(aliases).where(eq(aliases.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Every alias, random or vanity, has this shape; anything else cannot exist. */
const ALIAS_SHAPE = /^[A-Za-z0-9-]{1,64}$/;

export async function findAliasByName(db: Db, name: string): Promise<AliasRow | null> {
  if (!ALIAS_SHAPE.test(name)) return null;
  const rows = await db
    .select()
    .from(aliases)
    .where(sql`lower(${aliases.name}) = lower(${name})`)
    .limit(1);
  return rows[0] ?? null;
}

/** By id when `ref` is one, else by name (vanity names never look like ids). */
export async function findAliasByRef(db: Db, ref: string): Promise<AliasRow | null> {
  return isUuid(ref) ? findAliasById(db, ref) : findAliasByName(db, ref);
}

export async function aliasNameExists(db: Db, name: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: aliases.id })
    .from(aliases)
    .where(sql`lower(${aliases.name}) = lower(${name})`)
    .limit(1);
  return rows.length > 0 && rows[0]?.id !== exceptId;
}

export async function insertAlias(db: Db, row: NewAlias): Promise<AliasRow> {
  const rows = await db.insert(aliases).values(row).returning();
  return rows[0] as AliasRow;
}

export async function updateAlias(db: Db, id: string, patch: AliasPatch): Promise<AliasRow> {
  const rows = await db
    .update(aliases)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(aliases.id, id))
    .returning();
  return rows[0] as AliasRow;
}

export async function deleteAlias(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(aliases).where(eq(aliases.id, id)).returning({ id: aliases.id });
  return rows.length > 0;
}

export interface OwnerNames {
  /** Shown to the owner and used as the sender of invitations. */
  full: string;
  /** Shown on public pages: never derived from the email address. */
  public: string;
  email: string | null;
}

/** The account columns an owner's names are made of. */
const nameColumns = {
  fullName: accounts.fullName,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  username: accounts.username,
  email: accounts.email,
};
type NameColumns = { [K in keyof typeof nameColumns]: (typeof nameColumns)[K]['_']['data'] | null };

export async function ownerNames(db: Db, ownerId: string): Promise<OwnerNames> {
  const rows = await prepared(db).owner.execute({ ownerId });
  return namesOf(rows[0]);
}

function namesOf(a: NameColumns | undefined): OwnerNames {
  if (!a) return { full: '', public: '', email: null };
  const named =
    a.fullName?.trim() ||
    [a.firstName, a.lastName]
      .filter((p) => p && p.trim())
      .join(' ')
      .trim() ||
    a.username?.trim() ||
    '';
  return {
    full: named || (a.email ? (a.email.split('@')[0] ?? '') : ''),
    public: named,
    email: a.email,
  };
}

// ---------- Speakers and participants ----------

export async function participantsOf(
  db: Db,
  aliasIds: string[],
  role?: AliasParticipantRow['role'],
): Promise<AliasParticipantRow[]> {
  if (!aliasIds.length) return [];
  // One role (the list's speakers): the statement is prepared once, the ids go as one array.
  if (role) return prepared(db).participants.execute({ aliasIds, role });
  return db
    .select()
    .from(aliasParticipants)
    .where(
      and(
        inArray(aliasParticipants.aliasId, aliasIds),
        role ? eq(aliasParticipants.role, role) : undefined,
      ),
    )
    .orderBy(
      asc(aliasParticipants.aliasId),
      asc(aliasParticipants.position),
      asc(aliasParticipants.createdAt),
    );
}

/**
 * Makes `speakers` the event's speaker list, in order. Someone already invited as a participant
 * becomes a speaker; speakers no longer listed are dropped. Returns the rows newly added as
 * speakers (they are the ones to invite).
 */
export async function replaceSpeakers(
  db: Db,
  aliasId: string,
  speakers: SpeakerInput[],
): Promise<AliasParticipantRow[]> {
  const existing = await participantsOf(db, [aliasId]);
  const byEmail = new Map(existing.map((p) => [p.email.toLowerCase(), p]));
  const wanted = new Set(speakers.map((s) => s.email.toLowerCase()));
  const dropped = existing.filter(
    (p) => p.role === 'speaker' && !wanted.has(p.email.toLowerCase()),
  );
  if (dropped.length) {
    await db.delete(aliasParticipants).where(
      inArray(
        aliasParticipants.id,
        dropped.map((p) => p.id),
      ),
    );
  }
  const added: AliasParticipantRow[] = [];
  for (const [position, s] of speakers.entries()) {
    const current = byEmail.get(s.email.toLowerCase());
    if (current) {
      await db
        .update(aliasParticipants)
        .set({ role: 'speaker', name: s.name, position })
        .where(eq(aliasParticipants.id, current.id));
      if (current.role !== 'speaker') added.push({ ...current, role: 'speaker', name: s.name });
    } else {
      const rows = await db
        .insert(aliasParticipants)
        .values({
          id: crypto.randomUUID(),
          aliasId,
          role: 'speaker',
          name: s.name,
          email: s.email,
          position,
        })
        .returning();
      added.push(rows[0] as AliasParticipantRow);
    }
  }
  return added;
}

export async function insertParticipant(
  db: Db,
  row: Omit<typeof aliasParticipants.$inferInsert, 'id'>,
): Promise<AliasParticipantRow> {
  const rows = await db
    .insert(aliasParticipants)
    .values({ id: crypto.randomUUID(), ...row })
    .returning();
  return rows[0] as AliasParticipantRow;
}

export async function countParticipants(db: Db, aliasId: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(aliasParticipants)
    .where(eq(aliasParticipants.aliasId, aliasId));
  return Number(rows[0]?.n ?? 0);
}

export async function participantByEmail(
  db: Db,
  aliasId: string,
  email: string,
): Promise<AliasParticipantRow | null> {
  const rows = await db
    .select()
    .from(aliasParticipants)
    .where(
      and(
        eq(aliasParticipants.aliasId, aliasId),
        sql`lower(${aliasParticipants.email}) = lower(${email})`,
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function deleteParticipant(db: Db, aliasId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(aliasParticipants)
    .where(and(eq(aliasParticipants.aliasId, aliasId), eq(aliasParticipants.id, id)))
    .returning({ id: aliasParticipants.id });
  return rows.length > 0;
}

export async function markInvited(db: Db, ids: string[], at: Date): Promise<void> {
  if (!ids.length) return;
  await db
    .update(aliasParticipants)
    .set({ invitedAt: at })
    .where(inArray(aliasParticipants.id, ids));
}

// ---------- The owner's list ----------

/** LIKE pattern matching `text` anywhere, with the pattern characters taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listFilter(q: Pick<ListQuery, 'ownerId' | 'type' | 'search'>): SQL | undefined {
  const pattern = q.search ? containsPattern(q.search) : null;
  return and(
    eq(aliases.ownerId, q.ownerId),
    q.type ? eq(aliases.type, q.type) : undefined,
    pattern ? or(ilike(aliases.title, pattern), ilike(aliases.name, pattern)) : undefined,
  );
}

/** A speaker as the list shows them. */
export interface SpeakerName {
  name: string;
  email: string;
}

/** One event of a page of the list, with its speakers in their order. */
export interface ListedAlias {
  row: AliasRow;
  speakers: SpeakerName[];
}

export interface ListPage {
  /** `limit + 1` rows at most, to tell whether more follow. */
  rows: ListedAlias[];
  total: number;
  /** The owner's names (the list shows them on every event); empty when there is no row. */
  owner: OwnerNames;
}

/**
 * What each row of a page carries besides the event, so a page is one statement (one round trip):
 * its speakers in order as a JSON array, and the owner's names (the same on every row).
 * `total` is the count of the whole filter, not of the page.
 */
function pageColumns(total: SQL) {
  const p = aliasParticipants;
  return {
    ...getTableColumns(aliases),
    total: total.mapWith(Number),
    speakers: sql<
      SpeakerName[]
    >`(select coalesce(json_agg(json_build_object('name', ${p.name}, 'email', ${p.email}) order by ${p.position}, ${p.createdAt}), '[]'::json) from ${p} where ${p.aliasId} = ${aliases.id} and ${p.role} = 'speaker')`,
    owner: nameColumns,
  };
}

/**
 * The list's usual shape — the first page of one type of event, no search — built once per
 * database: the event list is read on every visit of the events page, and building its query
 * cost more than running it. Named statements on PostgreSQL, planned once per connection.
 */
function prepareFirstPage(db: Db) {
  const filter = and(
    eq(aliases.ownerId, sql.placeholder('ownerId')),
    eq(aliases.type, sql.placeholder('type')),
  );
  return {
    // The total rides along on every row (counted before the limit). No row means no event of
    // that type at all, so a total of 0.
    list: db
      .select(pageColumns(sql`count(*) over ()`))
      .from(aliases)
      .leftJoin(accounts, eq(accounts.id, aliases.ownerId))
      .where(filter)
      .orderBy(desc(aliases.startTime), desc(aliases.id))
      .limit(sql.placeholder('limit'))
      .prepare('podium_events_first_page'),
    owner: db
      .select(nameColumns)
      .from(accounts)
      .where(eq(accounts.id, sql.placeholder('ownerId')))
      .limit(1)
      .prepare('podium_events_owner_names'),
    participants: db
      .select()
      .from(aliasParticipants)
      .where(
        and(
          sql`${aliasParticipants.aliasId} = any(${sql.placeholder('aliasIds')}::uuid[])`,
          eq(aliasParticipants.role, sql.placeholder('role')),
        ),
      )
      .orderBy(
        asc(aliasParticipants.aliasId),
        asc(aliasParticipants.position),
        asc(aliasParticipants.createdAt),
      )
      .prepare('podium_events_participants'),
  };
}
const preparedByDb = new WeakMap<Db, ReturnType<typeof prepareFirstPage>>();
function prepared(db: Db): ReturnType<typeof prepareFirstPage> {
  let p = preparedByDb.get(db);
  if (!p) {
    p = prepareFirstPage(db);
    preparedByDb.set(db, p);
  }
  return p;
}

type PageRow = Awaited<ReturnType<ReturnType<typeof prepareFirstPage>['list']['execute']>>[number];

function toPage(found: PageRow[], total: number): ListPage {
  const rows = found.map(({ total: _total, speakers, owner: _owner, ...row }) => ({
    row,
    speakers,
  }));
  return { rows, total, owner: namesOf(found[0]?.owner ?? undefined) };
}

/**
 * One page of the owner's events, newest start first with id as tie-break, fetching one row
 * more than asked so the caller knows whether another page follows; with each event's speakers,
 * the owner's names and the total, in one statement.
 */
export async function listPage(db: Db, q: ListQuery): Promise<ListPage> {
  if (!q.cursor && !q.search && q.type) {
    const found = await prepared(db).list.execute({
      ownerId: q.ownerId,
      type: q.type,
      limit: q.limit + 1,
    });
    return toPage(found, found[0]?.total ?? 0);
  }
  const c = q.cursor;
  const position = c
    ? c.direction === 'after'
      ? sql`(${aliases.startTime}, ${aliases.id}) < (${c.startTime.toISOString()}::timestamptz, ${c.id}::uuid)`
      : sql`(${aliases.startTime}, ${aliases.id}) > (${c.startTime.toISOString()}::timestamptz, ${c.id}::uuid)`
    : undefined;
  const backwards = c?.direction === 'before';
  // Without a position the window counts the whole filter; past one it would count only what
  // lies beyond, so the total is counted apart (in the same statement).
  const total = c
    ? sql`(select count(*) from ${aliases} where ${listFilter(q)})`
    : sql`count(*) over ()`;
  const found = await db
    .select(pageColumns(total))
    .from(aliases)
    .leftJoin(accounts, eq(accounts.id, aliases.ownerId))
    .where(and(listFilter(q), position))
    .orderBy(
      backwards ? asc(aliases.startTime) : desc(aliases.startTime),
      backwards ? asc(aliases.id) : desc(aliases.id),
    )
    .limit(q.limit + 1);
  // A page past the end has no row to carry the total: only then is it asked on its own.
  return toPage(found, found[0]?.total ?? (c ? await countAliases(db, q) : 0));
}

async function countAliases(
  db: Db,
  q: Pick<ListQuery, 'ownerId' | 'type' | 'search'>,
): Promise<number> {
  const rows = await db.select({ n: count() }).from(aliases).where(listFilter(q));
  return Number(rows[0]?.n ?? 0);
}

/** Whether the account proved an address (email or phone): only then may it have people mailed. */
export async function senderConfirmed(db: Db, accountId: string): Promise<boolean> {
  const rows = await db
    .select({ email: accounts.emailVerified, phone: accounts.phoneVerified })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  const row = rows[0];
  return Boolean(row && (row.email || row.phone));
}

/**
 * Takes `count` invitation mails from the account's allowance for the UTC day of `now`, in one
 * statement (concurrent requests cannot both take the last ones). False when they do not fit.
 */
export async function reserveInvitations(
  db: Db,
  accountId: string,
  count: number,
  perDay: number,
  now: Date,
): Promise<boolean> {
  if (count > perDay) return false;
  const day = now.toISOString().slice(0, 10);
  const rows = await db
    .insert(invitationQuota)
    .values({ accountId, day, sent: count })
    .onConflictDoUpdate({
      target: [invitationQuota.accountId, invitationQuota.day],
      set: { sent: sql`${invitationQuota.sent} + ${count}` },
      setWhere: sql`${invitationQuota.sent} + ${count} <= ${perDay}`,
    })
    .returning({ sent: invitationQuota.sent });
  return rows.length > 0;
}
