import { z } from 'zod';

/** `GET /api/recordings` takes nothing: the signed-in owner's recordings. */
export const listRecordingsRequest = z.object({});
