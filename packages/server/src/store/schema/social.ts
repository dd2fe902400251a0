import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { OAuthProvider, EnterpriseStatus } from '@podium/protocol';

/** Mirrors migrations/0009_social_signin_domains.sql (the SQL is the source of truth). */
export const linkedIdentities = pgTable(
  'linked_identities',
  {
    provider: text('provider').$type<OAuthProvider>().notNull(),
    subject: text('subject').notNull(),
    accountId: text('account_id').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);
export type LinkedIdentityRow = typeof linkedIdentities.$inferSelect;

export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider').$type<OAuthProvider>().notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  linkAccountId: text('link_account_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type OAuthStateRow = typeof oauthStates.$inferSelect;

export const enterpriseDomains = pgTable('enterprise_domains', {
  domain: text('domain').primaryKey(),
  name: text('name'),
  mainDomain: text('main_domain').notNull(),
  accApiUrl: text('acc_api_url').notNull(),
  webrtcBaseApiUrl: text('webrtc_base_api_url').notNull(),
  conferenceApiUrl: text('conference_api_url').notNull(),
  signalController: text('signal_controller').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type EnterpriseDomainRow = typeof enterpriseDomains.$inferSelect;

export const enterpriseMemberStatus = pgTable(
  'enterprise_member_status',
  {
    domain: text('domain').notNull(),
    accountId: text('account_id').notNull(),
    status: text('status').$type<EnterpriseStatus>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.domain, t.accountId] })],
);
