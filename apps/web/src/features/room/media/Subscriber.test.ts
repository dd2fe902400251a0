// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeedView } from '@podium/protocol';
import { Subscriber } from './Subscriber.ts';
import type { MediaSignaling } from './peer.ts';

/** Tracks are all a stream is read for here. */
class FakeStream {
  readonly #tracks: MediaStreamTrack[];
  constructor(tracks: MediaStreamTrack[] = []) {
    this.#tracks = tracks;
  }
  getTracks(): MediaStreamTrack[] {
    return this.#tracks;
  }
}

/** A subscriber connection: applying the offer fires a video track on mid 0, as browsers do. */
class FakePeer {
  signalingState: RTCSignalingState = 'stable';
  readonly #listeners = new Map<string, ((event: unknown) => void)[]>();
  addEventListener(name: string, listener: (event: unknown) => void): void {
    this.#listeners.set(name, [...(this.#listeners.get(name) ?? []), listener]);
  }
  removeEventListener(name: string, listener: (event: unknown) => void): void {
    this.#listeners.set(
      name,
      (this.#listeners.get(name) ?? []).filter((l) => l !== listener),
    );
  }
  /** The browser found a local candidate (after setLocalDescription, in a task of its own). */
  gather(): void {
    const candidate = { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host', sdpMid: '0' };
    for (const listener of this.#listeners.get('icecandidate') ?? []) listener({ candidate });
  }
  async setRemoteDescription(): Promise<void> {
    const track = { kind: 'video', addEventListener: () => undefined };
    for (const listener of this.#listeners.get('track') ?? []) {
      listener({ track, receiver: {}, transceiver: { mid: '0' } });
    }
  }
  async createAnswer(): Promise<RTCSessionDescriptionInit> {
    return { type: 'answer', sdp: 'answer-sdp' };
  }
  async setLocalDescription(): Promise<void> {}
  getTransceivers(): unknown[] {
    return [];
  }
  close(): void {}
}

const feed: FeedView = {
  feed_id: 'f1',
  participant_id: 'host',
  name: 'Host',
  source: 'camera',
  channel: null,
  audio: false,
  video: true,
  simulcast: false,
};

const OFFER = ['v=0', 's=-', 't=0 0', 'm=video 9 UDP/TLS/RTP/SAVPF 96', 'a=mid:0'].join('\r\n');

afterEach(() => {
  vi.unstubAllGlobals();
});

function setUp(peerConnection?: FakePeer, onRequest?: (type: string) => void) {
  vi.stubGlobal('MediaStream', FakeStream);
  const log: string[] = [];
  const signaling: MediaSignaling = {
    request: ((type: string) => {
      log.push(`sent ${type}`);
      onRequest?.(type);
      return Promise.resolve(type === 'subscribe' ? { sdp: OFFER } : {});
    }) as MediaSignaling['request'],
  };
  const made: FakePeer[] = [];
  const subscriber = new Subscriber({
    signaling,
    createPeerConnection: () => {
      const pc = new FakePeer();
      made.push(pc);
      return pc as unknown as RTCPeerConnection;
    },
    peerConnection: peerConnection as unknown as RTCPeerConnection | undefined,
    iceServers: [],
    onStream: (feedId, stream) => log.push(`stream ${feedId} ${stream ? 'on' : 'off'}`),
    onAnswered: () => log.push('answered'),
  });
  return { subscriber, log, made };
}

describe('Subscriber', () => {
  it('sends the answer before telling anyone about the streams its offer brought', async () => {
    const { subscriber, log } = setUp();
    await subscriber.subscribe([feed]);
    // The store's listeners (React) must not run between the offer applied and the answer.
    expect(log).toEqual(['sent subscribe', 'sent answer', 'stream f1 on']);
  });

  it('says it answered once its first own candidate went out too', async () => {
    const { subscriber, log, made } = setUp();
    await subscriber.subscribe([feed]);
    expect(log).not.toContain('answered');
    // The call view renders on 'answered': the candidate must not wait behind that render.
    made[0]!.gather();
    await Promise.resolve();
    expect(log.slice(-2)).toEqual(['sent trickle', 'answered']);
  });

  it('receives on a connection made ahead instead of making one', async () => {
    const spare = new FakePeer();
    const { subscriber, made, log } = setUp(spare);
    expect(subscriber.peerConnection).toBe(spare);
    await subscriber.subscribe([feed]);
    expect(made).toHaveLength(0);
    expect(log).toContain('stream f1 on');
  });

  it('drops the streams it held when closed while answering', async () => {
    let close: () => void = () => undefined;
    const { subscriber, log } = setUp(undefined, (type) => {
      if (type === 'answer') close();
    });
    close = () => subscriber.close();
    await subscriber.handleOffer(OFFER);
    expect(log).toContain('sent answer');
    expect(log.filter((line) => line.startsWith('stream'))).toEqual([]);
  });
});
