/**
 * The zod-free part of logger.ts: the limits the web app's error reporter (on every page) needs
 * without loading zod (issue 11: first load). logger.ts re-exports them.
 */

/**
 * Spec §7 "Logger": `POST /v1/log` takes an error report from the web app (uncaught errors,
 * unhandled rejections). A token is optional: with a valid one the report names the account.
 * Bodies over `CLIENT_LOG_MAX_BYTES` answer 413; one address may send `CLIENT_LOG_RATE_PER_MINUTE`
 * reports a minute (then 429).
 */
export const CLIENT_LOG_MAX_BYTES = 16 * 1024;
export const CLIENT_LOG_RATE_PER_MINUTE = 30;
export const CLIENT_LOG_MESSAGE_MAX = 2000;
export const CLIENT_LOG_LEVELS = ['error', 'warn', 'info'] as const;
export type ClientLogLevel = (typeof CLIENT_LOG_LEVELS)[number];
