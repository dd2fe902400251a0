import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import { aliases, recordings, type RecordingRow } from '../../store/schema.ts';

/** Queries of the recordings library; no rules here (they live in service.ts). */

export type NewRecording = typeof recordings.$inferInsert;
export type RecordingChanges = Partial<
  Pick<RecordingRow, 'state' | 'failure' | 'endedAt' | 'durationMs' | 'sizeBytes'>
>;

/** The owner and title of the event a live room runs (null: no such event). */
export async function eventOfRoom(
  db: Db,
  aliasId: string,
): Promise<{ ownerId: string; title: string } | null> {
  const rows = await db
    .select({ ownerId: aliases.ownerId, title: aliases.title })
    .from(aliases)
    .where(eq(aliases.id, aliasId))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertRecording(db: Db, row: NewRecording): Promise<void> {
  await db.insert(recordings).values(row);
}

export async function updateRecording(
  db: Db,
  id: string,
  changes: RecordingChanges,
): Promise<void> {
  await db.update(recordings).set(changes).where(eq(recordings.id, id));
}

export async function recordingById(db: Db, id: string): Promise<RecordingRow | null> {
  const rows = await db.select().from(recordings).where(eq(recordings.id, id)).limit(1);
  return rows[0] ?? null;
}

/** An owner's recordings, newest first. */
export async function recordingsOf(db: Db, ownerId: string): Promise<RecordingRow[]> {
  return db
    .select()
    .from(recordings)
    .where(eq(recordings.ownerId, ownerId))
    .orderBy(desc(recordings.startedAt), desc(recordings.id));
}

/** Rows still marked as being written (a process that died while recording leaves these). */
export async function recordingsInProgress(db: Db): Promise<RecordingRow[]> {
  return db.select().from(recordings).where(eq(recordings.state, 'recording'));
}

export async function deleteRecording(db: Db, id: string, ownerId: string): Promise<boolean> {
  const rows = await db
    .delete(recordings)
    .where(and(eq(recordings.id, id), eq(recordings.ownerId, ownerId)))
    .returning({ id: recordings.id });
  return rows.length > 0;
}
