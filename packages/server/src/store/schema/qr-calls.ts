import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mirrors migrations/0010_qr_calls.sql and 0023 (the SQL is the source of truth). */
export const qrCallAgents = pgTable(
  'qr_call_agents',
  {
    aliasId: uuid('alias_id').notNull(),
    accountId: text('account_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.aliasId, t.accountId] })],
);
export type QrCallAgentRow = typeof qrCallAgents.$inferSelect;

export const qrCalls = pgTable('qr_calls', {
  id: uuid('id').primaryKey(),
  aliasId: uuid('alias_id').notNull(),
  visitorName: text('visitor_name').notNull(),
  visitorAccountId: text('visitor_account_id'),
  visitorTokenSha256: text('visitor_token_sha256').notNull(),
  state: text('state', {
    enum: ['ringing', 'answered', 'cancelled', 'busy', 'timeout', 'expired'],
  }).notNull(),
  rung: jsonb('rung').$type<string[]>().notNull().default([]),
  declined: jsonb('declined').$type<string[]>().notNull().default([]),
  answeredBy: text('answered_by'),
  roomAliasId: uuid('room_alias_id'),
  ringDeadline: timestamp('ring_deadline', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
});
export type QrCallRow = typeof qrCalls.$inferSelect;
