import { bigserial, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ChatFile } from '@podium/protocol';

/** Mirrors migrations/0003_chat.sql (the SQL is the source of truth). */
export const chatMessages = pgTable('chat_messages', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  aliasId: uuid('alias_id').notNull(),
  messageId: text('message_id').notNull(),
  fromParticipant: text('from_participant').notNull(),
  fromIdentity: text('from_identity').notNull(),
  fromName: text('from_name').notNull(),
  toParticipant: text('to_participant'),
  toIdentity: text('to_identity'),
  body: text('body').notNull(),
  file: jsonb('file').$type<ChatFile>(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});
export type ChatMessageRow = typeof chatMessages.$inferSelect;

export const chatPasscodes = pgTable('chat_passcodes', {
  aliasId: uuid('alias_id').primaryKey(),
  passcodeSha256: text('passcode_sha256').notNull(),
  setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roomBlocks = pgTable(
  'room_blocks',
  {
    aliasId: uuid('alias_id').notNull(),
    identity: text('identity').notNull(),
    blockedAt: timestamp('blocked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.aliasId, t.identity] })],
);
