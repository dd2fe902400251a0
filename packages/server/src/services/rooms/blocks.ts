import { eq } from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import { roomBlocks } from '../../store/schema.ts';

/** Identities blocked from an event (migrations/0003_chat.sql); queries only. */
export async function blockedIdentities(db: Db, aliasId: string): Promise<string[]> {
  const rows = await db
    .select({ identity: roomBlocks.identity })
    .from(roomBlocks)
    .where(eq(roomBlocks.aliasId, aliasId));
  return rows.map((r) => r.identity);
}

export async function addBlockedIdentity(db: Db, aliasId: string, identity: string): Promise<void> {
  await db.insert(roomBlocks).values({ aliasId, identity }).onConflictDoNothing();
}
