import { eq } from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import { drawings, whiteboards, type WhiteboardRow } from '../../store/schema.ts';

/** Queries of room boards and personal drawings; no rules here (service.ts). */

export async function findBoard(db: Db, aliasId: string): Promise<WhiteboardRow | null> {
  const rows = await db.select().from(whiteboards).where(eq(whiteboards.aliasId, aliasId));
  return rows[0] ?? null;
}

export async function saveBoard(
  db: Db,
  aliasId: string,
  board: Pick<WhiteboardRow, 'open' | 'editors' | 'elements'>,
): Promise<void> {
  const values = { ...board, updatedAt: new Date() };
  await db
    .insert(whiteboards)
    .values({ aliasId, ...values })
    .onConflictDoUpdate({ target: whiteboards.aliasId, set: values });
}

export async function findDrawing(
  db: Db,
  accountId: string,
): Promise<typeof drawings.$inferSelect | null> {
  const rows = await db.select().from(drawings).where(eq(drawings.accountId, accountId));
  return rows[0] ?? null;
}

export async function saveDrawing(
  db: Db,
  accountId: string,
  elements: (typeof drawings.$inferInsert)['elements'],
): Promise<Date> {
  const values = { elements, updatedAt: new Date() };
  await db
    .insert(drawings)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: drawings.accountId, set: values });
  return values.updatedAt;
}
