import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mirrors migrations/0018_stream_servers.sql (the SQL is the source of truth). */
export const streamServers = pgTable('stream_servers', {
  id: uuid('id').primaryKey(),
  accountId: text('account_id').notNull(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  /** SECURITY: the stream key, encrypted (services/streaming/key-cipher.ts); never sent out. */
  keySealed: text('key_sealed').notNull(),
  keyHint: text('key_hint').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type StreamServerRow = typeof streamServers.$inferSelect;
