import { renderInRoom, testParticipant } from '../../../../test/room.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import type { Language } from '@podium/protocol';
import { CallView } from '../../ui/CallView.tsx';
import { e2eeStore } from '../../media/e2ee/E2ee.ts';

afterEach(() => {
  cleanup();
  e2eeStore.setState({ ready: false, passphrase: false, safetyCode: null, undecryptable: {} });
});

// jsdom has no font loading API; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

function show(language: Language, mode: 'meeting' | 'endtoend') {
  const self = testParticipant('me', { name: 'Mai' });
  const bao = testParticipant('b', { name: 'Bao', video: true });
  const session = renderInRoom(<CallView title="Weekly" alias="weekly" />, {
    self,
    participants: [self, bao],
    language,
  });
  act(() => {
    const store = session.store.getState();
    store.dispatch({
      type: 'welcome',
      session_id: 's',
      participant: self,
      room: {
        mode,
        locked: false,
        waiting_room: false,
        pinned: null,
        participants: [self, bao],
        waiting: [],
      },
    });
    store.dispatch({
      type: 'feeds',
      added: [
        {
          feed_id: 'f-bao',
          participant_id: 'b',
          name: 'Bao',
          source: 'camera',
          channel: null,
          audio: false,
          video: true,
          simulcast: true,
        },
      ],
      removed: [],
    });
  });
  return session;
}

describe('end-to-end encryption in the room', () => {
  it.each([
    [
      'en',
      'End-to-end encrypted',
      'This browser cannot encrypt media end-to-end',
      'Cannot decrypt — check the encryption key',
    ],
    [
      'vi',
      'Mã hóa đầu cuối',
      'Trình duyệt này không hỗ trợ mã hóa đầu cuối',
      'Không thể giải mã — hãy kiểm tra khóa mã hóa',
    ],
  ] as const)(
    'shows the indicator, an honest state without frame encryption, and tiles that cannot decrypt (%s)',
    (language, badge, unsupported, cannotDecrypt) => {
      show(language, 'endtoend');
      expect(screen.getAllByText(badge).length).toBeGreaterThan(0);
      // jsdom has no encoded transforms: the room says media cannot flow rather than send clear.
      expect(screen.getByText(unsupported, { exact: false }).getAttribute('role')).toBe('status');
      const tile = screen.getByRole('group', { name: 'Bao' });
      expect(within(tile).queryByText(cannotDecrypt)).toBeNull();
      act(() => e2eeStore.setState({ undecryptable: { 'f-bao': true } }));
      expect(within(tile).getByRole('status').textContent).toBe(cannotDecrypt);
      act(() => e2eeStore.setState({ undecryptable: {} }));
      expect(within(tile).queryByText(cannotDecrypt)).toBeNull();
    },
    20_000,
  );

  it('shows nothing of it in a meeting', () => {
    show('en', 'meeting');
    expect(screen.queryByText('End-to-end encrypted')).toBeNull();
    act(() => e2eeStore.setState({ undecryptable: { 'f-bao': true } }));
    expect(screen.queryByText('Cannot decrypt — check the encryption key')).toBeNull();
  }, 20_000);
});
