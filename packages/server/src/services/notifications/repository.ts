import { and, count, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import { accounts, notifications, type NotificationRow } from '../../store/schema.ts';

/** Queries of the notification center; no rules here (they live in service.ts). */

export type NewNotification = typeof notifications.$inferInsert;

export async function insert(db: Db, row: NewNotification): Promise<NotificationRow> {
  const [inserted] = await db.insert(notifications).values(row).returning();
  if (!inserted) throw new Error('notification insert returned nothing');
  return inserted;
}

/** Newest first; only ids below `beforeId` when given. */
export async function page(
  db: Db,
  accountId: string,
  beforeId: number | undefined,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.accountId, accountId),
        beforeId === undefined ? undefined : lt(notifications.id, beforeId),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(limit);
}

export async function countOf(
  db: Db,
  accountId: string,
  isRead: boolean | undefined,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.accountId, accountId),
        isRead === undefined ? undefined : eq(notifications.isRead, isRead),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Sets the read flag of the account's notifications among `ids` (all of them when null) that do
 * not have it yet; answers how many changed. Ids of other accounts match nothing.
 */
export async function setRead(
  db: Db,
  accountId: string,
  ids: number[] | null,
  isRead: boolean,
): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ isRead })
    .where(
      and(
        eq(notifications.accountId, accountId),
        ne(notifications.isRead, isRead),
        ids === null ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return changed.length;
}

/** Deletes the account's notifications among `ids`; answers how many went. */
export async function remove(db: Db, accountId: string, ids: number[]): Promise<number> {
  const gone = await db
    .delete(notifications)
    .where(and(eq(notifications.accountId, accountId), inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return gone.length;
}

/** The account with this e-mail address (stored lower-cased), if any. */
export async function accountIdByEmail(db: Db, email: string): Promise<string | null> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, email.trim().toLowerCase()))
    .limit(1);
  return rows[0]?.id ?? null;
}
