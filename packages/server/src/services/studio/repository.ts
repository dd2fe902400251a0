import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import { accountStudios, eventStudios } from '../../store/schema.ts';

/**
 * Queries of the stored studios (migrations/0019_studio.sql); no rules here (service.ts checks
 * every document against the protocol's schema before writing and after reading).
 */

export async function eventStudio(db: Db, aliasId: string): Promise<unknown> {
  const rows = await db
    .select({ studio: eventStudios.studio })
    .from(eventStudios)
    .where(eq(eventStudios.aliasId, aliasId));
  return rows[0]?.studio ?? null;
}

export async function saveEventStudio(db: Db, aliasId: string, studio: unknown): Promise<void> {
  await db
    .insert(eventStudios)
    .values({ aliasId, studio })
    .onConflictDoUpdate({ target: eventStudios.aliasId, set: { studio, updatedAt: new Date() } });
}

export async function accountStudio(db: Db, accountId: string): Promise<unknown> {
  const rows = await db
    .select({ studio: accountStudios.studio })
    .from(accountStudios)
    .where(eq(accountStudios.accountId, accountId));
  return rows[0]?.studio ?? null;
}

export async function saveAccountStudio(db: Db, accountId: string, studio: unknown): Promise<void> {
  await db
    .insert(accountStudios)
    .values({ accountId, studio })
    .onConflictDoUpdate({
      target: accountStudios.accountId,
      set: { studio, updatedAt: new Date() },
    });
}

/** A new event starts from its owner's defaults (nothing is written when there are none). */
export async function copyDefaultsToEvent(db: Db, aliasId: string, ownerId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO event_studios (alias_id, studio)
    SELECT ${aliasId}::uuid, studio FROM account_studios WHERE account_id = ${ownerId}
    ON CONFLICT (alias_id) DO NOTHING`);
}
