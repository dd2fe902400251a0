import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import { audienceChatMessages, type AudienceChatRow } from '../../store/schema.ts';

/** Queries of the audience chat; no rules here (they live in audience-chat.ts). */

export type NewAudienceChatRow = typeof audienceChatMessages.$inferInsert;

export async function insertAudienceChat(db: Db, row: NewAudienceChatRow): Promise<void> {
  await db.insert(audienceChatMessages).values(row).onConflictDoNothing();
}

/** The newest `limit` lines of an event, oldest first. */
export async function latestAudienceChat(
  db: Db,
  aliasId: string,
  limit: number,
): Promise<AudienceChatRow[]> {
  const rows = await db
    .select()
    .from(audienceChatMessages)
    .where(eq(audienceChatMessages.aliasId, aliasId))
    .orderBy(desc(audienceChatMessages.seq))
    .limit(limit);
  return rows.reverse();
}
