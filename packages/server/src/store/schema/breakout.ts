import { boolean, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mirrors migrations/0021_breakout_rooms.sql (the SQL is the source of truth). */
export const breakoutStates = pgTable('breakout_states', {
  aliasId: uuid('alias_id').primaryKey(),
  rooms: jsonb('rooms').$type<{ id: string; name: string }[]>().notNull(),
  assigned: jsonb('assigned').$type<Record<string, string>>().notNull().default({}),
  allowChoose: boolean('allow_choose').notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  help: jsonb('help').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type BreakoutStateRow = typeof breakoutStates.$inferSelect;
