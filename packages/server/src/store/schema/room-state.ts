import {
  bigint,
  boolean,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RoomMode } from '@podium/protocol';

/** Mirrors migrations/0016_room_state.sql (the SQL is the source of truth). */
export const roomStates = pgTable('room_states', {
  aliasId: uuid('alias_id').primaryKey(),
  mode: text('mode').$type<RoomMode>().notNull(),
  locked: boolean('locked').notNull(),
  waitingRoom: boolean('waiting_room').notNull(),
  started: boolean('started').notNull(),
  coHosts: jsonb('co_hosts').$type<string[]>().notNull().default([]),
  presenters: jsonb('presenters').$type<string[]>().notNull().default([]),
  interpreters: jsonb('interpreters').$type<Record<string, string>>().notNull().default({}),
  pinned: text('pinned'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type RoomStateRow = typeof roomStates.$inferSelect;

export const roomGuestLinks = pgTable(
  'room_guest_links',
  {
    aliasId: uuid('alias_id').notNull(),
    link: text('link').notNull(),
    identity: text('identity').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.aliasId, t.link, t.identity] })],
);

/** Mirrors migrations/0024_room_owners.sql: the fencing epoch of a room's owner node. */
export const roomOwners = pgTable('room_owners', {
  aliasId: uuid('alias_id').primaryKey(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
  node: text('node').notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mirrors migrations/0024_room_owners.sql: who was in a room run on a cluster. */
export const roomAdmitted = pgTable(
  'room_admitted',
  {
    aliasId: uuid('alias_id').notNull(),
    identity: text('identity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.aliasId, t.identity] })],
);
