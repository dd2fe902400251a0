import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RecordingEntryState, RecordingFailure } from '@podium/protocol';

/** Mirrors migrations/0017_recordings.sql (the SQL is the source of truth). */
export const recordings = pgTable('recordings', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull(),
  aliasId: uuid('alias_id'),
  eventTitle: text('event_title').notNull(),
  file: text('file').notNull(),
  state: text('state').$type<RecordingEntryState>().notNull(),
  failure: text('failure').$type<RecordingFailure>(),
  startedBy: text('started_by').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  durationMs: bigint('duration_ms', { mode: 'number' }).notNull().default(0),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
});
export type RecordingRow = typeof recordings.$inferSelect;
