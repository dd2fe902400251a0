// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MediaLinkWatch } from './mediaLink.ts';

/** A peer connection as far as the watch reads it: states, events, bytes received. */
class FakePeer {
  iceConnectionState: RTCIceConnectionState = 'new';
  connectionState: RTCPeerConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  bytesReceived = 0;
  #listeners: Array<() => void> = [];
  addEventListener(_name: string, listener: () => void): void {
    this.#listeners.push(listener);
  }
  ice(state: RTCIceConnectionState): void {
    this.iceConnectionState = state;
    this.connectionState = state === 'checking' ? 'connecting' : (state as RTCPeerConnectionState);
    for (const l of this.#listeners) l();
  }
  async getStats(): Promise<Map<string, Record<string, unknown>>> {
    return new Map([['t', { type: 'transport', bytesReceived: this.bytesReceived }]]);
  }
}

let changes: boolean[];
let watch: MediaLinkWatch;
let peer: FakePeer;

beforeEach(() => {
  vi.useFakeTimers();
  changes = [];
  watch = new MediaLinkWatch((lost) => changes.push(lost), { stallMs: 2_000, pollMs: 500 });
  peer = new FakePeer();
  watch.wrap(() => peer as unknown as RTCPeerConnection)({});
});

afterEach(() => {
  watch.close();
  vi.useRealTimers();
});

/** Time passes with media arriving (or not). */
async function run(ms: number, flowing: boolean): Promise<void> {
  for (let t = 0; t < ms; t += 500) {
    if (flowing) peer.bytesReceived += 1000;
    await vi.advanceTimersByTimeAsync(500);
  }
}

describe('MediaLinkWatch', () => {
  it('says the path is lost when nothing arrives for 2 s, and found again when bytes flow', async () => {
    peer.ice('connected');
    await run(3_000, true);
    expect(watch.interrupted).toBe(false);
    await run(1_500, false);
    expect(watch.interrupted).toBe(false); // a short gap is no outage
    await run(1_000, false);
    expect(watch.interrupted).toBe(true);
    await run(1_000, true);
    expect(watch.interrupted).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('follows ICE: disconnected or failed is lost at once; a connection still being set up is not a stall', async () => {
    peer.ice('checking');
    await run(5_000, false);
    expect(watch.interrupted).toBe(false);
    peer.ice('connected');
    peer.ice('disconnected');
    expect(watch.interrupted).toBe(true);
    peer.ice('connected');
    await run(500, true);
    expect(watch.interrupted).toBe(false);
  });

  it('settled(): at once while the path is fine, when it comes back, or at the deadline', async () => {
    peer.ice('connected');
    await run(1_000, true);
    let resolved = false;
    await watch.settled(3_000).then(() => (resolved = true));
    expect(resolved).toBe(true);
    peer.ice('disconnected');
    resolved = false;
    void watch.settled(3_000).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(resolved).toBe(false);
    peer.ice('connected');
    await vi.advanceTimersByTimeAsync(0);
    expect(resolved).toBe(true);
    peer.ice('failed');
    resolved = false;
    void watch.settled(3_000).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(resolved).toBe(true);
  });

  it('forgets closed connections', async () => {
    peer.ice('connected');
    await run(1_000, true);
    peer.ice('failed');
    expect(watch.interrupted).toBe(true);
    peer.signalingState = 'closed';
    peer.ice('closed');
    expect(watch.interrupted).toBe(false);
  });
});
