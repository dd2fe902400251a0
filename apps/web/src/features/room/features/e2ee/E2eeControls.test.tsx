import { renderInRoom, testParticipant } from '../../../../test/room.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

/** What the dialog uses of the room's E2ee (the media layer, absent in jsdom). */
interface FakeE2ee {
  setPassphrase(passphrase: string, salt: string): Promise<void>;
}

function show(language: Language, mode: 'meeting' | 'endtoend', e2ee?: FakeE2ee) {
  const self = testParticipant('me', { name: 'Mai' });
  const bao = testParticipant('b', { name: 'Bao', video: true });
  const session = renderInRoom(<CallView title="Weekly" alias="weekly" />, {
    self,
    participants: [self, bao],
    language,
  });
  // A browser that can encrypt frames: the session's media offers its E2ee.
  if (e2ee) Object.defineProperty(session, 'media', { get: () => ({ e2ee }) });
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

  it.each([
    [
      'en',
      [
        'Encryption details',
        'End-to-end encryption',
        'Safety code',
        'Passphrase',
        'Use this passphrase',
        'A passphrase is in use.',
        'Remove the passphrase',
      ],
    ],
    [
      'vi',
      [
        'Chi tiết mã hóa',
        'Mã hóa đầu cuối',
        'Mã an toàn',
        'Cụm mật khẩu',
        'Dùng cụm mật khẩu này',
        'Đang dùng cụm mật khẩu.',
        'Bỏ cụm mật khẩu',
      ],
    ],
  ] as const)(
    'shows the safety code and takes an optional passphrase, with nothing to type first (%s)',
    async (language, [details, title, code, label, use, inUse, remove]) => {
      const typed: [string, string][] = [];
      show(language, 'endtoend', {
        setPassphrase: (passphrase, salt) => {
          typed.push([passphrase, salt]);
          e2eeStore.setState({ passphrase: passphrase !== '' });
          return Promise.resolve();
        },
      });
      act(() => e2eeStore.setState({ ready: true, safetyCode: '01234 56789 13579 24680 11235' }));
      // Keys need nothing typed: no dialog opens by itself.
      expect(screen.queryByRole('dialog')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: details }));
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(within(dialog).getByLabelText(code).textContent).toBe('01234 56789 13579 24680 11235');
      fireEvent.change(within(dialog).getByLabelText(label, { exact: true }), {
        target: { value: 'mây trắng' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: use }));
      await within(dialog).findByText(inUse);
      fireEvent.click(within(dialog).getByRole('button', { name: remove }));
      await waitFor(() => expect(within(dialog).queryByText(inUse)).toBeNull());
      // Salted with the room's alias; an empty passphrase removes it.
      expect(typed).toEqual([
        ['mây trắng', 'weekly'],
        ['', 'weekly'],
      ]);
    },
    20_000,
  );
});
