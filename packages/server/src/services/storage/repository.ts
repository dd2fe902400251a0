import { eq } from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import { uploads, type UploadRow } from '../../store/schema.ts';

/** The uploads table (migrations/0004_uploads.sql); queries only. */
export type NewUpload = Omit<UploadRow, 'createdAt'>;

export async function insertUpload(db: Db, row: NewUpload): Promise<void> {
  await db.insert(uploads).values(row);
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | null> {
  const rows = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return rows[0] ?? null;
}
