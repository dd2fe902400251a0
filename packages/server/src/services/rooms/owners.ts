import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import { roomOwners } from '../../store/schema.ts';

/**
 * The fencing epoch of a room's owner node (migrations/0024_room_owners.sql); queries only.
 * A node that won a room's lease takes the next epoch; its writes of the room's stored state go
 * through `fenced`, which refuses them once another node took a later epoch.
 */

/** Takes the room for `node`: answers the new epoch (1 for a room never owned before). */
export async function takeRoom(db: Db, aliasId: string, node: string): Promise<number> {
  const rows = await db
    .insert(roomOwners)
    .values({ aliasId, epoch: 1, node })
    .onConflictDoUpdate({
      target: roomOwners.aliasId,
      set: { epoch: sql`${roomOwners.epoch} + 1`, node, takenAt: new Date() },
    })
    .returning({ epoch: roomOwners.epoch });
  const epoch = rows[0]?.epoch;
  if (epoch === undefined) throw new Error('room owner epoch not returned');
  return epoch;
}

/**
 * Runs `write` in a transaction only while `epoch` is still the room's: false (nothing written)
 * once another node took the room. The row lock orders it against a taker's bump: a write that
 * began first commits before the taker reads the state, one that comes later sees the new epoch.
 */
export async function fenced(
  db: Db,
  aliasId: string,
  epoch: number,
  write: (tx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ epoch: roomOwners.epoch })
      .from(roomOwners)
      .where(eq(roomOwners.aliasId, aliasId))
      .for('update');
    if (rows[0]?.epoch !== epoch) return false;
    await write(tx as unknown as Db);
    return true;
  });
}
