import { z } from 'zod';

/** The query of a recording's download: a signed link's expiry and MAC (absent: the token). */
export const recordingFileRequest = z.object({
  exp: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
  sig: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/)
    .optional(),
});
