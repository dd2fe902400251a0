import { z } from 'zod';

/** `GET /api/v1/auth/providers` and `GET /api/account/linked-accounts` take nothing. */
export const emptyRequest = z.object({});
