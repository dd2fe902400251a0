// One synthetic participant of the media benchmark: a signaling socket speaking the real protocol
// (hello, join, publish_offer, subscribe, answer, trickle) and werift peer connections (pure
// TypeScript WebRTC) in place of a browser. Publishers send RTP that ffmpeg produced; subscribers
// count the RTP they receive.
import type { RawData } from 'ws';
import {
  MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  type RTCIceCandidate,
} from 'werift';
import { BenchSocket } from '../signaling/socket.ts';

const STEP_MS = 30_000;

/** Codecs the synthetic peers offer and accept (what ffmpeg sends; what Janus rooms allow). */
const codecs = {
  video: [
    new RTCRtpCodecParameters({
      mimeType: 'video/VP8',
      clockRate: 90000,
      rtcpFeedback: [
        { type: 'nack' },
        { type: 'nack', parameter: 'pli' },
        { type: 'ccm', parameter: 'fir' },
      ],
    }),
  ],
  audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
};

interface ServerFrame {
  type?: string;
  target?: string;
  sdp?: string;
  candidate?: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null } | null;
  added?: { feed_id: string; participant_id: string; source: string }[];
  removed?: string[];
}

/** RTP received by a subscriber, per kind. */
export interface Received {
  videoPackets: number;
  videoBytes: number;
  audioPackets: number;
  audioBytes: number;
  /** Remote tracks that delivered at least one packet. */
  liveTracks: number;
}

export class MediaPeer {
  readonly name: string;
  readonly socket: BenchSocket;
  participantId = '';
  readonly feeds = new Map<string, string>(); // feed id → participant id
  readonly received: Received = {
    videoPackets: 0,
    videoBytes: 0,
    audioPackets: 0,
    audioBytes: 0,
    liveTracks: 0,
  };
  publisher: RTCPeerConnection | null = null;
  subscriber: RTCPeerConnection | null = null;
  readonly #iceAddress: string;
  /** Server candidates per target, kept until that connection has its remote description. */
  readonly #early = new Map<string, ServerFrame['candidate'][]>();
  #chain: Promise<void> = Promise.resolve();
  #errors: string[] = [];

  private constructor(name: string, socket: BenchSocket, iceAddress: string) {
    this.name = name;
    this.socket = socket;
    this.#iceAddress = iceAddress;
    socket.ws.on('message', (data: RawData) => this.#onFrame(data));
  }

  /** Connects, greets and joins; resolves once the `welcome` arrived. */
  static async join(
    baseUrl: string,
    credentials: string,
    name: string,
    iceAddress: string,
  ): Promise<MediaPeer> {
    const socket = await BenchSocket.connect(baseUrl, STEP_MS);
    const peer = new MediaPeer(name, socket, iceAddress);
    await socket.hello(credentials, STEP_MS);
    const joined = await socket.request({ type: 'join', has_mic: true, has_camera: true }, STEP_MS);
    peer.participantId = String(joined.participant_id);
    await socket.waitWelcome(STEP_MS);
    return peer;
  }

  get errors(): readonly string[] {
    return this.#errors;
  }

  #newPeerConnection(): RTCPeerConnection {
    return new RTCPeerConnection({
      codecs,
      bundlePolicy: 'max-bundle',
      // Candidates only on the host side of the benchmark's veth pair: Janus (inside the
      // namespace) reaches nothing else, and nothing else on the machine sees the media.
      iceInterfaceAddresses: { udp4: this.#iceAddress },
      iceUseIpv6: false,
      iceUseTcp: false,
    });
  }

  #onFrame(data: RawData): void {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(String(data)) as ServerFrame;
    } catch {
      return;
    }
    switch (frame.type) {
      case 'feeds':
        for (const f of frame.added ?? []) this.feeds.set(f.feed_id, f.participant_id);
        for (const id of frame.removed ?? []) this.feeds.delete(id);
        break;
      case 'offer':
        if (frame.target === 'subscriber' && frame.sdp) this.#queue(() => this.#answer(frame.sdp!));
        break;
      case 'trickle':
        this.#queue(() => this.#remoteCandidate(frame.target ?? '', frame.candidate ?? null));
        break;
      default:
        break;
    }
  }

  #queue(task: () => Promise<void>): void {
    this.#chain = this.#chain.then(task).catch((error: unknown) => {
      this.#errors.push(error instanceof Error ? error.message : String(error));
    });
  }

  #pcFor(target: string): RTCPeerConnection | null {
    return target === 'subscriber' ? this.subscriber : target === 'camera' ? this.publisher : null;
  }

  async #remoteCandidate(target: string, candidate: ServerFrame['candidate']): Promise<void> {
    const pc = this.#pcFor(target);
    if (!pc || !pc.remoteDescription) {
      const list = this.#early.get(target) ?? [];
      list.push(candidate);
      this.#early.set(target, list);
      return;
    }
    if (candidate) await pc.addIceCandidate(candidate as RTCIceCandidate);
  }

  async #flushEarly(target: string): Promise<void> {
    const pc = this.#pcFor(target);
    const list = this.#early.get(target) ?? [];
    this.#early.delete(target);
    for (const c of list) if (c && pc) await pc.addIceCandidate(c as RTCIceCandidate);
  }

  /** Waits for ICE gathering, so the description carries every candidate (no client trickle). */
  static async gathered(pc: RTCPeerConnection): Promise<void> {
    if (pc.iceGatheringState === 'complete') return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('ICE gathering took over 10 s')), 10_000);
      const { unSubscribe } = pc.iceGatheringStateChange.subscribe((state) => {
        if (state === 'complete') {
          clearTimeout(timer);
          unSubscribe();
          resolve();
        }
      });
    });
  }

  /** Publishes a camera feed (VP8 + Opus) whose RTP the caller writes into the two tracks. */
  async publish(): Promise<{ video: MediaStreamTrack; audio: MediaStreamTrack }> {
    const pc = this.#newPeerConnection();
    this.publisher = pc;
    const video = new MediaStreamTrack({ kind: 'video' });
    const audio = new MediaStreamTrack({ kind: 'audio' });
    pc.addTransceiver(audio, { direction: 'sendonly' });
    pc.addTransceiver(video, { direction: 'sendonly' });
    await pc.setLocalDescription(await pc.createOffer());
    await MediaPeer.gathered(pc);
    const reply = await this.socket.request(
      { type: 'publish_offer', source: 'camera', sdp: pc.localDescription!.sdp },
      STEP_MS,
    );
    await pc.setRemoteDescription({ type: 'answer', sdp: String(reply.sdp) });
    await this.socket.request({ type: 'trickle', target: 'camera', completed: true }, STEP_MS);
    await this.#flushEarly('camera');
    await this.socket.request(
      { type: 'set_media_state', audio: true, video: true, screen: false },
      STEP_MS,
    );
    return { video, audio };
  }

  /** Subscribes to these feeds on the one subscriber connection. */
  async subscribe(feedIds: string[]): Promise<void> {
    const reply = await this.socket.request({ type: 'subscribe', feeds: feedIds }, STEP_MS);
    if (typeof reply.sdp === 'string') {
      const sdp = reply.sdp;
      this.#queue(() => this.#answer(sdp));
    }
  }

  async #answer(sdp: string): Promise<void> {
    let pc = this.subscriber;
    if (!pc) {
      pc = this.#newPeerConnection();
      this.subscriber = pc;
      pc.onTrack.subscribe((track) => {
        let live = false;
        track.onReceiveRtp.subscribe((rtp) => {
          if (!live) {
            live = true;
            this.received.liveTracks += 1;
          }
          const bytes = rtp.payload.length + rtp.header.serializeSize;
          if (track.kind === 'video') {
            this.received.videoPackets += 1;
            this.received.videoBytes += bytes;
          } else {
            this.received.audioPackets += 1;
            this.received.audioBytes += bytes;
          }
        });
      });
    }
    await pc.setRemoteDescription({ type: 'offer', sdp });
    await this.#flushEarly('subscriber');
    await pc.setLocalDescription(await pc.createAnswer());
    await MediaPeer.gathered(pc);
    await this.socket.request({ type: 'answer', sdp: pc.localDescription!.sdp }, STEP_MS);
    await this.socket.request({ type: 'trickle', target: 'subscriber', completed: true }, STEP_MS);
  }

  /** Waits until every queued offer and candidate was handled. */
  async settled(): Promise<void> {
    await this.#chain;
  }

  async leave(): Promise<void> {
    try {
      await this.socket.request({ type: 'leave' }, 5000);
    } catch {
      // leaving is best effort; the socket closes below anyway
    }
    this.socket.close();
    await this.publisher?.close().catch(() => undefined);
    await this.subscriber?.close().catch(() => undefined);
  }
}
