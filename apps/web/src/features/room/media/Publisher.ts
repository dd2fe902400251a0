import type { IceCandidate, PublishSource, RoomMode } from '@podium/protocol';
import type { FrameProtection } from './e2ee/E2ee.ts';
import { cameraEncodings, parametersForMode } from './simulcast.ts';
import { withLayers, type LayerLevel } from './linkLayers.ts';
import {
  addRemoteCandidate,
  trickleThrough,
  type MediaSignaling,
  type PeerConnectionFactory,
} from './peer.ts';

/**
 * One publishing connection to the media server, for the camera (microphone + camera, the
 * camera in simulcast) or for a screen share. The browser never speaks to Janus: the offer goes
 * out as `publish_offer {source, sdp}` and the reply carries the answer; ICE travels as
 * `trickle`. The transceivers exist from the start (sendonly), so turning the mic or camera on
 * or switching devices is a `replaceTrack` — no renegotiation, no glitch for the others.
 */
export interface PublisherOptions {
  source: PublishSource;
  signaling: MediaSignaling;
  createPeerConnection: PeerConnectionFactory;
  iceServers: RTCIceServer[];
  mode: RoomMode | null;
  /** End-to-end encryption of the frames (endtoend rooms). */
  frames?: FrameProtection | null;
}

export type PublisherState = 'new' | 'negotiating' | 'connected' | 'failed' | 'closed';

export class Publisher {
  readonly source: PublishSource;
  #options: PublisherOptions;
  #pc: RTCPeerConnection;
  #audio: RTCRtpTransceiver | null = null;
  #video: RTCRtpTransceiver;
  #state: PublisherState = 'new';
  /**
   * Candidates of the media server that arrive while an answer is awaited: the server may send
   * them before the `publish_offer` reply, and a candidate added before its description is lost.
   */
  #early: (IceCandidate | null)[] | null = null;
  #mode: RoomMode | null;
  #onState: (state: PublisherState) => void;

  constructor(
    options: PublisherOptions,
    onState: (state: PublisherState) => void = () => undefined,
  ) {
    this.source = options.source;
    this.#options = options;
    this.#mode = options.mode;
    this.#onState = onState;
    this.#pc = options.createPeerConnection({
      ...options.frames?.peerConfig,
      iceServers: options.iceServers,
      bundlePolicy: 'max-bundle',
      rtcpMuxPolicy: 'require',
    });
    if (options.source === 'camera') {
      this.#audio = this.#pc.addTransceiver('audio', { direction: 'sendonly' });
      this.#video = this.#pc.addTransceiver('video', {
        direction: 'sendonly',
        sendEncodings: cameraEncodings(options.mode),
      });
    } else {
      this.#video = this.#pc.addTransceiver('video', { direction: 'sendonly' });
    }
    if (this.#audio) options.frames?.protectSender(this.#audio.sender, 'audio');
    options.frames?.protectSender(this.#video.sender, 'video');
    trickleThrough(this.#pc, options.signaling, options.source);
    this.#pc.addEventListener('connectionstatechange', () => {
      const s = this.#pc.connectionState;
      if (s === 'connected') this.#set('connected');
      else if (s === 'failed') this.#set('failed');
    });
  }

  get state(): PublisherState {
    return this.#state;
  }

  get peerConnection(): RTCPeerConnection {
    return this.#pc;
  }

  #set(state: PublisherState): void {
    if (this.#state === state || this.#state === 'closed') return;
    this.#state = state;
    this.#onState(state);
  }

  /** Puts a track on the air (or takes it off with null); safe before and after negotiation. */
  async setTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void> {
    const transceiver = kind === 'audio' ? this.#audio : this.#video;
    if (!transceiver || this.#state === 'closed') return;
    if (track) {
      // Screen content wants sharpness over motion; a camera the reverse.
      track.contentHint =
        this.source === 'screen' ? 'detail' : kind === 'video' ? 'motion' : 'speech';
    }
    await transceiver.sender.replaceTrack(track);
  }

  get mode(): RoomMode | null {
    return this.#mode;
  }

  /**
   * The room changed mode mid-call: new limits on the camera's layers, in place on the sender
   * (no renegotiation, nobody notices but in quality). Screen shares keep theirs. When the
   * browser refuses, the call goes on with the old limits and false says so.
   */
  async setMode(mode: RoomMode | null): Promise<boolean> {
    if (this.source !== 'camera' || this.#state === 'closed' || mode === this.#mode) return true;
    const sender = this.#video.sender;
    try {
      await sender.setParameters(parametersForMode(sender.getParameters(), mode));
    } catch {
      return false;
    }
    this.#mode = mode;
    return true;
  }

  /**
   * Turns the camera's upper simulcast layers off for a lossy uplink (linkLayers.ts) or back on,
   * in place: the media server moves its receivers to the layer still sent by itself. False
   * when the browser refused (the call goes on as it was).
   */
  async setLayers(level: LayerLevel): Promise<boolean> {
    if (this.source !== 'camera' || this.#state === 'closed') return false;
    const sender = this.#video.sender;
    if (!sender.getParameters().encodings?.length) return false;
    try {
      await sender.setParameters(withLayers(sender.getParameters(), level));
      return true;
    } catch {
      // A browser that knows no degradationPreference may refuse it: the layer alone, then
      // (parameters read afresh: the first call used up their transaction).
      try {
        const { degradationPreference: _ignored, ...plain } = withLayers(
          sender.getParameters(),
          level,
        );
        await sender.setParameters(plain);
        return true;
      } catch {
        return false;
      }
    }
  }

  /**
   * Offers and applies the media server's answer. With `iceRestart` this is the publisher's
   * ICE restart: the protocol restarts publishers with a fresh `publish_offer`.
   */
  async negotiate(iceRestart = false): Promise<void> {
    if (this.#state === 'closed') return;
    this.#set('negotiating');
    const early: (IceCandidate | null)[] = [];
    this.#early = early;
    try {
      const offer = await this.#pc.createOffer({ iceRestart });
      await this.#pc.setLocalDescription(offer);
      const reply = await this.#options.signaling.request('publish_offer', {
        source: this.source,
        sdp: offer.sdp ?? '',
      });
      if ((this.#state as PublisherState) === 'closed') return;
      await this.#pc.setRemoteDescription({ type: 'answer', sdp: reply.sdp });
      // Those that come in meanwhile are appended, and this loop reaches them too.
      for (const candidate of early) await addRemoteCandidate(this.#pc, candidate);
    } finally {
      if (this.#early === early) this.#early = null;
    }
    if (this.#pc.connectionState === 'connected') this.#set('connected');
  }

  addRemoteCandidate(candidate: IceCandidate | null): Promise<void> {
    if (this.#early) {
      this.#early.push(candidate);
      return Promise.resolve();
    }
    return addRemoteCandidate(this.#pc, candidate);
  }

  /** Stops publishing; tells the server unless the whole session is going away. */
  close(notify = true): void {
    if (this.#state === 'closed') return;
    const negotiated = this.#state !== 'new';
    this.#set('closed');
    this.#state = 'closed';
    this.#pc.close();
    if (notify && negotiated) {
      this.#options.signaling.request('unpublish', { source: this.source }).catch(() => undefined);
    }
  }
}
