import { z } from 'zod';
import {
  DEFAULT_WALLET_UNIT,
  idempotencyKey,
  walletAmount,
  walletUnit,
  type WalletBalance,
} from './wallet.ts';
import { giftMessages } from './gifts-messages.ts';
export * from './gifts-messages.ts';

/**
 * Gifts (spec §1 "gifts (need login and balance)", §3 "Gift: sender, receiver, balance";
 * decisions.md "Money": a gift moves its price from the sender to the receiver in one transfer).
 *
 * - `GET /api/gifts` — the catalogue (no sign-in needed to look).
 * - `POST /api/gifts/give` (T) — in a live room, to a participant who is there and not you.
 * - `POST /api/gifts/send` (T) — by link (/gift?to=<username or event alias>), to the person
 *   or the event's host.
 * - `POST /api/gifts/donate` (T) — an amount, by link (/gift/donation?to=…).
 * - `GET /api/gifts/recipient?to=` — who a link names (public name only).
 * Each money-moving call carries the client's idempotency key: a retry with the same key and
 * body answers the original transfer and moves nothing again.
 */

export const giftView = z.object({
  id: z.string(),
  names: z.object({ en: z.string(), vi: z.string() }),
  /** Same-origin path of the gift's picture. */
  image: z.string(),
  price: z.number().int().positive(),
  unit: walletUnit,
});
export type GiftView = z.infer<typeof giftView>;
export const giftCatalogueResponse = z.object({ gifts: z.array(giftView) });
export type GiftCatalogueResponse = z.infer<typeof giftCatalogueResponse>;

const recipientRef = z
  .string({ error: giftMessages['gifts.recipient_required'].en })
  .trim()
  .min(1, giftMessages['gifts.recipient_required'].en)
  .max(100, giftMessages['gifts.recipient_unknown'].en);
const giftId = z
  .string({ error: giftMessages['gifts.unknown_gift'].en })
  .regex(/^[a-z0-9_-]{1,32}$/, giftMessages['gifts.unknown_gift'].en);

/** In a live room: `room` is the event's alias id (from POST /member/v1/auth), `to` a participant id. */
export const giveGiftRequest = z.object({
  room: z.uuid({ error: giftMessages['gifts.not_in_room'].en }),
  to: z.string().min(1).max(64),
  gift_id: giftId,
  idempotency_key: idempotencyKey,
});
export type GiveGiftRequest = z.input<typeof giveGiftRequest>;

/** By link: `to` is a username or an event alias (its host receives). */
export const sendGiftRequest = z.object({
  to: recipientRef,
  gift_id: giftId,
  idempotency_key: idempotencyKey,
});
export type SendGiftRequest = z.input<typeof sendGiftRequest>;

export const donateRequest = z.object({
  to: recipientRef,
  amount: walletAmount,
  unit: walletUnit.default(DEFAULT_WALLET_UNIT),
  idempotency_key: idempotencyKey,
});
export type DonateRequest = z.input<typeof donateRequest>;

export const recipientRequest = z.object({ to: recipientRef });
export const recipientResponse = z.object({ name: z.string() });
export type RecipientResponse = z.infer<typeof recipientResponse>;

/** The answer of give / send / donate. */
export interface GiftTransferResponse {
  transfer: {
    id: string;
    kind: 'gift' | 'donation';
    unit: string;
    amount: number;
    gift_id: string | null;
    created_at: string;
  };
  /** True when this key was applied before: nothing moved this time. */
  replayed: boolean;
  /** The sender's balances after the transfer. */
  balances: WalletBalance[];
}

/** The `gift_given` socket event's gift (signaling.ts). */
export const giftGivenGift = giftView.pick({
  id: true,
  names: true,
  image: true,
  price: true,
  unit: true,
});
