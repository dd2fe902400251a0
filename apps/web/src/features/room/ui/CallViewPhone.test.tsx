import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderInRoom, testParticipant } from '../../../test/room.tsx';
import { CallView, COMPACT_QUERY } from './CallView.tsx';

/**
 * The call on a phone (COMPACT_QUERY matches): microphone, camera, More options and Leave in
 * the bar, every other control behind More options; a panel is a full-screen sheet; Escape
 * closes it. The desktop layout is CallView.test.tsx.
 */
const realMatchMedia = window.matchMedia;

// jsdom has no font loading API; Mantine's autosizing textarea (the chat) listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

beforeEach(() => {
  window.matchMedia = (query: string) =>
    ({
      ...realMatchMedia(query),
      matches: query === COMPACT_QUERY,
      media: query,
    }) as MediaQueryList;
});

afterEach(() => {
  cleanup();
  window.matchMedia = realMatchMedia;
});

const controls = () => within(screen.getByRole('region', { name: /Call controls|Điều khiển/ }));

function show(language: 'en' | 'vi' = 'en') {
  const self = testParticipant('me', { role: 'presenter', name: 'Lan' });
  return renderInRoom(<CallView title="Weekly" alias="weekly" />, {
    self,
    participants: [self, testParticipant('b', { name: 'Bao' })],
    language,
  });
}

describe('call view on a phone', () => {
  it.each([
    ['en', ['Microphone', 'Camera', 'More options', 'Leave'], 'Chat'],
    ['vi', ['Micro', 'Camera', 'Thêm tùy chọn', 'Rời đi'], 'Trò chuyện'],
  ] as const)(
    'keeps the main controls in the bar in %s; the rest behind More options',
    (language, bar, chat) => {
      show(language);
      for (const name of bar) expect(controls().getByRole('button', { name })).toBeTruthy();
      const more = controls().getByRole('button', { name: bar[2] });
      expect(more.getAttribute('aria-expanded')).toBe('false');
      fireEvent.click(more);
      expect(more.getAttribute('aria-expanded')).toBe('true');
      expect(controls().getByRole('button', { name: chat })).toBeTruthy();
    },
  );

  it('opens a panel as a full-screen sheet, closed by Escape', () => {
    show();
    fireEvent.click(controls().getByRole('button', { name: 'More options' }));
    fireEvent.click(controls().getByRole('button', { name: 'Chat' }));
    const chat = screen.getByRole('complementary', { name: 'Chat' });
    expect(chat.parentElement?.className).toMatch(/sheet/);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('complementary', { name: 'Chat' })).toBeNull();
  });
});
