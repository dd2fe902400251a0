import { renderInRoom, testParticipant } from '../../../../test/room.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { BreakoutView, Language } from '@podium/protocol';
import { CallView } from '../../ui/CallView.tsx';

afterEach(cleanup);

// jsdom has no font loading API; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const TEXTS = {
  en: {
    control: 'Breakout rooms',
    open: 'Open breakout rooms',
    inRoom2: 'You are in Room 2',
    askHelp: 'Ask for help',
    moveBao: 'Room of Bao',
    visit: 'Visit Room 2',
    closeAll: 'Close all rooms',
    room2: 'Room 2',
  },
  vi: {
    control: 'Phòng nhóm',
    open: 'Mở phòng nhóm',
    inRoom2: 'Bạn đang ở Phòng 2',
    askHelp: 'Nhờ trợ giúp',
    moveBao: 'Phòng của Bao',
    visit: 'Ghé Phòng 2',
    closeAll: 'Đóng tất cả các phòng',
    room2: 'Phòng 2',
  },
} as const;

const view: BreakoutView = {
  rooms: [
    { id: 'b1', name: 'Room 1', members: [], needs_help: false },
    { id: 'b2', name: 'Room 2', members: ['b', 'c'], needs_help: true },
  ],
  allow_choose: false,
  ends_at: null,
};

function show(language: Language, role: 'host' | 'guest', breakout: BreakoutView | null) {
  const self = testParticipant(role === 'host' ? 'me' : 'b', {
    name: role === 'host' ? 'Mai' : 'Bao',
    role,
  });
  const others = [
    testParticipant(role === 'host' ? 'b' : 'me', {
      name: role === 'host' ? 'Bao' : 'Mai',
      role: role === 'host' ? 'guest' : 'host',
    }),
    testParticipant('c', { name: 'Chi', role: 'guest' }),
  ];
  const session = renderInRoom(<CallView title="Class" alias="class" />, {
    self,
    participants: [self, ...others],
    language,
  });
  act(() => {
    session.store.getState().dispatch({ type: 'breakout_state', breakout });
  });
  return session;
}

// A whole call view renders per test: slow on a loaded two-core machine.
describe.each(['en', 'vi'] as const)(
  'breakout rooms in the call (%s)',
  { timeout: 30_000 },
  (language) => {
    const text = TEXTS[language];

    it('offers the host the form to open rooms, and nothing to a guest while none are open', () => {
      show(language, 'host', null);
      fireEvent.click(screen.getByRole('button', { name: text.control }));
      expect(screen.getByRole('button', { name: text.open })).toBeTruthy();
      cleanup();
      show(language, 'guest', null);
      expect(screen.queryByRole('button', { name: text.control })).toBeNull();
    });

    it('shows a guest their room and lets them ask for help', () => {
      show(language, 'guest', view);
      expect(screen.getAllByText(text.inRoom2).length).toBeGreaterThan(0);
      fireEvent.click(screen.getByRole('button', { name: text.control }));
      expect(screen.getByRole('button', { name: text.askHelp })).toBeTruthy();
    });

    it('lets the host move people, visit a room and close them all', () => {
      show(language, 'host', view);
      fireEvent.click(screen.getByRole('button', { name: text.control }));
      const move = screen.getByRole('combobox', { name: text.moveBao });
      expect((move as HTMLSelectElement).value).toBe('b2');
      expect(screen.getByRole('button', { name: text.visit })).toBeTruthy();
      const room2 = screen.getByRole('listitem', { name: text.room2 });
      expect(within(room2).getByText('Chi')).toBeTruthy();
      expect(screen.getByRole('button', { name: text.closeAll })).toBeTruthy();
    });
  },
);
