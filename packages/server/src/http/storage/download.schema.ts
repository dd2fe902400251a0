import { z } from 'zod';

/** The query carries nothing; the file id is the path parameter (an unguessable capability). */
export const downloadInput = z.object({});
export const downloadParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
