import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/0011_client_logs.sql (the SQL is the source of truth). */
export const clientLogs = pgTable('client_logs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  accountId: text('account_id'),
  level: text('level', { enum: ['error', 'warn', 'info'] }).notNull(),
  message: text('message').notNull(),
  context: jsonb('context').$type<Record<string, unknown>>().notNull(),
  userAgent: text('user_agent'),
  ip: text('ip'),
});
export type ClientLogRow = typeof clientLogs.$inferSelect;
