import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import {
  AUDIENCE_OFF,
  CLOSED_WHITEBOARD,
  DEFAULT_STUDIO,
  IDLE_RECORDING,
  type ParticipantView,
} from '@podium/protocol';
import { renderInRoom, testParticipant } from '../../../test/room.tsx';
import type { RoomInput } from '../state/roomState.ts';
import { createRoomStore, readSlice, type RoomStore } from '../store.ts';
import { CallView } from '../ui/CallView.tsx';
import { audienceChatSlice } from './audience/chatState.ts';
import { audienceSlice } from './audience/state.ts';
import { breakoutSlice } from './breakout/state.ts';
import { cameraShareSlice } from './cameraShare/state.ts';
import { IN_CALL_FEATURES } from './index.ts';
import { featureReducers } from './inCallFeature.ts';
import { recordingSlice } from './recording/state.ts';
import { sharedVideoSlice } from './sharedVideo/state.ts';
import { studioSlice } from './studio/state.ts';
import { whiteboardSlice } from './whiteboard/state.ts';

afterEach(cleanup);

// jsdom has no font loading API; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const self = testParticipant('me', { name: 'Mai', role: 'guest' });
const host = testParticipant('h', { name: 'Bao', role: 'host' });

const welcome = (me: ParticipantView): RoomInput => ({
  type: 'welcome',
  session_id: 's',
  participant: me,
  room: {
    mode: 'meeting',
    locked: false,
    waiting_room: false,
    pinned: null,
    participants: [me, host],
    waiting: [],
  },
});

/** What the server follows a welcome with when a feature's state is not its default. */
const NOT_DEFAULT: RoomInput[] = [
  {
    type: 'recording_state',
    recording: { ...IDLE_RECORDING, state: 'recording', recording_id: 'r1', started_at: 1 },
  },
  { type: 'audience_state', audience: { ...AUDIENCE_OFF, state: 'live', viewers: 3 } },
  {
    type: 'audience_chat_history',
    messages: [{ id: 'm1', name: 'Viewer', text: 'hi', at: 1, from: 'audience' }],
  },
  { type: 'studio_state', studio: { ...DEFAULT_STUDIO, layout: 2 }, by: 'h' },
  { type: 'whiteboard_state', whiteboard: { ...CLOSED_WHITEBOARD, open: true, opened_by: 'h' } },
  {
    type: 'breakout_state',
    breakout: {
      rooms: [{ id: 'b1', name: 'Room 1', members: ['me'], needs_help: false }],
      allow_choose: false,
      ends_at: null,
    },
  },
  {
    type: 'camera_shares',
    shares: [{ participant_id: 'h', source: 'camera_share_1', name: 'Desk' }],
  },
  {
    type: 'video_state',
    video: {
      id: 'v1',
      url: 'https://example.com/talk.mp4',
      kind: 'file',
      video_id: null,
      by: 'h',
      playing: true,
      position: 12,
      at: 1,
    },
    now: 1,
  },
];

/** Each feature's state as the server tells it, which a welcome must take back to the default. */
function told(store: RoomStore) {
  const state = store.getState();
  return {
    recording: readSlice(state, recordingSlice).recording,
    audience: readSlice(state, audienceSlice),
    audienceChat: readSlice(state, audienceChatSlice).messages,
    studio: readSlice(state, studioSlice),
    whiteboard: readSlice(state, whiteboardSlice).view,
    breakout: readSlice(state, breakoutSlice).breakout,
    shares: readSlice(state, cameraShareSlice).shares,
    video: readSlice(state, sharedVideoSlice).video,
  };
}

const DEFAULTS = {
  recording: IDLE_RECORDING,
  audience: AUDIENCE_OFF,
  audienceChat: [],
  studio: DEFAULT_STUDIO,
  whiteboard: CLOSED_WHITEBOARD,
  breakout: null,
  shares: [],
  video: null,
};

describe('a welcome as a new participant takes the in-call features back to their defaults', () => {
  it('so a welcome followed by nothing (the server tells a new participant only what is not default) shows the defaults', () => {
    const store = createRoomStore({}, featureReducers(IN_CALL_FEATURES));
    const { dispatch } = store.getState();
    dispatch(welcome(self));
    expect(told(store)).toEqual(DEFAULTS);
    for (const message of NOT_DEFAULT) dispatch(message);
    const before = told(store);
    for (const [key, value] of Object.entries(DEFAULTS)) {
      expect(before[key as keyof typeof before], key).not.toEqual(value);
    }

    // A resume (the same participant): the server tells every state again; until then the
    // browser keeps what it had (nothing flickers, its own camera shares stay listed).
    dispatch(welcome(self));
    expect(told(store)).toEqual(before);

    // Joined again as a new participant (the session was lost) in a room where all of it ended
    // meanwhile: that welcome and nothing more.
    dispatch(welcome({ ...self, id: 'me-again' }));
    expect(told(store)).toEqual(DEFAULTS);

    // As a new participant of a room where it goes on: the messages follow the welcome.
    for (const message of NOT_DEFAULT) dispatch(message);
    expect(told(store)).toEqual(before);
  });

  it('the REC indicator goes when a new participant is welcomed without a recording', () => {
    const session = renderInRoom(<CallView title="Launch" alias="launch" />, {
      self,
      participants: [self, host],
    });
    const { dispatch } = session.store.getState();
    act(() => dispatch(NOT_DEFAULT[0]!));
    expect(screen.getByRole('status', { name: /./ }).textContent).toMatch(/^REC/);
    act(() => dispatch(welcome(self)));
    expect(screen.getByRole('status', { name: /./ }).textContent).toMatch(/^REC/);
    act(() => dispatch(welcome({ ...self, id: 'me-again' })));
    expect(screen.queryByText(/^REC/)).toBeNull();
  });
});
