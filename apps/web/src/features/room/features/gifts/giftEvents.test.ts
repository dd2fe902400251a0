import { describe, expect, it } from 'vitest';
import { reduceWithFeatures, sliceValue } from '../../state/featureState.ts';
import { INITIAL_ROOM } from '../../state/roomState.ts';
import { giftLineFor, giftLineTransfer, giftsSlice, type GiftGiven } from './giftEvents.ts';

const reducers = { slices: [giftsSlice], chatLines: [giftLineFor] };
const start = { room: INITIAL_ROOM, features: {} };

const gift: GiftGiven = {
  type: 'gift_given',
  transfer_id: 't-1',
  from: 'p1',
  from_name: 'Minh',
  to: 'p2',
  to_name: 'Hà',
  gift: {
    id: 'rose',
    names: { en: 'Rose', vi: 'Hoa hồng' },
    image: '/gifts/rose.svg',
    price: 10,
    unit: 'coin',
  },
  at: 1000,
};

describe('gift_given in the room state', () => {
  it('keeps the gift and adds one chat line (unread while the chat is closed), once', () => {
    const once = reduceWithFeatures(start, gift, reducers);
    expect(sliceValue(once.features, giftsSlice)).toEqual([gift]);
    expect(once.room.chat).toHaveLength(1);
    expect(giftLineTransfer(once.room.chat[0]!)).toBe('t-1');
    expect(once.room.unread).toBe(1);
    const twice = reduceWithFeatures(once, gift, reducers);
    expect(sliceValue(twice.features, giftsSlice)).toHaveLength(1);
    expect(twice.room.chat).toHaveLength(1);
    // Another event leaves the slice as it was.
    expect(
      reduceWithFeatures(twice, { type: 'mode_changed', mode: 'meeting', by: null }, reducers)
        .features,
    ).toBe(twice.features);
  });

  it('ordinary chat messages are not gift lines', () => {
    expect(
      giftLineTransfer({
        id: 'abc.m1',
        from: 'p1',
        from_name: 'M',
        to: 'everyone',
        text: 'hi',
        file: null,
        at: 1,
      }),
    ).toBeNull();
  });
});
