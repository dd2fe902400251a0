import { renderInRoom, testParticipant } from '../../../../test/room.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Language, StreamDestinationView } from '@podium/protocol';
import { CallView } from '../../ui/CallView.tsx';

afterEach(cleanup);

// jsdom has no font loading API; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const TEXTS = {
  en: { goLive: 'Go live', live: 'LIVE', checkKey: 'Check your stream key', key: 'Stream key' },
  vi: {
    goLive: 'Phát trực tiếp',
    live: 'TRỰC TIẾP',
    checkKey: 'Kiểm tra khóa luồng của bạn',
    key: 'Khóa luồng',
  },
} as const;

const destinations: StreamDestinationView[] = [
  {
    id: 'd1',
    name: 'Main',
    state: 'streaming',
    error: null,
    attempt: 0,
    url: 'rtmp://live.example/app',
    server_id: null,
  },
  {
    id: 'd2',
    name: 'Wrong',
    state: 'failed',
    error: 'stream.check_key',
    attempt: 0,
    url: 'rtmp://live.example/app',
    server_id: null,
  },
];

function show(language: Language, role: 'host' | 'guest') {
  const self = testParticipant('me', { name: 'Mai', role });
  const other = testParticipant('b', { name: 'Bao', role: role === 'host' ? 'guest' : 'host' });
  const session = renderInRoom(<CallView title="Launch" alias="launch" />, {
    self,
    participants: [self, other],
    language,
  });
  act(() => {
    session.store.getState().dispatch({ type: 'stream_state', live: true, destinations });
  });
  return session;
}

// A whole call view renders per test: slow on a loaded two-core machine.
describe.each(['en', 'vi'] as const)(
  'live streaming in the call (%s)',
  { timeout: 30_000 },
  (language) => {
    const text = TEXTS[language];

    it('shows LIVE to everyone while a destination streams', () => {
      show(language, 'guest');
      expect(screen.getByText(text.live).closest('[role="status"]')).not.toBeNull();
      // Only hosts and co-hosts are offered the Go live control.
      expect(screen.queryByRole('button', { name: text.goLive })).toBeNull();
    });

    it("shows the host each destination's state and 'check your stream key' for the refused one", () => {
      show(language, 'host');
      fireEvent.click(screen.getByRole('button', { name: text.goLive }));
      const list = screen.getAllByRole('list').find((l) => within(l).queryByText('Wrong'));
      expect(list).toBeDefined();
      const wrong = within(list!).getByRole('listitem', { name: 'Wrong' });
      expect(within(wrong).getByRole('alert').textContent).toBe(text.checkKey);
      const key = screen.getByLabelText(text.key);
      expect(key.getAttribute('type')).toBe('password');
    });
  },
);
