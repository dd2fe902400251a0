import { eq } from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import { breakoutStates, type BreakoutStateRow } from '../../store/schema.ts';

/** The breakout rooms of a live room as a restart must find them (migrations/0021); queries only. */
export type SavedBreakout = Omit<BreakoutStateRow, 'aliasId' | 'updatedAt'>;

export async function loadBreakout(db: Db, aliasId: string): Promise<SavedBreakout | null> {
  const rows = await db
    .select()
    .from(breakoutStates)
    .where(eq(breakoutStates.aliasId, aliasId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { aliasId: _id, updatedAt: _at, ...saved } = row;
  return saved;
}

/** Saves the breakout rooms; null deletes them (closed, or the room run is over). */
export async function saveBreakout(
  db: Db,
  aliasId: string,
  saved: SavedBreakout | null,
): Promise<void> {
  if (saved === null) {
    await db.delete(breakoutStates).where(eq(breakoutStates.aliasId, aliasId));
    return;
  }
  const values = { ...saved, updatedAt: new Date() };
  await db
    .insert(breakoutStates)
    .values({ aliasId, ...values })
    .onConflictDoUpdate({ target: breakoutStates.aliasId, set: values });
}
