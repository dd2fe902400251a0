import { describe, expect, it } from 'vitest';
import { INITIAL_ROOM, reduceRoom } from '../state/roomState.ts';
import { giftLineTransfer, type GiftGiven } from './giftEvents.ts';

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
    const once = reduceRoom(INITIAL_ROOM, gift);
    expect(once.gifts).toEqual([gift]);
    expect(once.chat).toHaveLength(1);
    expect(giftLineTransfer(once.chat[0]!)).toBe('t-1');
    expect(once.unread).toBe(1);
    const twice = reduceRoom(once, gift);
    expect(twice.gifts).toHaveLength(1);
    expect(twice.chat).toHaveLength(1);
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
