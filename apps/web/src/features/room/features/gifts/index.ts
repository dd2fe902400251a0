import type { InCallFeature } from '../inCallFeature.ts';
import { GiftAnimation } from './GiftAnimation.tsx';
import { GiftChatLine } from './GiftChatLine.tsx';
import { giftLineFor, giftLineTransfer, giftsSlice } from './giftEvents.ts';
import { useGiftControls } from './GiftsButton.tsx';

/**
 * Gifts in the call: the Gifts control with its panel (give a gift to someone here), the gift
 * animation everyone sees, and one chat line per gift given.
 */
export const giftsFeature: InCallFeature = {
  id: 'gifts',
  slice: giftsSlice,
  chat: {
    lineFor: giftLineFor,
    owns: (message) => giftLineTransfer(message) !== null,
    Line: GiftChatLine,
  },
  useControls: useGiftControls,
  Overlay: GiftAnimation,
};
