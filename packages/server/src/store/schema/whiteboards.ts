import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { WhiteboardEditors, WhiteboardElement } from '@podium/protocol';

/** Mirrors migrations/0020_whiteboards.sql (the SQL is the source of truth). */
export const whiteboards = pgTable('whiteboards', {
  aliasId: uuid('alias_id').primaryKey(),
  open: boolean('open').notNull().default(false),
  editors: text('editors').$type<WhiteboardEditors>().notNull().default('presenters'),
  elements: jsonb('elements').$type<WhiteboardElement[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type WhiteboardRow = typeof whiteboards.$inferSelect;

export const drawings = pgTable('drawings', {
  accountId: text('account_id').primaryKey(),
  elements: jsonb('elements').$type<WhiteboardElement[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
