import { describe, expect, it } from 'vitest';
import type { FeedView, ParticipantView } from '@podium/protocol';
import { INITIAL_ROOM } from '../state/roomState.ts';
import { createRoomStore } from '../store.ts';
import {
  effectiveChannel,
  feedVolume,
  interpreterChannels,
  listeningStore,
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

  it('keeps one listening store per room session', () => {
    const a = createRoomStore();
    expect(listeningStore(a)).toBe(listeningStore(a));
    expect(listeningStore(a)).not.toBe(listeningStore(createRoomStore()));
    expect(listeningStore(a).getState()).toEqual({ channel: null, participantId: null });
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
