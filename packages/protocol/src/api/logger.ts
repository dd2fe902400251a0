import { z } from 'zod';

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

export const clientLogRequest = z
  .object({
    level: z.enum(CLIENT_LOG_LEVELS),
    message: z.string().trim().min(1).max(CLIENT_LOG_MESSAGE_MAX),
    /** Anything that helps: stack, page, source file and line, app version. JSON only. */
    context: z
      .record(z.string().max(64), z.unknown())
      .refine((c) => Object.keys(c).length <= 32, { message: 'At most 32 context fields' })
      .optional(),
  })
  .strict();
export type ClientLogRequest = z.infer<typeof clientLogRequest>;

export interface ClientLogResponse {
  id: number;
}
