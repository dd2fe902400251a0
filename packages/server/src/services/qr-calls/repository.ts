import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import { accounts, qrCallAgents, qrCalls, type QrCallRow } from '../../store/schema.ts';

/** Queries of the QR call centre; no business rules here (they live in service.ts). */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string): boolean => UUID.test(s);

export interface AgentRecord {
  accountId: string;
  addedAt: Date;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  email: string | null;
}

export async function agentsOf(db: Db, aliasId: string): Promise<AgentRecord[]> {
  return db
    .select({
      accountId: qrCallAgents.accountId,
      addedAt: qrCallAgents.addedAt,
      fullName: accounts.fullName,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      username: accounts.username,
      email: accounts.email,
    })
    .from(qrCallAgents)
    .innerJoin(accounts, eq(accounts.id, qrCallAgents.accountId))
    .where(eq(qrCallAgents.aliasId, aliasId))
    .orderBy(asc(qrCallAgents.addedAt), asc(qrCallAgents.accountId));
}

export async function agentIds(db: Db, aliasId: string): Promise<string[]> {
  const rows = await db
    .select({ id: qrCallAgents.accountId })
    .from(qrCallAgents)
    .where(eq(qrCallAgents.aliasId, aliasId));
  return rows.map((r) => r.id);
}

export async function isAgent(db: Db, aliasId: string, accountId: string): Promise<boolean> {
  const rows = await db
    .select({ id: qrCallAgents.accountId })
    .from(qrCallAgents)
    .where(and(eq(qrCallAgents.aliasId, aliasId), eq(qrCallAgents.accountId, accountId)))
    .limit(1);
  return rows.length > 0;
}

export async function countAgents(db: Db, aliasId: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(qrCallAgents)
    .where(eq(qrCallAgents.aliasId, aliasId));
  return Number(rows[0]?.n ?? 0);
}

/** Adds the agent; false when they already were one. */
export async function addAgent(db: Db, aliasId: string, accountId: string): Promise<boolean> {
  const rows = await db
    .insert(qrCallAgents)
    .values({ aliasId, accountId })
    .onConflictDoNothing()
    .returning({ id: qrCallAgents.accountId });
  return rows.length > 0;
}

export async function removeAgent(db: Db, aliasId: string, accountId: string): Promise<boolean> {
  const rows = await db
    .delete(qrCallAgents)
    .where(and(eq(qrCallAgents.aliasId, aliasId), eq(qrCallAgents.accountId, accountId)))
    .returning({ id: qrCallAgents.accountId });
  return rows.length > 0;
}

/** The account an owner names by email or username (case-insensitive), when it exists. */
export async function findAccountByLogin(db: Db, login: string): Promise<string | null> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      sql`(lower(${accounts.email}) = lower(${login}) OR lower(${accounts.username}) = lower(${login})) AND ${accounts.accountStatus} <> 'disabled'`,
    )
    .limit(1);
  return rows[0]?.id ?? null;
}

export type NewQrCall = typeof qrCalls.$inferInsert;

export async function insertCall(db: Db, row: NewQrCall): Promise<QrCallRow> {
  const rows = await db.insert(qrCalls).values(row).returning();
  return rows[0] as QrCallRow;
}

export async function findCall(db: Db, id: string): Promise<QrCallRow | null> {
  if (!isUuid(id)) return null;
  const rows = await db.select().from(qrCalls).where(eq(qrCalls.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * Records `agentId`'s decline of a ringing call in one statement (declines heard on several
 * nodes at once all land); the call's declines after it, or null when it no longer rings.
 */
export async function addDecline(db: Db, id: string, agentId: string): Promise<string[] | null> {
  const rows = await db
    .update(qrCalls)
    .set({
      declined: sql`CASE WHEN ${qrCalls.declined} ? ${agentId} THEN ${qrCalls.declined}
        ELSE ${qrCalls.declined} || jsonb_build_array(${agentId}::text) END`,
    })
    .where(and(eq(qrCalls.id, id), eq(qrCalls.state, 'ringing')))
    .returning({ declined: qrCalls.declined });
  return rows[0]?.declined ?? null;
}

/**
 * Moves a ringing call to `state`; null when it was no longer ringing (someone else moved it
 * first). The WHERE on `state` is what lets exactly one of several concurrent accepts win.
 */
export async function finishCall(
  db: Db,
  id: string,
  change: {
    state: Exclude<QrCallRow['state'], 'ringing'>;
    answeredBy?: string;
    roomAliasId?: string;
    at: Date;
  },
): Promise<QrCallRow | null> {
  const rows = await db
    .update(qrCalls)
    .set({
      state: change.state,
      endedAt: change.at,
      ...(change.answeredBy ? { answeredBy: change.answeredBy } : {}),
      ...(change.roomAliasId ? { roomAliasId: change.roomAliasId } : {}),
    })
    .where(and(eq(qrCalls.id, id), eq(qrCalls.state, 'ringing')))
    .returning();
  return rows[0] ?? null;
}

/**
 * The private room of an answered call: an alias of type 'qrcall' (see migration 0010), written
 * in SQL because the events table's TypeScript type only knows the listable types.
 */
export async function insertCallRoom(
  db: Db,
  room: {
    id: string;
    ownerId: string;
    name: string;
    title: string;
    passcode: string;
    speakerKey: string;
    start: Date;
    end: Date;
    expiredAt: Date;
  },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO aliases (id, owner_id, type, name, title, passcode, require_passcode, start_time,
      end_time, mode, join_before_host, speaker_key, expired_at)
    VALUES (${room.id}, ${room.ownerId}, 'qrcall', ${room.name}, ${room.title}, ${room.passcode},
      true, ${room.start.toISOString()}, ${room.end.toISOString()}, 'meeting', true,
      ${room.speakerKey}, ${room.expiredAt.toISOString()})
  `);
}
