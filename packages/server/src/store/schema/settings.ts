import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/0008_account_settings.sql and 0012 (the SQL is the source of truth). */
export const accountSettings = pgTable('account_settings', {
  accountId: text('account_id').primaryKey(),
  /** Null until the person chooses (0012). */
  language: text('language', { enum: ['en', 'vi'] }),
  antiScreenCapture: boolean('anti_screen_capture').notNull().default(false),
  micOnJoin: boolean('mic_on_join').notNull().default(false),
  cameraOnJoin: boolean('camera_on_join').notNull().default(false),
  audioInputId: text('audio_input_id'),
  videoInputId: text('video_input_id'),
  audioOutputId: text('audio_output_id'),
  allowInvitationEmails: boolean('allow_invitation_emails').notNull().default(true),
  defaultLayout: text('default_layout', { enum: ['gallery', 'center'] })
    .notNull()
    .default('gallery'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AccountSettingsRow = typeof accountSettings.$inferSelect;
