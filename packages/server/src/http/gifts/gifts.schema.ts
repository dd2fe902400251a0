import { z } from 'zod';

export {
  donateRequest,
  giveGiftRequest,
  recipientRequest,
  sendGiftRequest,
} from '@podium/protocol';

/** `GET /api/gifts` takes nothing. */
export const catalogueRequest = z.object({});
