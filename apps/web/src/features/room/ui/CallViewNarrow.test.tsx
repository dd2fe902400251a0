import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderInRoom, testParticipant } from '../../../test/room.tsx';
import { CallView } from './CallView.tsx';

/**
 * A desktop window too narrow for every feature's control (issue 15): the core controls and
 * Leave stay, the features' controls that do not fit move behind More options (the phone's
 * overflow), where they keep their names and states and still open their panels.
 */
const RealObserver = window.ResizeObserver;
let barWidth = 700;

// jsdom lays nothing out: the bar "measures" barWidth, as a browser's ResizeObserver would say.
class MeasuringObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const entry = { target, contentRect: { width: barWidth } } as unknown as ResizeObserverEntry;
    this.callback([entry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

beforeEach(() => {
  barWidth = 700;
  window.ResizeObserver = MeasuringObserver as unknown as typeof ResizeObserver;
});

afterEach(() => {
  cleanup();
  window.ResizeObserver = RealObserver;
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

describe('call view in a narrow desktop window', () => {
  it.each([
    ['en', ['Microphone', 'Camera', 'Share screen', 'Layout', 'Leave'], 'More options', 'Chat'],
    ['vi', ['Micro', 'Camera', 'Rời đi'], 'Thêm tùy chọn', 'Trò chuyện'],
  ] as const)(
    'keeps the core controls and Leave in the bar in %s; the rest behind More options',
    (language, core, moreName, chatName) => {
      show(language);
      for (const name of core) expect(controls().getByRole('button', { name })).toBeTruthy();
      expect(controls().queryByRole('button', { name: chatName })).toBeNull();
      const more = controls().getByRole('button', { name: moreName });
      fireEvent.click(more);
      expect(more.getAttribute('aria-expanded')).toBe('true');
      const menu = within(controls().getByRole('group', { name: moreName }));
      expect(menu.getByRole('button', { name: chatName })).toBeTruthy();
    },
    20_000,
  );

  it('opens a panel from More options; the toggle shows its state there', () => {
    show();
    fireEvent.click(controls().getByRole('button', { name: 'More options' }));
    const menu = within(controls().getByRole('group', { name: 'More options' }));
    const chat = menu.getByRole('button', { name: 'Chat' });
    expect(chat.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(chat);
    expect(screen.getByRole('complementary', { name: 'Chat' })).toBeTruthy();
    // Still in the menu (open or closed), now pressed.
    const inMenu = controls().getByRole('button', { name: 'Chat', hidden: true });
    expect(inMenu.closest('[role="group"]')?.getAttribute('aria-label')).toBe('More options');
    expect(inMenu.getAttribute('aria-pressed')).toBe('true');
  }, 20_000);

  it('shows every control inline once the window is wide enough', () => {
    barWidth = 2000;
    show();
    expect(controls().queryByRole('button', { name: 'More options' })).toBeNull();
    expect(controls().getByRole('button', { name: 'Chat' })).toBeTruthy();
    expect(controls().getByRole('button', { name: 'Participants' })).toBeTruthy();
  }, 20_000);
});
