import { z } from 'zod';

/** `DELETE /api/recordings/:id` takes nothing beyond the path. */
export const removeRecordingRequest = z.object({});
