import { bigint, boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mirrors migrations/0004_uploads.sql and 0013 (the SQL is the source of truth). */
export const uploads = pgTable('uploads', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  mime: text('mime').notNull(),
  kind: text('kind', { enum: ['image', 'document', 'other'] }).notNull(),
  sha256: text('sha256').notNull(),
  aliasId: uuid('alias_id'),
  uploader: text('uploader').notNull(),
  /** Readable without a signed link (avatars); chat files are not. */
  public: boolean('public').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type UploadRow = typeof uploads.$inferSelect;
