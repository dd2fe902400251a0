import { z } from 'zod';

/** The outbox pages take no parameters; anything in the query string is ignored. */
export const outboxInput = z.object({});
