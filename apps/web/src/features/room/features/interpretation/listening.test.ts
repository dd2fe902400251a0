import { describe, expect, it } from 'vitest';
import type { FeedView, ParticipantView } from '@podium/protocol';
import { INITIAL_ROOM } from '../../state/roomState.ts';
import { createRoomStore, readSlice, writeSlice } from '../../store.ts';
import {
  effectiveChannel,
  feedVolume,
  interpreterChannels,
  listenedChannel,
  listeningSlice,
  lostChannel,
  ORIGINAL_UNDER_INTERPRETER,
} from './listening.ts';

const person = (id: string, channel: string | null = null): ParticipantView => ({
  id,
  name: id,
  role: channel === null ? 'participant' : 'interpreter',
  guest: false,
  state: 'connected',
  audio: true,
  video: false,
  screen: false,
  hand_raised_at: null,
  invisible: false,
  interpreter_channel: channel,
  can_publish: { audio: true, video: false, screen: false },
});

const feed = (participant: string, channel: string | null = null): FeedView => ({
  feed_id: `f-${participant}`,
  participant_id: participant,
  name: participant,
  source: 'camera',
  channel,
  audio: true,
  video: false,
  simulcast: false,
});

const room = {
  ...INITIAL_ROOM,
  selfId: 'me',
  participants: {
    me: person('me'),
    host: person('host'),
    en: person('en', 'English'),
    vi: person('vi', 'Tiếng Việt'),
    en2: person('en2', 'English'),
  },
};

describe('interpretation channels', () => {
  it('lists each channel once, sorted', () => {
    expect(interpreterChannels(room.participants)).toEqual(['English', 'Tiếng Việt']);
    expect(interpreterChannels({ me: person('me') })).toEqual([]);
  });

  it('listens to the chosen channel only while it has an interpreter and we are who chose', () => {
    expect(effectiveChannel({ channel: 'English', participantId: 'me' }, room)).toBe('English');
    expect(effectiveChannel({ channel: null, participantId: 'me' }, room)).toBeNull();
    expect(effectiveChannel({ channel: 'Deutsch', participantId: 'me' }, room)).toBeNull();
    // Joined again as a new participant: the server starts us on Original.
    expect(effectiveChannel({ channel: 'English', participantId: 'old' }, room)).toBeNull();
  });

  it('keeps the choice per room session, starting on Original', () => {
    const a = createRoomStore(room);
    const b = createRoomStore(room);
    expect(readSlice(a.getState(), listeningSlice)).toEqual({ channel: null, participantId: null });
    writeSlice(a, listeningSlice, { channel: 'English', participantId: 'me' });
    expect(listenedChannel(a.getState())).toBe('English');
    expect(listenedChannel(b.getState())).toBeNull();
  });

  it('a chosen channel without interpreter is lost; the server is told only if we chose it', () => {
    const store = createRoomStore(room);
    expect(lostChannel(store.getState())).toEqual({ lost: false, server: false });
    writeSlice(store, listeningSlice, { channel: 'Deutsch', participantId: 'me' });
    expect(lostChannel(store.getState())).toEqual({ lost: true, server: true });
    writeSlice(store, listeningSlice, { channel: 'English', participantId: 'old' });
    expect(lostChannel(store.getState())).toEqual({ lost: true, server: false });
  });
});

describe('volumes', () => {
  it('on Original: everyone at full volume, interpreters silent', () => {
    expect(feedVolume(feed('host'), null)).toBe(1);
    expect(feedVolume(feed('en', 'English'), null)).toBe(0);
  });

  it('on a channel: its interpreters at full volume, the original at 20 %, other channels silent', () => {
    expect(ORIGINAL_UNDER_INTERPRETER).toBe(0.2);
    expect(feedVolume(feed('en', 'English'), 'English')).toBe(1);
    expect(feedVolume(feed('host'), 'English')).toBe(0.2);
    expect(feedVolume(feed('vi', 'Tiếng Việt'), 'English')).toBe(0);
  });

  it('plays a stream whose feed is not known yet as original', () => {
    expect(feedVolume(undefined, null)).toBe(1);
    expect(feedVolume(undefined, 'English')).toBe(0.2);
  });
});
