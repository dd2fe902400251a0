import { renderInRoom, testParticipant } from '../../../test/room.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import type { Language } from '@podium/protocol';
import { CallView } from './CallView.tsx';

afterEach(cleanup);

// jsdom has no font loading API; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const person = (id: string, name: string) =>
  testParticipant(id, { name, role: 'presenter', audio: true });

function show(language: Language) {
  const self = person('me', 'Mai');
  return renderInRoom(<CallView title="Weekly" alias="weekly" />, {
    self,
    participants: [self, person('b', 'Bao'), person('c', 'Chi')],
    language,
  });
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
