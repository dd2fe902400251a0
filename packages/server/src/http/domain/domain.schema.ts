import { z } from 'zod';

/** `GET /list.json` takes nothing (query parameters are ignored). */
export const listJsonRequest = z.object({});
