import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import { chatMessages, chatPasscodes, type ChatMessageRow } from '../../store/schema.ts';

/** Queries of the chat history; no rules here (they live in service.ts). */

export type NewChatMessage = typeof chatMessages.$inferInsert;

export async function insertMessage(db: Db, row: NewChatMessage): Promise<void> {
  // A retried write of the same message is harmless.
  await db.insert(chatMessages).values(row).onConflictDoNothing();
}

/** The newest `limit` messages of an event, oldest first. */
export async function latestMessages(
  db: Db,
  aliasId: string,
  limit: number,
): Promise<ChatMessageRow[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.aliasId, aliasId))
    .orderBy(desc(chatMessages.seq))
    .limit(limit);
  return rows.reverse();
}

/** Every message of an event, oldest first. */
export async function allMessages(db: Db, aliasId: string): Promise<ChatMessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.aliasId, aliasId))
    .orderBy(asc(chatMessages.seq));
}

export async function passcodeDigest(db: Db, aliasId: string): Promise<string | null> {
  const rows = await db
    .select({ digest: chatPasscodes.passcodeSha256 })
    .from(chatPasscodes)
    .where(eq(chatPasscodes.aliasId, aliasId))
    .limit(1);
  return rows[0]?.digest ?? null;
}

/** Replaces the passcode and deletes the history before it, in one transaction. */
export async function replacePasscode(db: Db, aliasId: string, digest: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(chatMessages).where(eq(chatMessages.aliasId, aliasId));
    await tx
      .insert(chatPasscodes)
      .values({ aliasId, passcodeSha256: digest })
      .onConflictDoUpdate({
        target: chatPasscodes.aliasId,
        set: { passcodeSha256: digest, setAt: new Date() },
      });
  });
}
