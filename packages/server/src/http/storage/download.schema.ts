import { z } from 'zod';

/**
 * The query of a download: the signed link's expiry and MAC (absent for public files such as
 * avatars); the file id is the path parameter.
 */
export const downloadInput = z.object({
  exp: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
  sig: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/)
    .optional(),
});
export const downloadParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
