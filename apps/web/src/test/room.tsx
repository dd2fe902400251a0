import './dom.ts';
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { Language, ParticipantView, WaitingEntry } from '@podium/protocol';
import { AppProviders } from '../app/AppProviders.tsx';
import { createQueryClient } from '../shared/api/index.ts';
import { createI18n } from '../shared/i18n/index.ts';
import { IN_CALL_FEATURES } from '../features/room/features/index.ts';
import type { InCallFeature } from '../features/room/features/inCallFeature.ts';
import { RoomSession } from '../features/room/session/RoomSession.ts';
import { RoomContext } from '../features/room/ui/context.ts';

/** A connected account participant, muted, allowed to publish; `over` sets what a test is about. */
export function testParticipant(id: string, over: Partial<ParticipantView> = {}): ParticipantView {
  return {
    id,
    name: id,
    role: 'participant',
    guest: false,
    state: 'connected',
    audio: false,
    video: false,
    screen: false,
    hand_raised_at: null,
    invisible: false,
    interpreter_channel: null,
    can_publish: { audio: true, video: true, screen: true },
    ...over,
  };
}

/**
 * Renders `children` in a room as `self` sees it after the welcome, with the app's providers.
 * The session is never started (no network): tests drive its store as the socket would.
 */
export function renderInRoom(
  children: ReactNode,
  room: {
    self: ParticipantView;
    participants: ParticipantView[];
    waitingRoom?: boolean;
    waiting?: WaitingEntry[];
    language?: Language;
    queryClient?: QueryClient;
    /** The call's in-call features; the app's own by default. */
    features?: readonly InCallFeature[];
  },
): RoomSession {
  const session = new RoomSession({
    url: 'ws://127.0.0.1:9/unused',
    authenticate: () => Promise.reject(new Error('not started')),
    notify: () => undefined,
    features: room.features ?? IN_CALL_FEATURES,
  });
  session.store.getState().dispatch({
    type: 'welcome',
    session_id: 's',
    participant: room.self,
    room: {
      mode: 'meeting',
      locked: false,
      waiting_room: room.waitingRoom ?? false,
      pinned: null,
      participants: room.participants,
      waiting: room.waiting ?? [],
    },
  });
  render(
    <AppProviders
      queryClient={room.queryClient ?? createQueryClient()}
      i18n={createI18n(room.language ?? 'en')}
      env="test"
    >
      <RoomContext.Provider value={session}>{children}</RoomContext.Provider>
    </AppProviders>,
  );
  return session;
}
