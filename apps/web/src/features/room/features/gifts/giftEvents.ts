import type { ChatMessageView, ServerMessageOf } from '@podium/protocol';

export type GiftGiven = ServerMessageOf<'gift_given'>;

/** Gifts kept for the chat lines and the animation (the newest). */
export const GIFTS_KEEP = 200;

const PREFIX = 'gift:';

/**
 * A gift's line in the chat: a chat entry whose id names the transfer, so it sorts with the
 * messages and counts as unread; the panel renders it from the gift (translated), not its text.
 */
export function giftChatLine(gift: GiftGiven): ChatMessageView {
  return {
    id: PREFIX + gift.transfer_id,
    from: gift.from,
    from_name: gift.from_name,
    to: 'everyone',
    text: '',
    file: null,
    at: gift.at,
  };
}

/** The transfer id of a gift's chat line, or null for an ordinary message. */
export function giftLineTransfer(message: ChatMessageView): string | null {
  return message.id.startsWith(PREFIX) ? message.id.slice(PREFIX.length) : null;
}

/** Folds a gift into the kept list (a repeated event is ignored). */
export function keepGift(gifts: readonly GiftGiven[], gift: GiftGiven): readonly GiftGiven[] {
  if (gifts.some((g) => g.transfer_id === gift.transfer_id)) return gifts;
  const next = [...gifts, gift];
  return next.length > GIFTS_KEEP ? next.slice(next.length - GIFTS_KEEP) : next;
}
