import { z } from 'zod';
import { profileUpdateRequest } from '@podium/protocol';

/** Details take no input; query parameters are ignored. */
export const detailsRequest = z.object({});

/**
 * SECURITY: the avatar is put into pages as an image address, so only http(s) URLs are kept
 * (zod's url() also admits javascript: and data: addresses).
 */
export const profileUpdateInput = profileUpdateRequest.refine(
  (b) => b.avatar === undefined || /^https?:\/\//i.test(b.avatar),
  { message: 'Invalid URL', path: ['avatar'] },
);
