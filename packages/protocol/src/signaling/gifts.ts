import { z } from 'zod';
import { giftGivenGift } from '../api/gifts.ts';
import { SIGNALING_MAX_NAME, event, participantId, signalingId } from './common.ts';

/** Gifts in a live room: given over HTTP (POST /api/gifts/give), announced on the socket. */

export const giftEvents = {
  /**
   * Someone in the room gave a gift (POST /api/gifts/give): to everyone, once per transfer.
   * Clients show an animation and a chat line; it is not part of the chat history.
   */
  gift_given: event('gift_given', {
    transfer_id: signalingId,
    from: participantId,
    from_name: z.string().max(SIGNALING_MAX_NAME),
    to: participantId,
    to_name: z.string().max(SIGNALING_MAX_NAME),
    gift: giftGivenGift,
    at: z.number(),
  }),
} as const;
