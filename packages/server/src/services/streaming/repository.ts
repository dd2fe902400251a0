import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import { streamServers, type StreamServerRow } from '../../store/schema.ts';

/** Queries of the saved stream servers; no rules here (service.ts). */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string): boolean => UUID.test(s);

export function listServers(db: Db, accountId: string): Promise<StreamServerRow[]> {
  return db
    .select()
    .from(streamServers)
    .where(eq(streamServers.accountId, accountId))
    .orderBy(asc(streamServers.createdAt), asc(streamServers.id));
}

export async function countServers(db: Db, accountId: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(streamServers)
    .where(eq(streamServers.accountId, accountId));
  return rows[0]?.n ?? 0;
}

export async function findServer(
  db: Db,
  accountId: string,
  id: string,
): Promise<StreamServerRow | null> {
  if (!isUuid(id)) return null;
  const rows = await db
    .select()
    .from(streamServers)
    .where(and(eq(streamServers.id, id), eq(streamServers.accountId, accountId)));
  return rows[0] ?? null;
}

export async function insertServer(
  db: Db,
  row: typeof streamServers.$inferInsert,
): Promise<StreamServerRow> {
  const rows = await db.insert(streamServers).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('stream server was not stored');
  return inserted;
}

export async function updateServer(
  db: Db,
  accountId: string,
  id: string,
  changes: Partial<Pick<StreamServerRow, 'name' | 'url' | 'keySealed' | 'keyHint'>>,
): Promise<StreamServerRow | null> {
  if (!isUuid(id)) return null;
  const rows = await db
    .update(streamServers)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(streamServers.id, id), eq(streamServers.accountId, accountId)))
    .returning();
  return rows[0] ?? null;
}

export async function deleteServer(db: Db, accountId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(streamServers)
    .where(and(eq(streamServers.id, id), eq(streamServers.accountId, accountId)))
    .returning({ id: streamServers.id });
  return rows.length > 0;
}
