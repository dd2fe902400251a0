import type { ChatMessageView, ServerMessageOf } from '@podium/protocol';
import type { FeatureSlice } from '../../state/featureState.ts';
import type { RoomInput } from '../../state/roomState.ts';
import { readSlice, type RoomStoreState } from '../../store.ts';

export type GiftGiven = ServerMessageOf<'gift_given'>;

/** Gifts kept for the chat lines and the animation (the newest). */
const GIFTS_KEEP = 200;

const PREFIX = 'gift:';

/**
 * A gift's line in the chat: a chat entry whose id names the transfer, so it sorts with the
 * messages and counts as unread; the panel renders it from the gift (translated), not its text.
 */
function giftChatLine(gift: GiftGiven): ChatMessageView {
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
function keepGift(gifts: readonly GiftGiven[], gift: GiftGiven): readonly GiftGiven[] {
  if (gifts.some((g) => g.transfer_id === gift.transfer_id)) return gifts;
  const next = [...gifts, gift];
  return next.length > GIFTS_KEEP ? next.slice(next.length - GIFTS_KEEP) : next;
}

/** Gifts given in the room since joining: the gifts feature's slice of the room store. */
export const giftsSlice: FeatureSlice<readonly GiftGiven[]> = {
  key: 'gifts',
  initial: [],
  reduce: (gifts, input) => (input.type === 'gift_given' ? keepGift(gifts, input) : gifts),
};

export function giftsOf(state: Pick<RoomStoreState, 'features'>): readonly GiftGiven[] {
  return readSlice(state, giftsSlice);
}

/** The chat line a room event adds: one per gift given. */
export function giftLineFor(input: RoomInput): ChatMessageView | null {
  return input.type === 'gift_given' ? giftChatLine(input) : null;
}
