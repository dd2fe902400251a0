import { z } from 'zod';
import { CLIENT_LOG_MESSAGE_MAX, CLIENT_LOG_LEVELS } from './logger-limits.ts';
export * from './logger-limits.ts';

/** The body of `POST /v1/log` (spec §7 "Logger"; limits and behaviour in logger-limits.ts). */
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
