import { renderInRoom, testParticipant } from '../../../../test/room.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import type { Language } from '@podium/protocol';
import type { GiftGiven } from './giftEvents.ts';
import { GIFT_ANIMATION_MS, GiftAnimation } from './GiftAnimation.tsx';

const person = (id: string, name: string) => testParticipant(id, { name });

const rose = (transferId: string, from = 'Minh', to = 'Hà'): GiftGiven => ({
  type: 'gift_given',
  transfer_id: transferId,
  from: 'p1',
  from_name: from,
  to: 'p2',
  to_name: to,
  gift: {
    id: 'rose',
    names: { en: 'Rose', vi: 'Hoa hồng' },
    image: '/gifts/rose.svg',
    price: 10,
    unit: 'coin',
  },
  at: 1000,
});

const realMatchMedia = window.matchMedia;

/** Someone else's call screen: only the overlay, fed by the room store as the socket would. */
function show(language: Language = 'en') {
  const self = person('p3', 'Lan');
  const session = renderInRoom(<GiftAnimation />, {
    self,
    participants: [person('p1', 'Minh'), person('p2', 'Hà'), self],
    language,
  });
  return (event: GiftGiven) => act(() => session.store.getState().dispatch(event));
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  window.matchMedia = realMatchMedia;
});

describe('gift animation', () => {
  it('shows the gift to everyone as a live status, then goes away by itself', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const receive = show();
    const status = screen.getByRole('status');
    // The live region is there before any gift, so the first one is announced too.
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');

    receive(rose('t1'));
    expect(status.textContent).toBe('Minh sent Rose to Hà');
    expect(status.querySelector('img')?.getAttribute('src')).toBe('/gifts/rose.svg');

    act(() => vi.advanceTimersByTime(GIFT_ANIMATION_MS - 1));
    expect(status.textContent).toBe('Minh sent Rose to Hà');
    act(() => vi.advanceTimersByTime(1));
    expect(status.textContent).toBe('');
  });

  it('shows gifts one after another; a repeated event is not shown again', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const receive = show();
    const status = screen.getByRole('status');
    receive(rose('t1'));
    receive(rose('t2', 'Bao', 'Chi'));
    receive(rose('t1'));
    expect(status.textContent).toBe('Minh sent Rose to Hà');
    act(() => vi.advanceTimersByTime(GIFT_ANIMATION_MS));
    expect(status.textContent).toBe('Bao sent Rose to Chi');
    act(() => vi.advanceTimersByTime(GIFT_ANIMATION_MS));
    expect(status.textContent).toBe('');
  });

  it('speaks Vietnamese', () => {
    const receive = show('vi');
    receive(rose('t1'));
    expect(screen.getByRole('status').textContent).toBe('Minh đã gửi Hoa hồng cho Hà');
  });

  it.each([
    [false, 'full'],
    [true, 'reduced'],
  ] as const)('reduced motion asked for: %s → %s motion', (reduce, motion) => {
    window.matchMedia = (query: string) =>
      ({
        ...realMatchMedia(query),
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
        media: query,
      }) as MediaQueryList;
    const receive = show();
    receive(rose('t1'));
    const card = screen.getByText('Minh sent Rose to Hà').closest('[data-motion]');
    expect(card?.getAttribute('data-motion')).toBe(motion);
  });
});
