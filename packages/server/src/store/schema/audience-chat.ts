import { bigserial, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mirrors migrations/0022_audience_chat.sql (the SQL is the source of truth). */
export const audienceChatMessages = pgTable('audience_chat_messages', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  aliasId: uuid('alias_id').notNull(),
  messageId: text('message_id').notNull(),
  fromIdentity: text('from_identity').notNull(),
  fromName: text('from_name').notNull(),
  fromRole: text('from_role').$type<'audience' | 'stage'>().notNull(),
  body: text('body').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});
export type AudienceChatRow = typeof audienceChatMessages.$inferSelect;
