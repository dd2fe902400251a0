import { z } from 'zod';

/** Logout carries nothing; unknown fields are ignored. */
export const logoutRequest = z.object({});
