import { z } from 'zod';
import { STUDIO_IMAGE_PURPOSES } from '@podium/protocol';

/** The body is the multipart upload itself (streamed by the storage service). */
export const studioImageInput = z.object({});
/** What the image is for, in the query string: `?purpose=badge|logo|scene`. */
export const studioImageQuery = z.object({ purpose: z.enum(STUDIO_IMAGE_PURPOSES) });
