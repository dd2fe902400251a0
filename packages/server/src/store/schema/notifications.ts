import { bigserial, boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '@podium/protocol';

/** Mirrors migrations/0007_notifications.sql (the SQL is the source of truth). */
export const notifications = pgTable('notifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: text('account_id').notNull(),
  kind: text('kind').$type<NotificationKind>().notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  isRead: boolean('is_read').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type NotificationRow = typeof notifications.$inferSelect;
