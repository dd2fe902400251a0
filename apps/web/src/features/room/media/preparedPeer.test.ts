// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropPreparedPeer, preparePeer, withPreparedPeer } from './preparedPeer.ts';

class FakePeer {
  signalingState: RTCSignalingState = 'stable';
  closed = false;
  constructor(readonly config: RTCConfiguration) {}
  close(): void {
    this.closed = true;
  }
}

const made: FakePeer[] = [];
const create = (config: RTCConfiguration) => {
  const pc = new FakePeer(config);
  made.push(pc);
  return pc as unknown as RTCPeerConnection;
};
const subscriber: RTCConfiguration = { iceServers: [], bundlePolicy: 'max-bundle' };

afterEach(() => {
  dropPreparedPeer();
  made.length = 0;
  vi.useRealTimers();
});

describe('preparedPeer (the connection made at the click on Join)', () => {
  it('is what the room gets when it asks with the same configuration, once', () => {
    preparePeer(subscriber, create);
    const factory = withPreparedPeer(create);
    expect(factory({ ...subscriber })).toBe(made[0]);
    expect(factory({ ...subscriber })).toBe(made[1]);
    expect(made).toHaveLength(2);
  });

  it('is made once for a configuration: the click does not make a second one', () => {
    preparePeer(subscriber, create);
    preparePeer({ ...subscriber }, create);
    expect(made).toHaveLength(1);
    preparePeer({ ...subscriber, bundlePolicy: 'balanced' }, create);
    expect(made).toHaveLength(2);
    expect(made[0]!.closed).toBe(true);
  });

  it('is not handed to a connection configured otherwise', () => {
    preparePeer(subscriber, create);
    const factory = withPreparedPeer(create);
    const other = factory({ ...subscriber, iceServers: [{ urls: 'stun:stun.example' }] });
    expect(other).toBe(made[1]);
    expect(factory(subscriber)).toBe(made[0]);
  });

  it('is closed when the join is refused, or when nobody takes it', () => {
    vi.useFakeTimers();
    preparePeer(subscriber, create);
    dropPreparedPeer();
    expect(made[0]!.closed).toBe(true);
    preparePeer(subscriber, create);
    vi.advanceTimersByTime(5 * 60_000);
    expect(made[1]!.closed).toBe(true);
    expect(withPreparedPeer(create)(subscriber)).toBe(made[2]);
  });
});
