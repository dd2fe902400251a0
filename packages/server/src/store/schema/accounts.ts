import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/0001_accounts.sql (the SQL is the source of truth). */
export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  username: text('username'),
  email: text('email'),
  phone: text('phone'),
  passwordHash: text('password_hash'),
  fullName: text('full_name'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  company: text('company'),
  avatar: text('avatar'),
  accountStatus: text('account_status', { enum: ['verifying', 'active', 'disabled'] })
    .notNull()
    .default('verifying'),
  emailVerified: boolean('email_verified').notNull().default(false),
  phoneVerified: boolean('phone_verified').notNull().default(false),
  userType: text('user_type', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  membershipId: text('membership_id'),
  referralCode: text('referral_code').notNull(),
  referredBy: text('referred_by'),
  conferenceMode: text('conference_mode', { enum: ['meeting', 'endtoend'] })
    .notNull()
    .default('meeting'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AccountRow = typeof accounts.$inferSelect;

export const accountSessions = pgTable('account_sessions', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  accessHash: text('access_hash').notNull(),
  renewalHash: text('renewal_hash').notNull(),
  accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
  renewalExpiresAt: timestamp('renewal_expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  renewedAt: timestamp('renewed_at', { withTimezone: true }),
});

/** Mirrors migrations/0014: rotated-out renewal tokens, for reuse detection. */
export const retiredRenewalTokens = pgTable('retired_renewal_tokens', {
  renewalHash: text('renewal_hash').primaryKey(),
  sessionId: text('session_id').notNull(),
  retiredAt: timestamp('retired_at', { withTimezone: true }).notNull(),
});

export const CODE_PURPOSES = ['verify_email', 'verify_phone', 'reset_password'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const accountCodes = pgTable(
  'account_codes',
  {
    accountId: text('account_id').notNull(),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.purpose] })],
);
