import { z } from 'zod';

/** GET takes nothing. */
export const studioDefaultsGet = z.object({});
/**
 * POST: `{ studio }` (replaces them), checked by the studio service with `checkStudio` (so a wrong position or
 * font answers its own keyed message) and its images against their purpose.
 */
export const studioDefaultsPut = z.object({ studio: z.unknown() });
