/**
 * Drizzle table definitions mirroring migrations/*.sql (the SQL files are the source of truth;
 * keep both in step). One file per domain, re-exported here.
 */
export {};
export * from './schema/accounts.ts';
export * from './schema/events.ts';
export * from './schema/chat.ts';
export * from './schema/uploads.ts';
export * from './schema/notifications.ts';
export * from './schema/settings.ts';
export * from './schema/wallet.ts';
export * from './schema/qr-calls.ts';
export * from './schema/social.ts';
export * from './schema/client-logs.ts';
export * from './schema/gifts.ts';
export * from './schema/room-state.ts';
export * from './schema/recordings.ts';
export * from './schema/stream-servers.ts';
export * from './schema/breakout.ts';
export * from './schema/whiteboards.ts';
export * from './schema/studio.ts';
export * from './schema/audience-chat.ts';
