import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import {
  roomAdmitted,
  roomBlocks,
  roomGuestLinks,
  roomStates,
  type RoomStateRow,
} from '../../store/schema.ts';

/** Room state kept across restarts and guest links (migrations/0016_room_state.sql); queries only. */

export type SavedRoomState = Omit<RoomStateRow, 'aliasId' | 'updatedAt'>;

export async function loadRoomState(db: Db, aliasId: string): Promise<SavedRoomState | null> {
  const rows = await db.select().from(roomStates).where(eq(roomStates.aliasId, aliasId)).limit(1);
  const row = rows[0];
  if (!row) return null;
  const { aliasId: _id, updatedAt: _at, ...saved } = row;
  return saved;
}

export async function saveRoomState(db: Db, aliasId: string, saved: SavedRoomState): Promise<void> {
  const values = { ...saved, updatedAt: new Date() };
  await db
    .insert(roomStates)
    .values({ aliasId, ...values })
    .onConflictDoUpdate({ target: roomStates.aliasId, set: values });
}

export async function deleteRoomState(db: Db, aliasId: string): Promise<void> {
  await db.delete(roomStates).where(eq(roomStates.aliasId, aliasId));
}

/** Identities that were in the room's run on a cluster (migrations/0024). */
export async function loadAdmitted(db: Db, aliasId: string): Promise<string[]> {
  const rows = await db
    .select({ identity: roomAdmitted.identity })
    .from(roomAdmitted)
    .where(eq(roomAdmitted.aliasId, aliasId));
  return rows.map((r) => r.identity);
}

export async function addAdmitted(
  db: Db,
  aliasId: string,
  identities: readonly string[],
): Promise<void> {
  if (identities.length === 0) return;
  await db
    .insert(roomAdmitted)
    .values(identities.map((identity) => ({ aliasId, identity })))
    .onConflictDoNothing();
}

/** Everyone (no identity given) or one person (removed from the room). */
export async function deleteAdmitted(db: Db, aliasId: string, identity?: string): Promise<void> {
  await db
    .delete(roomAdmitted)
    .where(
      identity === undefined
        ? eq(roomAdmitted.aliasId, aliasId)
        : and(eq(roomAdmitted.aliasId, aliasId), eq(roomAdmitted.identity, identity)),
    );
}

/** Records that `links` (browser session, address) belong to guest `identity` in this event. */
export async function linkGuest(
  db: Db,
  aliasId: string,
  identity: string,
  links: readonly string[],
): Promise<void> {
  if (links.length === 0) return;
  await db
    .insert(roomGuestLinks)
    .values(links.map((link) => ({ aliasId, link, identity })))
    .onConflictDoNothing();
}

/** A blocked identity of this event that any of `links` belongs to, or null. */
export async function blockedIdentityOf(
  db: Db,
  aliasId: string,
  links: readonly string[],
): Promise<string | null> {
  if (links.length === 0) return null;
  const rows = await db
    .select({ identity: roomGuestLinks.identity })
    .from(roomGuestLinks)
    .innerJoin(
      roomBlocks,
      and(
        eq(roomBlocks.aliasId, roomGuestLinks.aliasId),
        eq(roomBlocks.identity, roomGuestLinks.identity),
      ),
    )
    .where(and(eq(roomGuestLinks.aliasId, aliasId), inArray(roomGuestLinks.link, [...links])))
    .limit(1);
  return rows[0]?.identity ?? null;
}
