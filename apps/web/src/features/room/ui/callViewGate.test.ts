import { describe, expect, it } from 'vitest';
import { testParticipant } from '../../../test/room.tsx';
import { INITIAL_MEDIA } from '../media/localMedia.ts';
import { SignalingRequestError } from '../signaling/errors.ts';
import { INITIAL_ROOM } from '../state/roomState.ts';
import { callViewReady, roomShowable } from './callViewGate.ts';

const self = testParticipant('me');
const roomWith = (...others: ReturnType<typeof testParticipant>[]) => ({
  ...INITIAL_ROOM,
  selfId: self.id,
  participants: Object.fromEntries([self, ...others].map((p) => [p.id, p])),
});

describe('callViewReady (joining: the call view waits for the subscription)', () => {
  it('waits while someone else sends and nothing has been answered yet', () => {
    const room = roomWith(testParticipant('host', { video: true }));
    expect(callViewReady({ room, media: INITIAL_MEDIA })).toBe(false);
  });

  it('shows once the subscriber answered its first offer', () => {
    const room = roomWith(testParticipant('host', { video: true }));
    expect(callViewReady({ room, media: { ...INITIAL_MEDIA, subscriberAnswered: true } })).toBe(
      true,
    );
  });

  it('does not wait when nobody else sends anything (no subscription is coming)', () => {
    const room = roomWith(testParticipant('quiet'));
    expect(callViewReady({ room, media: INITIAL_MEDIA })).toBe(true);
    // Its own camera does not count: it is not subscribed to.
    const alone = roomWith();
    alone.participants = { [self.id]: { ...self, video: true } };
    expect(callViewReady({ room: alone, media: INITIAL_MEDIA })).toBe(true);
  });

  it('does not wait for media that cannot come', () => {
    const room = roomWith(testParticipant('host', { audio: true, screen: true }));
    const unavailable = { ...INITIAL_MEDIA, availability: 'unavailable' as const };
    expect(callViewReady({ room, media: unavailable })).toBe(true);
    expect(callViewReady({ room, media: { ...INITIAL_MEDIA, supported: false } })).toBe(true);
  });
});

describe('roomShowable (joining: the join page stays until the room has more than a loader)', () => {
  const sending = roomWith(testParticipant('host', { video: true }));

  it('waits while the join is on its way, and while the call waits for its subscription', () => {
    const joining = { ...sending, joinState: 'joining' as const };
    expect(roomShowable({ room: joining, media: INITIAL_MEDIA, failure: null })).toBe(false);
    const joined = { ...sending, joinState: 'connected' as const };
    expect(roomShowable({ room: joined, media: INITIAL_MEDIA, failure: null })).toBe(false);
  });

  it('shows the call once its view may render', () => {
    const joined = { ...sending, joinState: 'connected' as const };
    const answered = { ...INITIAL_MEDIA, subscriberAnswered: true };
    expect(roomShowable({ room: joined, media: answered, failure: null })).toBe(true);
  });

  it('shows a waiting screen, the end or a failure at once', () => {
    for (const joinState of ['in_waiting_room', 'waiting_for_host', 'locked', 'full'] as const) {
      const room = { ...sending, joinState };
      expect(roomShowable({ room, media: INITIAL_MEDIA, failure: null })).toBe(true);
    }
    const joining = { ...sending, joinState: 'joining' as const };
    const failure = SignalingRequestError.client('auth_failed');
    expect(roomShowable({ room: joining, media: INITIAL_MEDIA, failure })).toBe(true);
  });
});
