import type {
  FeedView,
  ParticipantView,
  PeerTarget,
  PublishSource,
  RoomMode,
  ServerEvent,
} from '@podium/protocol';
import type { CameraFilter } from '../../../shared/media/cameraFilter.ts';
import type { DeviceLists } from '../../../shared/media/devices.ts';
import type { MediaKind as DeviceKind } from '../../../shared/media/errors.ts';
import { levelFromRms, startLevelMeter } from '../../../shared/media/levelMeter.ts';
import {
  LocalPreview,
  type DeviceChoice,
  type PreviewState,
} from '../../../shared/media/localPreview.ts';
import { isMediaUnavailable } from '../signaling/errors.ts';
import type { OpenInfo } from '../signaling/SignalingClient.ts';
import { selfOf } from '../state/roomState.ts';
import type { RoomStore } from '../store.ts';
import { ActiveSpeakerDetector } from './activeSpeaker.ts';
import { E2ee, frameEncryptionSupported } from './e2ee/E2ee.ts';
import type { LocalMediaState, ScreenShareError, ScreenShareState } from './localMedia.ts';
import { qualityOf, readTotals, sampleBetween, type StatsTotals } from './networkQuality.ts';
import { changeCameraLayers } from './cameraLayers.ts';
import { LinkLayers, receiveLayerAt } from './linkLayers.ts';
import { browserPeerConnection, type MediaSignaling, type PeerConnectionFactory } from './peer.ts';
import { ExtraPublishers } from './extraPublishers.ts';
import { Publisher } from './Publisher.ts';
import { applyCameraMode, SCREEN_CONSTRAINTS } from './simulcast.ts';
import { Subscriber, subscriberConfig } from './Subscriber.ts';

/**
 * Everything media in the room, without React: the local microphone and camera (the pre-join
 * LocalPreview, reused for its device handling and §8 error mapping), the camera and screen
 * publishers, the subscriber, active speaker and network quality. It reads the room from the
 * store and writes `media` into it; the room session feeds it server events.
 *
 * Mic and camera are off on joining (spec §9). While the server cannot carry media
 * (`errors.media_unavailable`), the self-view still works and nothing is reported as sent.
 */

export type MediaNotice =
  | { kind: 'unavailable' }
  | { kind: 'publish_failed' }
  | { kind: 'not_allowed' }
  | { kind: 'stopped_by_host'; what: 'audio' | 'video' | 'screen' };

export interface RoomMediaDeps {
  store: RoomStore;
  signaling: MediaSignaling;
  mediaDevices: MediaDevices;
  permissions?: Permissions;
  createPeerConnection?: PeerConnectionFactory;
  /** The servers for a new peer connection; a function is asked each time (credentials expire). */
  iceServers?: RTCIceServer[] | (() => RTCIceServer[]);
  fallbackLabel: (kind: keyof DeviceLists, n: number) => string;
  /** Devices chosen on the pre-join page. */
  initialDevices?: { camera: string | null; microphone: string | null; speaker: string | null };
  notify: (notice: MediaNotice) => void;
  statsIntervalMs?: number;
  speakerIntervalMs?: number;
}

interface SentMediaState {
  audio: boolean;
  video: boolean;
  screen: boolean;
  has_mic: boolean;
  has_camera: boolean;
}

const SUBSCRIBE_CHUNK = 100;

export class RoomMedia {
  #deps: RoomMediaDeps;
  #preview: LocalPreview;
  #camera: Publisher | null = null;
  #screen: Publisher | null = null;
  #screenStream: MediaStream | null = null;
  #subscriber: Subscriber | null = null;
  /** A subscriber connection made ahead (prepareSubscriber), taken by the first subscriber. */
  #spare: RTCPeerConnection | null = null;
  #serial: Promise<void> = Promise.resolve();
  #sent: SentMediaState | null = null;
  #closed = false;
  #timers: ReturnType<typeof setInterval>[] = [];
  /** The last two readings: the indicator judges the last two polls, so it does not flicker. */
  #statsTotals: StatsTotals[] = [];
  /** The camera connection's own counters, and which of its layers are off (linkLayers.ts). */
  #uplinkTotals: { publisher: Publisher; totals: StatsTotals } | null = null;
  #uplink = new LinkLayers({ lowestAtOnce: true });
  /** The camera's layer change in progress (cameraLayers.ts), so changes never overlap. */
  #uplinkChange: Promise<void> = Promise.resolve();
  /** The subscriber connection's counters, and how far below the top layer it receives. */
  #downlinkTotals: { subscriber: Subscriber; totals: StatsTotals } | null = null;
  #downlink = new LinkLayers();
  #speaker = new ActiveSpeakerDetector();
  /**
   * The server reports the active speaker (`active_speaker`, from the media server's audio
   * levels of every published microphone, including feeds this browser does not receive). Once
   * it has, it decides; the local detector is the fallback for servers that never report.
   */
  #serverSpeaker = false;
  #localLevel = 0;
  #stopMeter: (() => void) | null = null;
  #meteredStream: MediaStream | null = null;
  #unsubscribePreview: () => void;
  /** The mode each camera track was last sized for (a new track comes at the preview's size). */
  #trackMode = new WeakMap<MediaStreamTrack, RoomMode | null>();
  /** The virtual background over the camera, or null to send the camera as captured. */
  #cameraFilter: CameraFilter | null = null;

  private constructor(deps: RoomMediaDeps, preview: LocalPreview) {
    this.#deps = deps;
    this.#preview = preview;
    this.#unsubscribePreview = preview.subscribe((state) => this.#onPreview(state));
    this.#timers.push(
      // Every second: a lossy link's layers change within 2 s (linkLayers.ts).
      setInterval(() => void this.#sampleNetwork(), deps.statsIntervalMs ?? 1_000),
      setInterval(() => this.#sampleSpeakers(), deps.speakerIntervalMs ?? 300),
    );
  }

  static async create(deps: RoomMediaDeps): Promise<RoomMedia> {
    const preview = await LocalPreview.create({
      mediaDevices: deps.mediaDevices,
      permissions: deps.permissions,
      fallbackLabel: deps.fallbackLabel,
    });
    const chosen = deps.initialDevices;
    if (chosen?.camera) await preview.select('camera', chosen.camera);
    if (chosen?.microphone) await preview.select('microphone', chosen.microphone);
    if (chosen?.speaker) await preview.select('speaker', chosen.speaker);
    const media = new RoomMedia(deps, preview);
    media.#set({ devices: preview.getState() });
    try {
      // Before any permission Chromium lists each kind once with an empty id, which the device
      // lists leave out; the kinds alone tell whether there is a microphone or camera at all.
      const kinds = new Set((await deps.mediaDevices.enumerateDevices()).map((d) => d.kind));
      media.#kinds = { mic: kinds.has('audioinput'), camera: kinds.has('videoinput') };
    } catch {
      // Unknown: the device lists decide.
    }
    return media;
  }

  #kinds = { mic: false, camera: false };
  #e2ee: E2ee | null = null;
  /** In-call features' own publishers (camera shares): ICE and lost connections reach them. */
  readonly extra = new ExtraPublishers();

  /**
   * A publisher for an in-call feature's own source (a camera share), set up like the screen's:
   * the room's ICE servers and mode, and its end-to-end encryption in endtoend rooms. Null while
   * media cannot flow. Track it in `extra` before it negotiates.
   */
  createPublisher(source: PublishSource): Publisher | null {
    if (this.#closed || this.#store().media.availability === 'unavailable') return null;
    if (!this.#mayCarryMedia()) return null;
    return new Publisher({
      source,
      signaling: this.#deps.signaling,
      createPeerConnection: this.#deps.createPeerConnection ?? browserPeerConnection,
      iceServers: this.#iceServers(),
      mode: this.#store().room.mode,
      frames: this.e2ee,
    });
  }

  /**
   * The room's end-to-end encryption (endtoend rooms only; null elsewhere or before the mode is
   * known). Created on first use, before any connection of the room exists.
   */
  get e2ee(): E2ee | null {
    if (this.#closed || this.#store().room.mode !== 'endtoend') return null;
    if (!frameEncryptionSupported()) return null;
    this.#e2ee ??= new E2ee(this.#deps.signaling);
    return this.#e2ee;
  }

  /**
   * Whether media may flow at all: an endtoend room in a browser that cannot encrypt frames
   * neither sends nor receives, rather than sending in clear.
   */
  #mayCarryMedia(): boolean {
    return this.#store().room.mode !== 'endtoend' || this.e2ee !== null;
  }

  #iceServers(): RTCIceServer[] {
    const given = this.#deps.iceServers;
    return typeof given === 'function' ? given() : (given ?? []);
  }

  /**
   * Whether this browser has a microphone / camera at all (sent with `join` and media state):
   * the server refuses a raised hand without a microphone (spec §5).
   */
  get hasDevices(): { mic: boolean; camera: boolean } {
    const { devices } = this.#preview.getState();
    return {
      mic: this.#kinds.mic || devices.microphones.length > 0,
      camera: this.#kinds.camera || devices.cameras.length > 0,
    };
  }

  // ---- Controls ---------------------------------------------------------------------------

  async setEnabled(kind: DeviceKind, on: boolean): Promise<void> {
    if (on && !this.#allowed(kind === 'camera' ? 'video' : 'audio')) {
      this.#deps.notify({ kind: 'not_allowed' });
      return;
    }
    await this.#preview.setEnabled(kind, on);
  }

  toggle(kind: DeviceKind): Promise<void> {
    const track = this.#preview.getState()[kind];
    return this.setEnabled(kind, !(track.on || track.pending));
  }

  /**
   * Puts a filter over the outgoing camera (the virtual background) or takes it away (null):
   * the sender's track is replaced in place, and the self-view shows what is sent. Resolves
   * once the new track is on the sender, so a caller may stop the old filter's output then.
   */
  setCameraFilter(filter: CameraFilter | null): Promise<void> {
    this.#cameraFilter = filter;
    this.#onPreview(this.#preview.getState());
    return this.#serial;
  }

  /** Switches device in the call; a live track is replaced without renegotiating. */
  select(choice: DeviceChoice, deviceId: string): Promise<void> {
    return this.#preview.select(choice, deviceId);
  }

  async toggleScreen(): Promise<void> {
    if (this.#screenStream || this.#store().media.screen.pending) {
      this.stopScreen();
      return;
    }
    if (!this.#allowed('screen')) {
      this.#deps.notify({ kind: 'not_allowed' });
      return;
    }
    if (this.#store().media.availability === 'unavailable') {
      // Nothing could be sent: do not ask the person to pick a screen for nothing.
      this.#deps.notify({ kind: 'unavailable' });
      return;
    }
    if (typeof this.#deps.mediaDevices.getDisplayMedia !== 'function') {
      this.#setScreen({ error: 'unsupported' });
      return;
    }
    this.#setScreen({ pending: true, error: null });
    let stream: MediaStream;
    try {
      stream = await this.#deps.mediaDevices.getDisplayMedia(SCREEN_CONSTRAINTS);
    } catch (error) {
      const name = (error as { name?: unknown } | null)?.name;
      const kind: ScreenShareError = name === 'NotAllowedError' ? 'denied' : 'unknown';
      // Dismissing the browser's picker is a choice, not an error worth a message.
      this.#setScreen({ pending: false, error: name === 'AbortError' ? null : kind });
      return;
    }
    if (this.#closed) {
      stream.getTracks().forEach((t) => t.stop());
      return;
    }
    this.#screenStream = stream;
    // The browser's own "Stop sharing" button ends the track.
    stream.getVideoTracks()[0]?.addEventListener('ended', () => {
      if (this.#screenStream === stream) this.stopScreen();
    });
    this.#setScreen({ on: true, pending: false, stream });
    this.#enqueue(() => this.#publishScreen(stream));
  }

  stopScreen(): void {
    const stream = this.#screenStream;
    this.#screenStream = null;
    stream?.getTracks().forEach((t) => t.stop());
    this.#screen?.close();
    this.#screen = null;
    this.#setScreen({ on: false, pending: false, stream: null });
    this.#enqueue(() => this.#reportState());
  }

  /**
   * Makes the subscriber's connection now, while the page waits for the network (RoomSession
   * calls it once `join` is sent), rather than when the first feeds arrive: the constructor
   * blocks the main thread (8–370 ms measured on a loaded 2-core machine). An endtoend room
   * whose encryption needs its own connection flag makes its own later.
   */
  prepareSubscriber(): void {
    if (this.#closed || this.#subscriber || this.#spare) return;
    if (this.#store().media.availability === 'unavailable') return;
    try {
      this.#spare = (this.#deps.createPeerConnection ?? browserPeerConnection)(
        subscriberConfig(this.#iceServers()),
      );
    } catch {
      // Made when the first feeds arrive instead.
    }
  }

  /** The join was not answered with a welcome (a full or locked room…): no spare is kept. */
  dropSpare(): void {
    this.#spare?.close();
    this.#spare = null;
  }

  /** The spare connection if it fits the subscriber's configuration; closed if not. */
  #takeSpare(frames: E2ee | null): RTCPeerConnection | undefined {
    const spare = this.#spare;
    this.#spare = null;
    if (!spare) return undefined;
    if (Object.keys(frames?.peerConfig ?? {}).length === 0 && spare.signalingState === 'stable') {
      return spare;
    }
    spare.close();
    return undefined;
  }

  // ---- Server events ----------------------------------------------------------------------

  handle(event: ServerEvent): void {
    this.e2ee?.handle(event, this.#store().room);
    switch (event.type) {
      case 'feeds':
        this.#enqueue(() => this.#onFeeds(event.removed));
        return;
      case 'offer':
        if (event.target === 'subscriber') {
          const subscriber = this.#ensureSubscriber();
          subscriber?.handleOffer(event.sdp).catch((error: unknown) => this.#mediaError(error));
        }
        return;
      case 'trickle': {
        if (this.extra.candidate(event.target, event.candidate)) return;
        const target =
          event.target === 'camera'
            ? this.#camera
            : event.target === 'screen'
              ? this.#screen
              : this.#subscriber;
        void target?.addRemoteCandidate(event.candidate);
        return;
      }
      case 'renegotiate':
        this.#enqueue(() => this.#renegotiate(event.targets));
        return;
      case 'media_stopped':
        for (const what of event.kinds) {
          if (what === 'audio') void this.#preview.setEnabled('microphone', false);
          if (what === 'video') void this.#preview.setEnabled('camera', false);
          if (what === 'screen') this.stopScreen();
          this.#deps.notify({ kind: 'stopped_by_host', what });
        }
        return;
      case 'mode_changed':
        this.#enqueue(() => this.#applyMode());
        return;
      case 'welcome':
      case 'snapshot':
        // The mode may differ from the one the camera started with (joined, or came back).
        this.#enqueue(() => this.#applyMode());
        this.#enforcePermissions();
        return;
      case 'participant_updated':
        this.#enforcePermissions();
        return;
      case 'participant_left':
        this.#speaker.forget(event.participant_id);
        return;
      case 'active_speaker':
        this.#serverSpeaker = true;
        if (event.participant_id !== this.#store().media.activeSpeaker) {
          this.#set({ activeSpeaker: event.participant_id });
        }
        return;
      default:
        return;
    }
  }

  /**
   * After the socket came back. The server kept us (resumed): connections that lost their path
   * restart ICE; healthy ones are left alone, since a signaling drop need not touch the media
   * path and restarting a working connection only risks it (with Janus 1.1.2 a restarted
   * connection sometimes stayed without media, seen in the e2e calls). The server lost us:
   * start over.
   */
  onReconnected(info: OpenInfo): void {
    if (info.resumed) {
      const lost = (pc: RTCPeerConnection | undefined) =>
        pc?.connectionState === 'disconnected' || pc?.connectionState === 'failed';
      this.#enqueue(async () => {
        await Promise.all([
          lost(this.#camera?.peerConnection) ? this.#camera?.negotiate(true) : undefined,
          lost(this.#screen?.peerConnection) ? this.#screen?.negotiate(true) : undefined,
          lost(this.#subscriber?.peerConnection) ? this.#subscriber?.restartIce() : undefined,
          this.extra.restartLost(),
        ]).catch((error: unknown) => this.#mediaError(error));
      });
    } else {
      this.reset();
    }
  }

  /**
   * The media server lost these connections (it restarted, or ICE/DTLS failed there): build
   * them again without a reload. Publishers come back if still publishing; the subscriber asks
   * again for the feeds it still wants.
   */
  async #renegotiate(targets: readonly PeerTarget[]): Promise<void> {
    this.extra.lost(targets);
    if (targets.includes('camera')) {
      this.#camera?.close(false);
      this.#camera = null;
      this.#sent = null;
      this.#set({ publishing: null });
      await this.#syncPublishing();
    }
    if (targets.includes('screen') && this.#screen) {
      this.#screen.close(false);
      this.#screen = null;
      if (this.#screenStream) await this.#publishScreen(this.#screenStream);
    }
    if (targets.includes('subscriber') && this.#subscriber) {
      this.#subscriber.close();
      this.#subscriber = null;
      await this.#onFeeds([]);
    }
  }

  /** Drops every connection (a new participant on the server): publishing restarts as needed. */
  reset(): void {
    this.extra.lostAll();
    this.#camera?.close(false);
    this.#camera = null;
    this.#screen?.close(false);
    this.#screen = null;
    this.#subscriber?.close();
    this.#subscriber = null;
    this.#sent = null;
    this.#set({ remote: {}, publishing: null });
    this.#enqueue(() => this.#syncPublishing());
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const timer of this.#timers) clearInterval(timer);
    this.#unsubscribePreview();
    this.#stopMeter?.();
    this.#screenStream?.getTracks().forEach((t) => t.stop());
    this.#screenStream = null;
    this.#camera?.close(false);
    this.#screen?.close(false);
    this.extra.closeAll();
    this.#subscriber?.close();
    this.dropSpare();
    this.#preview.close();
    this.#e2ee?.close();
    this.#e2ee = null;
  }

  // ---- Internals --------------------------------------------------------------------------

  #store() {
    return this.#deps.store.getState();
  }

  #self(): ParticipantView | null {
    return selfOf(this.#store().room);
  }

  #allowed(kind: 'audio' | 'video' | 'screen'): boolean {
    const self = this.#self();
    // Before the welcome nothing is known; the server has the last word anyway.
    return self ? self.can_publish[kind] : true;
  }

  #set(patch: Partial<LocalMediaState>): void {
    if (this.#closed) return;
    this.#store().setMedia(patch);
  }

  #setScreen(patch: Partial<ScreenShareState>): void {
    this.#set({ screen: { ...this.#store().media.screen, ...patch } });
  }

  /** Media work runs one step at a time so tracks, offers and state reports keep their order. */
  #enqueue(step: () => Promise<void> | void): void {
    const run = async () => {
      if (this.#closed) return;
      await step();
    };
    this.#serial = this.#serial.then(run, run).catch((error: unknown) => this.#mediaError(error));
  }

  #onPreview(state: PreviewState): void {
    this.#set({ devices: this.#filtered(state) });
    this.#meter(state.microphone.stream);
    this.#enqueue(() => this.#syncPublishing());
  }

  #meter(stream: MediaStream | null): void {
    if (stream === this.#meteredStream) return;
    this.#stopMeter?.();
    this.#stopMeter = null;
    this.#meteredStream = stream;
    this.#localLevel = 0;
    if (!stream) return;
    try {
      this.#stopMeter = startLevelMeter(stream, (level) => {
        this.#localLevel = level;
      });
    } catch {
      // Without WebAudio there is no local level; the microphone itself still works.
    }
  }

  /** The preview's state with the camera as it is sent (through the filter, if any). */
  #filtered(state: PreviewState): PreviewState {
    const raw = state.camera.stream?.getVideoTracks()[0] ?? null;
    const stream = this.#cameraFilter?.apply(raw);
    return stream ? { ...state, camera: { ...state.camera, stream } } : state;
  }

  #tracks(): { mic: MediaStreamTrack | null; camera: MediaStreamTrack | null } {
    const state = this.#preview.getState();
    return {
      mic: state.microphone.stream?.getAudioTracks()[0] ?? null,
      camera: state.camera.stream?.getVideoTracks()[0] ?? null,
    };
  }

  /**
   * Sizes the camera and its layers for the room's mode (Full HD in theater, decisions.md
   * "Modes"), in place: a mode switch mid-call needs no new track and no renegotiation.
   */
  async #applyMode(): Promise<void> {
    const mode = this.#store().room.mode;
    const { camera } = this.#tracks();
    if (camera && camera.readyState !== 'ended' && this.#trackMode.get(camera) !== mode) {
      this.#trackMode.set(camera, mode);
      await applyCameraMode(camera, mode);
    }
    await this.#camera?.setMode(mode);
  }

  async #syncPublishing(): Promise<void> {
    await this.#applyMode();
    const { mic, camera: raw } = this.#tracks();
    const camera = (raw && this.#cameraFilter?.apply(raw)?.getVideoTracks()[0]) || raw;
    const media = this.#store().media;
    if (
      media.availability !== 'unavailable' &&
      !this.#camera &&
      (mic || camera) &&
      this.#mayCarryMedia()
    ) {
      const publisher = new Publisher(
        {
          source: 'camera',
          signaling: this.#deps.signaling,
          createPeerConnection: this.#deps.createPeerConnection ?? browserPeerConnection,
          iceServers: this.#iceServers(),
          mode: this.#store().room.mode,
          frames: this.e2ee,
        },
        (state) => {
          if (this.#camera === publisher) this.#set({ publishing: state });
        },
      );
      this.#camera = publisher;
      await publisher.setTrack('audio', mic);
      await publisher.setTrack('video', camera);
      try {
        await publisher.negotiate();
        this.#set({ availability: 'available' });
      } catch (error) {
        publisher.close(false);
        if (this.#camera === publisher) this.#camera = null;
        this.#set({ publishing: null });
        this.#mediaError(error);
      }
    } else if (this.#camera) {
      await this.#camera.setTrack('audio', mic);
      await this.#camera.setTrack('video', camera);
    }
    await this.#reportState();
  }

  async #publishScreen(stream: MediaStream): Promise<void> {
    if (this.#store().media.availability === 'unavailable') {
      this.#deps.notify({ kind: 'unavailable' });
      if (this.#screenStream === stream) this.stopScreen();
      return;
    }
    const publisher = new Publisher({
      source: 'screen',
      signaling: this.#deps.signaling,
      createPeerConnection: this.#deps.createPeerConnection ?? browserPeerConnection,
      iceServers: this.#iceServers(),
      mode: this.#store().room.mode,
      frames: this.e2ee,
    });
    this.#screen = publisher;
    await publisher.setTrack('video', stream.getVideoTracks()[0] ?? null);
    try {
      await publisher.negotiate();
      this.#set({ availability: 'available' });
    } catch (error) {
      publisher.close(false);
      if (this.#screen === publisher) this.#screen = null;
      this.#mediaError(error);
      // A share nobody can see must not look like one: end the capture.
      if (this.#screenStream === stream) this.stopScreen();
    }
    await this.#reportState();
  }

  /**
   * Tells the room what this participant sends. Only media that actually reaches the media
   * server counts as on: a self-view without a server connection is not reported as sent.
   */
  async #reportState(): Promise<void> {
    if (!this.#self()) return;
    const { mic, camera } = this.#tracks();
    const live = (p: Publisher | null) => p !== null && p.state !== 'new' && p.state !== 'closed';
    const devices = this.hasDevices;
    const next: SentMediaState = {
      audio: mic !== null && live(this.#camera),
      video: camera !== null && live(this.#camera),
      screen: this.#screenStream !== null && live(this.#screen),
      has_mic: devices.mic,
      has_camera: devices.camera,
    };
    const sent = this.#sent;
    if (
      sent &&
      sent.audio === next.audio &&
      sent.video === next.video &&
      sent.screen === next.screen &&
      sent.has_mic === next.has_mic &&
      sent.has_camera === next.has_camera
    ) {
      return;
    }
    this.#sent = next;
    // Not awaited in the media queue: the socket keeps the order of what is sent, and the
    // subscription to the feeds that follow `welcome` must not wait for this round trip
    // (issue 11 item 3; it cost 40–340 ms of a join on a loaded machine).
    this.#deps.signaling.request('set_media_state', next).catch(() => {
      if (this.#sent === next) this.#sent = null; // try again with the next change
    });
  }

  /** A host took a permission back: turn off what may no longer be sent. */
  #enforcePermissions(): void {
    const self = this.#self();
    if (!self) return;
    const state = this.#preview.getState();
    if (!self.can_publish.audio && (state.microphone.on || state.microphone.pending)) {
      void this.#preview.setEnabled('microphone', false);
    }
    if (!self.can_publish.video && (state.camera.on || state.camera.pending)) {
      void this.#preview.setEnabled('camera', false);
    }
    if (!self.can_publish.screen && this.#screenStream) this.stopScreen();
    this.#enqueue(() => this.#reportState());
  }

  #ensureSubscriber(): Subscriber | null {
    if (this.#closed || this.#store().media.availability === 'unavailable') return null;
    if (!this.#mayCarryMedia()) return null;
    if (this.#subscriber) return this.#subscriber;
    const frames = this.e2ee;
    this.#subscriber = new Subscriber({
      peerConnection: this.#takeSpare(frames),
      frames,
      onDecrypt: (feedId, ok) => this.#e2ee?.report(feedId, ok),
      signaling: this.#deps.signaling,
      createPeerConnection: this.#deps.createPeerConnection ?? browserPeerConnection,
      iceServers: this.#iceServers(),
      onStream: (feedId, stream) => {
        const remote = { ...this.#store().media.remote };
        if (stream) remote[feedId] = stream;
        else delete remote[feedId];
        this.#set({ remote });
      },
      onFailed: () => {
        this.#subscriber?.restartIce().catch((error: unknown) => this.#mediaError(error));
      },
      onAnswered: () => {
        if (!this.#store().media.subscriberAnswered) this.#set({ subscriberAnswered: true });
      },
    });
    return this.#subscriber;
  }

  async #onFeeds(removed: readonly string[]): Promise<void> {
    this.#subscriber?.remove(removed);
    for (const feedId of removed) this.#e2ee?.feedGone(feedId);
    const { feeds, selfId } = this.#store().room;
    const wanted: FeedView[] = Object.values(feeds).filter((f) => f.participant_id !== selfId);
    if (!wanted.length) return;
    const subscriber = this.#ensureSubscriber();
    if (!subscriber) return;
    for (let i = 0; i < wanted.length; i += SUBSCRIBE_CHUNK) {
      try {
        await subscriber.subscribe(wanted.slice(i, i + SUBSCRIBE_CHUNK));
        this.#set({ availability: 'available' });
      } catch (error) {
        this.#mediaError(error);
        return;
      }
    }
  }

  #mediaError(error: unknown): void {
    if (this.#closed) return;
    if (isMediaUnavailable(error)) {
      if (this.#store().media.availability !== 'unavailable') {
        this.#set({ availability: 'unavailable' });
        this.#deps.notify({ kind: 'unavailable' });
      }
      return;
    }
    this.#deps.notify({ kind: 'publish_failed' });
  }

  async #sampleNetwork(): Promise<void> {
    const pcs = [this.#camera, this.#screen, this.#subscriber]
      .filter((p): p is Publisher | Subscriber => p !== null)
      .map((p) => p.peerConnection)
      .filter((pc) => pc.connectionState === 'connected');
    if (!pcs.length) {
      this.#statsTotals = [];
      if (this.#store().media.network !== null) this.#set({ network: null });
      return;
    }
    try {
      const camera = this.#camera;
      const subscriber = this.#subscriber;
      const reports = await Promise.all(pcs.map((pc) => pc.getStats()));
      const entries = reports.map((r) => r.values() as Iterable<Record<string, unknown>>);
      const totals = readTotals(entries);
      const quality = qualityOf(sampleBetween(this.#statsTotals[0] ?? null, totals));
      this.#statsTotals = [...this.#statsTotals, totals].slice(-2);
      if (quality && quality !== this.#store().media.network) this.#set({ network: quality });
      const cameraIndex = camera ? pcs.indexOf(camera.peerConnection) : -1;
      if (camera && cameraIndex >= 0) {
        this.#adaptUplink(camera, readTotals([reports[cameraIndex]!.values()]));
      }
      const subscriberIndex = subscriber ? pcs.indexOf(subscriber.peerConnection) : -1;
      if (subscriber && subscriberIndex >= 0) {
        await this.#adaptDownlink(subscriber, readTotals([reports[subscriberIndex]!.values()]));
      }
    } catch {
      // A connection closed between the check and the call: the next tick reads again.
    }
  }

  /**
   * The camera's upper layers off while its own uplink loses packets, back on once it is clean.
   * A change runs in the background (it waits for viewers to switch), one at a time.
   */
  #adaptUplink(camera: Publisher, totals: StatsTotals): void {
    const previous = this.#uplinkTotals?.publisher === camera ? this.#uplinkTotals.totals : null;
    if (!previous) this.#uplink.reset();
    this.#uplinkTotals = { publisher: camera, totals };
    const from = this.#uplink.level;
    const decision = this.#uplink.update(sampleBetween(previous, totals));
    if (decision === null) return;
    this.#uplinkChange = this.#uplinkChange
      .then(() => changeCameraLayers(camera, from, decision, this.#deps.signaling))
      .catch(() => undefined);
  }

  /**
   * Every video received at a lower layer while this browser's own downlink loses packets (the
   * lowest when the loss comes with a long round trip), back at the top once it is clean
   * (`receive_layer`). The media server keeps the choice for the participant; a new subscriber
   * connection starts from the top on both sides.
   */
  async #adaptDownlink(subscriber: Subscriber, totals: StatsTotals): Promise<void> {
    const previous =
      this.#downlinkTotals?.subscriber === subscriber ? this.#downlinkTotals.totals : null;
    this.#downlinkTotals = { subscriber, totals };
    if (!previous) {
      const wasReduced = this.#downlink.level > 0;
      this.#downlink.reset();
      if (wasReduced) await this.#deps.signaling.request('receive_layer', { layer: 2 });
    }
    const decision = this.#downlink.update(sampleBetween(previous, totals));
    if (decision !== null) {
      await this.#deps.signaling.request('receive_layer', { layer: receiveLayerAt(decision) });
    }
  }

  #sampleSpeakers(): void {
    if (this.#serverSpeaker) return;
    const { room } = this.#store();
    const levels = new Map<string, number>();
    if (room.selfId && this.#meteredStream) levels.set(room.selfId, this.#localLevel);
    const subscriber = this.#subscriber;
    if (subscriber) {
      for (const receiver of subscriber.peerConnection.getReceivers()) {
        if (receiver.track.kind !== 'audio') continue;
        const feedId = subscriber.feedOfReceiver(receiver);
        const owner = feedId ? room.feeds[feedId]?.participant_id : undefined;
        const level = receiver.getSynchronizationSources?.()[0]?.audioLevel;
        if (owner && typeof level === 'number') {
          levels.set(owner, Math.max(levels.get(owner) ?? 0, levelFromRms(level)));
        }
      }
    }
    const speaker = this.#speaker.update(levels, Date.now());
    if (speaker !== this.#store().media.activeSpeaker) this.#set({ activeSpeaker: speaker });
  }
}
