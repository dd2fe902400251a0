import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mirrors migrations/0019_studio.sql (the SQL is the source of truth). */
export const eventStudios = pgTable('event_studios', {
  aliasId: uuid('alias_id').primaryKey(),
  studio: jsonb('studio').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const accountStudios = pgTable('account_studios', {
  accountId: text('account_id').primaryKey(),
  studio: jsonb('studio').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
