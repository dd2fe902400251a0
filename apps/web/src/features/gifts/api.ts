import type {
  DonateRequest,
  GiftCatalogueResponse,
  GiftTransferResponse,
  GiveGiftRequest,
  RecipientResponse,
  SendGiftRequest,
} from '@podium/protocol';
import { api } from '../../shared/api/index.ts';
import { apiPaths } from '@podium/protocol';

export const giftKeys = {
  catalogue: ['gifts', 'catalogue'] as const,
  recipient: (to: string) => ['gifts', 'recipient', to] as const,
};

export function fetchCatalogue(): Promise<GiftCatalogueResponse> {
  return api.get<GiftCatalogueResponse>(apiPaths.gifts.catalogue, { auth: false });
}

export function fetchRecipient(to: string): Promise<RecipientResponse> {
  return api.get<RecipientResponse>(apiPaths.gifts.recipient, { query: { to }, auth: false });
}

export function sendGift(body: SendGiftRequest): Promise<GiftTransferResponse> {
  return api.post<GiftTransferResponse>(apiPaths.gifts.send, body);
}

export function donate(body: DonateRequest): Promise<GiftTransferResponse> {
  return api.post<GiftTransferResponse>(apiPaths.gifts.donate, body);
}

export function giveInRoom(body: GiveGiftRequest): Promise<GiftTransferResponse> {
  return api.post<GiftTransferResponse>(apiPaths.gifts.give, body);
}

/**
 * One key per intended transfer: made when the person picks what to send and kept for retries
 * of that same choice, so a retry after a lost answer is applied at most once.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
