import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import type { AudienceView, Language, ParticipantView, RoomMode } from '@podium/protocol';
import { renderInRoom, testParticipant } from '../../../../test/room.tsx';
import { CallView } from '../../ui/CallView.tsx';
import { audienceSlice, canControlAudience } from './state.ts';

afterEach(cleanup);

// jsdom has no font loading API; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

function show(language: Language, mode: RoomMode, self: ParticipantView, audience?: AudienceView) {
  const session = renderInRoom(<CallView title="Concert" alias="concert" />, {
    self,
    participants: [self],
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
        participants: [self],
        waiting: [],
      },
    });
    if (audience) store.dispatch({ type: 'audience_state', audience });
  });
  return session;
}

const host = testParticipant('h', { name: 'Mai', role: 'host' });
const guest = testParticipant('g', { name: 'Lan', role: 'guest', guest: true });
const LIVE: AudienceView = { state: 'live', viewers: 3, started_at: 1, failure: null };

// A whole call view renders per test: slow on a loaded two-core machine.
describe('the audience stream in the call', { timeout: 30_000 }, () => {
  it('folds audience_state; only hosts and co-hosts outside endtoend control it', () => {
    const reduce = audienceSlice.reduce!;
    const room = {} as Parameters<typeof reduce>[2];
    expect(reduce(audienceSlice.initial, { type: 'audience_state', audience: LIVE }, room)).toBe(
      LIVE,
    );
    expect(canControlAudience('host', 'livestream')).toBe(true);
    expect(canControlAudience('co-host', 'conference')).toBe(true);
    expect(canControlAudience('host', 'endtoend')).toBe(false);
    expect(canControlAudience('presenter', 'livestream')).toBe(false);
    expect(canControlAudience(undefined, 'livestream')).toBe(false);
  });

  it.each([
    ['en', 'Start audience stream', 'Audience stream'],
    ['vi', 'Bắt đầu phát cho khán giả', 'Phát cho khán giả'],
  ] as const)(
    'a host of a livestream room is offered the stream prominently (%s)',
    (lang, start, control) => {
      show(lang, 'livestream', host);
      expect(screen.getByRole('button', { name: start })).toBeTruthy();
      const toggle = screen.getByRole('button', { name: control });
      expect(toggle.getAttribute('aria-pressed')).toBe('false');
    },
  );

  it.each([
    ['en', 'Audience: 3 watching'],
    ['vi', 'Khán giả: 3 người đang xem'],
  ] as const)('everyone sees how many watch (%s)', (lang, text) => {
    show(lang, 'conference', guest, LIVE);
    expect(screen.getByRole('status', { name: text })).toBeTruthy();
    // A guest has no control of it.
    expect(screen.queryByRole('button', { name: /audience stream|phát cho khán giả/i })).toBeNull();
  });

  it('the toggle is pressed while on air; an end-to-end room offers nothing', () => {
    show('en', 'theater', host, LIVE);
    expect(
      screen.getByRole('button', { name: 'Audience stream' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByRole('button', { name: 'Copy watch link' })).toBeTruthy();
    cleanup();
    show('en', 'endtoend', host);
    expect(screen.queryByRole('button', { name: 'Audience stream' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start audience stream' })).toBeNull();
  });
});
