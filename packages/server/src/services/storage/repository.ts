import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import { chatMessages, uploads, type UploadRow } from '../../store/schema.ts';

/** The uploads table (migrations/0004_uploads.sql); queries only. */
export type NewUpload = Omit<UploadRow, 'createdAt'>;

export async function insertUpload(db: Db, row: NewUpload): Promise<void> {
  await db.insert(uploads).values(row);
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, id));
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | null> {
  const rows = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * Whether `identity` may read upload `id` shared in live room `aliasId`: they uploaded it, or a
 * message of that room they may see carries it and was sent by its uploader (a message naming
 * someone else's file gives nobody access to it).
 */
export async function fileVisibleTo(
  db: Db,
  id: string,
  aliasId: string,
  identity: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        eq(uploads.id, id),
        eq(uploads.aliasId, aliasId),
        or(
          eq(uploads.uploader, identity),
          sql`EXISTS (
            SELECT 1 FROM ${chatMessages} m
            WHERE m.alias_id = ${uploads.aliasId}
              AND m.file ->> 'id' = ${uploads.id}
              AND m.from_identity = ${uploads.uploader}
              AND (m.to_identity IS NULL OR m.from_identity = ${identity} OR m.to_identity = ${identity})
          )`,
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
