import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mirrors migrations/0002_events.sql (the SQL is the source of truth). */
export const aliases = pgTable('aliases', {
  id: uuid('id').primaryKey(),
  ownerId: text('owner_id').notNull(),
  type: text('type', { enum: ['conference', 'qrcode'] }).notNull(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  passcode: text('passcode'),
  requirePasscode: boolean('require_passcode').notNull().default(false),
  startTime: timestamp('start_time', { withTimezone: true }).notNull(),
  endTime: timestamp('end_time', { withTimezone: true }).notNull(),
  mode: text('mode', {
    enum: ['meeting', 'conference', 'theater', 'livestream', 'endtoend'],
  }).notNull(),
  joinBeforeHost: boolean('join_before_host').notNull().default(false),
  speakerKey: text('speaker_key').notNull(),
  expiredAt: timestamp('expired_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AliasRow = typeof aliases.$inferSelect;

export const aliasParticipants = pgTable('alias_participants', {
  id: uuid('id').primaryKey(),
  aliasId: uuid('alias_id').notNull(),
  role: text('role', { enum: ['speaker', 'participant'] }).notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  position: integer('position').notNull().default(0),
  invitedAt: timestamp('invited_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AliasParticipantRow = typeof aliasParticipants.$inferSelect;

/** Mirrors migrations/0014: invitation mails sent per account and UTC day (INVITATIONS_PER_DAY). */
export const invitationQuota = pgTable('invitation_quota', {
  accountId: text('account_id').notNull(),
  day: text('day').notNull(),
  sent: integer('sent').notNull().default(0),
});
