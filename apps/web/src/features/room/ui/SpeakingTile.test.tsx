import '../../../test/dom.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { Language, ParticipantView } from '@podium/protocol';
import { AppProviders } from '../../../app/AppProviders.tsx';
import { createQueryClient } from '../../../shared/api/index.ts';
import { createI18n } from '../../../shared/i18n/index.ts';
import { RoomSession } from '../session/RoomSession.ts';
import { CallView } from './CallView.tsx';
import { RoomContext } from './context.ts';

afterEach(cleanup);

// jsdom has no font loading API; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const person = (id: string, name: string): ParticipantView => ({
  id,
  name,
  role: 'presenter',
  guest: false,
  state: 'connected',
  audio: true,
  video: false,
  screen: false,
  hand_raised_at: null,
  invisible: false,
  interpreter_channel: null,
  can_publish: { audio: true, video: true, screen: true },
});

function show(language: Language) {
  const session = new RoomSession({
    url: 'ws://127.0.0.1:9/unused',
    authenticate: () => Promise.reject(new Error('not started')),
    notify: () => undefined,
  });
  const { dispatch } = session.store.getState();
  const self = person('me', 'Mai');
  dispatch({
    type: 'welcome',
    session_id: 's',
    participant: self,
    room: {
      mode: 'meeting',
      locked: false,
      waiting_room: false,
      pinned: null,
      participants: [self, person('b', 'Bao'), person('c', 'Chi')],
      waiting: [],
    },
  });
  render(
    <AppProviders queryClient={createQueryClient()} i18n={createI18n(language)} env="test">
      <RoomContext.Provider value={session}>
        <CallView title="Weekly" alias="weekly" />
      </RoomContext.Provider>
    </AppProviders>,
  );
  return session;
}

describe('speaking indicator', () => {
  it.each([
    ['en', 'Chi is speaking', 'Bao is speaking'],
    ['vi', 'Chi đang nói', 'Bao đang nói'],
  ] as const)(
    'names the speaker on their tile (%s)',
    (language, chi, bao) => {
      const session = show(language);
      expect(screen.queryByRole('img', { name: chi })).toBeNull();
      act(() => session.store.getState().setMedia({ activeSpeaker: 'c' }));
      expect(screen.getByRole('img', { name: chi })).toBeTruthy();
      expect(screen.queryByRole('img', { name: bao })).toBeNull();
      act(() => session.store.getState().setMedia({ activeSpeaker: 'b' }));
      expect(screen.getByRole('img', { name: bao })).toBeTruthy();
      expect(screen.queryByRole('img', { name: chi })).toBeNull();
      act(() => session.store.getState().setMedia({ activeSpeaker: null }));
      expect(screen.queryByRole('img', { name: /speaking|đang nói/ })).toBeNull();
      // The first render of the whole call view is slow on a busy 2-core machine.
    },
    20_000,
  );
});
