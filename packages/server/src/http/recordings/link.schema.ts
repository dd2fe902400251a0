import { z } from 'zod';

/** `POST /api/recordings/:id/link` takes nothing beyond the path. */
export const recordingLinkRequest = z.object({});
