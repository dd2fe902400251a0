import { renderInRoom, testParticipant } from '../../../test/room.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { configure } from '@testing-library/react';
import type { Language, ParticipantView } from '@podium/protocol';
import { CallView } from './CallView.tsx';

configure({ asyncUtilTimeout: 8000 });
afterEach(cleanup);

// jsdom has no font loading API; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const person = testParticipant;

/**
 * The call screen rendered from a room state (the session is never started: no network). What
 * a person, and assistive technology, finds on it.
 */
function show(self: ParticipantView, language: Language = 'en') {
  return renderInRoom(<CallView title="Weekly" alias="weekly" />, {
    self,
    participants: [self, person('Bao', { hand_raised_at: 5 })],
    waitingRoom: true,
    waiting: [{ participant_id: 'w1', name: 'Chi', guest: true, since: 1 }],
    language,
  });
}

const controls = () => within(screen.getByRole('region', { name: /Call controls|Điều khiển/ }));

describe('call view', () => {
  it.each([
    [
      'en',
      ['Microphone', 'Camera', 'Share screen', 'Raise hand', 'Chat', 'Participants'],
      ['Layout', 'Audio and video settings', 'Gifts', 'Leave'],
    ],
    [
      'vi',
      ['Micro', 'Camera', 'Chia sẻ màn hình', 'Giơ tay', 'Trò chuyện', 'Người tham gia'],
      ['Bố cục', 'Cài đặt âm thanh và hình ảnh', 'Quà tặng', 'Rời đi'],
    ],
  ] as const)(
    'every control has a name in %s; toggles say whether they are on',
    (language, toggles, buttons) => {
      show(person('me', { role: 'presenter' }), language);
      for (const name of toggles) {
        expect(controls().getByRole('button', { name }).getAttribute('aria-pressed')).toBe('false');
      }
      for (const name of buttons) expect(controls().getByRole('button', { name })).toBeTruthy();
    },
  );

  it('the host has no hand to raise (the server refuses it)', () => {
    show(person('me', { role: 'host' }));
    expect(controls().queryByRole('button', { name: 'Raise hand' })).toBeNull();
    expect(controls().getByRole('button', { name: 'Microphone' })).toBeTruthy();
  });

  it('joining, shows the stage first and the controls right after it', async () => {
    const self = person('me', { role: 'presenter', name: 'Lan' });
    renderInRoom(<CallView title="Weekly" alias="weekly" stageFirst />, {
      self,
      participants: [self, person('Bao')],
    });
    const stage = within(screen.getByRole('region', { name: 'Stage' }));
    expect(stage.getByRole('group', { name: 'Bao' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Call controls' })).toBeNull();
    const bar = await screen.findByRole('region', { name: 'Call controls' });
    expect(within(bar).getByRole('button', { name: 'Leave' })).toBeTruthy();
  });

  it('shows the stage with a tile per person, oneself marked', () => {
    show(person('me', { role: 'host', name: 'Lan' }));
    const stage = within(screen.getByRole('region', { name: 'Stage' }));
    expect(stage.getByRole('group', { name: 'Lan (you)' })).toBeTruthy();
    expect(stage.getByRole('group', { name: 'Bao' })).toBeTruthy();
    expect(stage.getByLabelText('Hand raised')).toBeTruthy();
    const pin = stage.getByRole('button', { name: 'Pin Bao' });
    expect(pin.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(pin);
    expect(stage.getByRole('button', { name: 'Pin Bao' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it(
    'a host finds the room controls, the waiting room and the raised hands',
    { timeout: 20_000 },
    async () => {
      show(person('me', { role: 'host' }));
      fireEvent.click(controls().getByRole('button', { name: 'Participants' }));
      const panel = within(screen.getByRole('complementary', { name: 'Participants' }));
      expect(panel.getByRole('switch', { name: 'Lock the room' })).toBeTruthy();
      expect(
        (panel.getByRole('switch', { name: 'Waiting room' }) as HTMLInputElement).checked,
      ).toBe(true);
      for (const name of [
        'Mute all',
        'Stop all cameras',
        'Export participants (CSV)',
        'End for all',
      ]) {
        expect(panel.getByRole('button', { name })).toBeTruthy();
      }
      expect(panel.getByRole('button', { name: 'Admit Chi' })).toBeTruthy();
      expect(panel.getByRole('button', { name: 'Deny Chi' })).toBeTruthy();
      expect(panel.getByText('Raised hands (1)')).toBeTruthy();

      // The dialog container is a lazy chunk: let it load before a dialog is asked for.
      await act(async () => {
        await import('../../../app/ModalsHost.tsx');
        await new Promise((r) => setTimeout(r, 50));
      });
      fireEvent.click(panel.getByRole('button', { name: 'Actions for Bao' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Make co-host' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Make Bao a co-host?')).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeTruthy();
    },
  );

  it('a host has the chat tools: export and a new passcode', async () => {
    show(person('me', { role: 'co-host' }));
    fireEvent.click(controls().getByRole('button', { name: 'Chat' }));
    const chat = within(screen.getByRole('complementary', { name: 'Chat' }));
    fireEvent.click(chat.getByRole('button', { name: 'Chat options' }));
    expect(await screen.findByRole('menuitem', { name: 'Export chat (.txt)' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'New chat passcode' })).toBeTruthy();
  });

  it('a participant gets the roster without host controls', () => {
    show(person('me'));
    fireEvent.click(controls().getByRole('button', { name: 'Participants' }));
    const panel = within(screen.getByRole('complementary', { name: 'Participants' }));
    expect(panel.queryByRole('switch', { name: 'Lock the room' })).toBeNull();
    expect(panel.queryByRole('button', { name: 'End for all' })).toBeNull();
    expect(panel.queryByRole('button', { name: 'Actions for Bao' })).toBeNull();
    expect(panel.getByRole('listitem', { name: 'Bao' })).toBeTruthy();
  });

  it('the chat writes to everyone or one person, with a file attached', () => {
    show(person('me'));
    fireEvent.click(controls().getByRole('button', { name: 'Chat' }));
    const chat = within(screen.getByRole('complementary', { name: 'Chat' }));
    const to = chat.getByRole('combobox', { name: 'Send to' }) as HTMLSelectElement;
    expect([...to.options].map((o) => o.text)).toEqual(['Everyone', 'Bao']);
    expect(chat.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    const send = chat.getByRole('button', { name: 'Send message' });
    expect(send.hasAttribute('disabled')).toBe(true);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File(['x'.repeat(2048)], 'slides.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(chat.getByText('slides.pdf (2 KB)')).toBeTruthy();
    expect(send.hasAttribute('disabled')).toBe(false);
    fireEvent.click(chat.getByRole('button', { name: 'Remove slides.pdf' }));
    expect(chat.queryByText('slides.pdf (2 KB)')).toBeNull();
    // Exporting the chat is a host control.
    expect(chat.queryByRole('button', { name: 'Chat options' })).toBeNull();
  });

  it('a shared file is a download link', () => {
    const session = show(person('me'));
    act(() =>
      session.store.getState().dispatch({
        type: 'chat_message',
        message: {
          id: 'm1',
          from: 'Bao',
          from_name: 'Bao',
          to: 'me',
          text: '',
          file: { id: 'f1', name: 'notes.txt', size: 10, mime: 'text/plain' },
          at: 0,
        },
      }),
    );
    fireEvent.click(controls().getByRole('button', { name: 'Chat' }));
    const link = screen.getByRole('link', { name: 'Download notes.txt' });
    expect(link.getAttribute('href')).toBe('/api/storage/file/f1');
    expect(link.getAttribute('download')).toBe('notes.txt');
    expect(screen.getByText('to you (private)')).toBeTruthy();
  });

  it('asks before turning on the microphone for a host', () => {
    const session = show(person('me'));
    fireEvent.click(controls().getByRole('button', { name: 'Chat' }));
    act(() =>
      session.store.getState().dispatch({ type: 'asked_to_enable', kind: 'audio', by: 'h' }),
    );
    const prompt = screen.getByRole('alertdialog', {
      name: 'The host asks you to turn on your microphone',
    });
    expect(within(prompt).getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(within(prompt).getByRole('button', { name: 'Decide later' })).toBeTruthy();
  });

  it('says honestly when the server cannot carry media', () => {
    const session = show(person('me'));
    act(() => session.store.getState().setMedia({ availability: 'unavailable' }));
    expect(screen.getByText('Media is not available on this server yet')).toBeTruthy();
  });
});
