import type {
  ChatFile,
  ChatMessageView,
  ClientMessageType,
  Layout,
  MediaKind,
  Role,
  RoomMode,
  ServerEvent,
} from '@podium/protocol';
import { isSignalingError, SignalingRequestError } from '../signaling/errors.ts';
import {
  SignalingClient,
  type OpenInfo,
  type RequestPayload,
  type SignalingClientOptions,
} from '../signaling/SignalingClient.ts';
import { featureReducers, type InCallFeature } from '../features/inCallFeature.ts';
import { MediaLinkWatch } from '../media/mediaLink.ts';
import { browserPeerConnection, type PeerConnectionFactory } from '../media/peer.ts';
import type { MediaNotice, RoomMedia } from '../media/RoomMedia.ts';
import { isModerator } from '../state/permissions.ts';
import { selfOf } from '../state/roomState.ts';
import { createRoomStore, type RoomStore } from '../store.ts';
import type { SocketAuth } from './auth.ts';
import { downloadUrl } from '../../events/download.ts';
import { fetchFileLink } from './fileLink.ts';
import { uploadChatFile, UploadError, type UploadFailure, type UploadOptions } from './upload.ts';

/**
 * One visit to the live room, without React: the signaling client, the store, the media, and
 * every action the room offers. The single place for the room's side effects; the page's hook
 * creates it, starts it, and closes it when the page goes away.
 */

export type RoomNotice =
  /** A request was refused or failed; the text comes from the error's i18n key. */
  | { kind: 'error'; error: unknown }
  | { kind: 'media'; notice: MediaNotice }
  | { kind: 'ask_answered'; name: string; media: MediaKind; response: 'accepted' | 'later' }
  | { kind: 'hand_lowered_by_host' }
  /** Someone raised their hand (told to hosts and co-hosts, who answer hands). */
  | { kind: 'hand_raised'; name: string }
  | { kind: 'role_changed'; role: Role }
  | { kind: 'mode_changed'; mode: RoomMode }
  | { kind: 'reconnected' }
  /** The server no longer had us after a long drop; we joined again. */
  | { kind: 'rejoined' }
  | { kind: 'upload_failed'; reason: UploadFailure }
  /** A shared file's download link was refused or could not be fetched. */
  | { kind: 'download_failed' }
  /** A host set a new chat passcode: the earlier chat is gone for everyone. */
  | { kind: 'chat_cleared' };

export interface RoomSessionOptions {
  /** Socket credentials (POST /member/v1/auth with the join ticket), with the room's id. */
  authenticate: () => Promise<string | SocketAuth>;
  /** The signed-in person's token for uploads (guests upload with the socket credentials). */
  accessToken?: () => string | null;
  /** Chat file uploads; defaults to POST /api/storage/upload-file. */
  upload?: (file: File, options: UploadOptions) => Promise<ChatFile>;
  url: string;
  notify: (notice: RoomNotice) => void;
  /** Creates the media side once the socket is up; null where calling is unsupported. */
  createMedia?: (store: RoomStore, client: SignalingClient) => Promise<RoomMedia | null>;
  client?: Partial<SignalingClientOptions>;
  /** The in-call features of this call (features/index.ts); none: the bare core. */
  features?: readonly InCallFeature[];
  store?: RoomStore;
  /**
   * First wait before asking a locked room again (it grows to 5x): a guest gets in by
   * themselves once a host unlocks, as the server keeps no queue for a locked room.
   */
  lockedRetryMs?: number;
}

const LOCKED_RETRY_MS = 2_000;

/**
 * How long the socket gets to answer a heartbeat once the media connections lost their path:
 * a network that is really gone drops it and the room reconnects (and resumes) at once.
 */
const MEDIA_LOSS_PROBE_MS = 3_000;

/** How long a resumed room lets media connections recover by themselves before restarting ICE. */
const ICE_SETTLE_MS = 3_000;

export type AdmitTarget = { participantId: string } | 'all';

export class RoomSession {
  readonly store: RoomStore;
  /** What the call view assembles and the store folds besides the core (features/README.md). */
  readonly features: readonly InCallFeature[];
  #options: RoomSessionOptions;
  #client: SignalingClient;
  #media: RoomMedia | null = null;
  #closed = false;
  #started = false;
  #opens = 0;
  #auth: SocketAuth | null = null;
  /** The socket's own state; the room shows 'reconnecting' also while media lost its path. */
  #socketState: SignalingClient['state'] = 'idle';
  readonly #mediaLink = new MediaLinkWatch(() => this.#onMediaLink());
  #joining = false;
  /** The first join went behind a hello that was refused: the first open joins instead. */
  #joinOnFirstOpen = false;
  #lockedRetry: ReturnType<typeof setTimeout> | null = null;
  #lockedTries = 0;

  constructor(options: RoomSessionOptions) {
    this.#options = options;
    this.features = options.features ?? [];
    this.store = options.store ?? createRoomStore({}, featureReducers(this.features));
    const joinLink = options.client?.joinLink;
    this.#client = new SignalingClient({
      url: options.url,
      authenticate: async () => {
        const answer = await options.authenticate();
        this.#auth = typeof answer === 'string' ? { credentials: answer, roomId: null } : answer;
        return this.#auth.credentials;
      },
      ...options.client,
      ...(joinLink
        ? {
            // Admitted by the first hello: its credentials, as an authentication gives them.
            joinLink: {
              ...joinLink,
              admitted: (admission) => {
                this.#auth = { credentials: admission.credentials, roomId: admission.room_id };
                joinLink.admitted(admission);
              },
            },
          }
        : {}),
    });
    this.#client.on('state', (state) => this.#dispatchConnection(state));
    this.#client.on('event', (event) => this.#onEvent(event));
    this.#client.on('open', (info) => this.#onOpen(info));
    this.#client.on('closed', (reason) => {
      if (reason) this.store.getState().setFailure(reason);
      this.#media?.close();
    });
  }

  get media(): RoomMedia | null {
    return this.#media;
  }

  /** The live room's id from the socket's auth answer (gifts name it); null until then. */
  get roomId(): string | null {
    return this.#auth?.roomId ?? null;
  }

  /** Connects, prepares media and asks to join. Failures land in the store's `failure`. */
  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    // Devices (and the ICE config) are prepared while the socket connects and says hello: they
    // do not depend on each other, and the join waits for both (issue 11 item 3).
    const media = (async () => {
      try {
        return (await this.#options.createMedia?.(this.store, this.#client)) ?? null;
      } catch {
        return null;
      }
    })();
    const connected = this.#client.connect();
    // Settled below, after the media; a failure meanwhile must not go unobserved.
    connected.catch(() => undefined);
    this.#media = await media;
    if (this.#closed) {
      this.#media?.close();
      return;
    }
    // The join goes right behind the hello when that is still unanswered: the server reads a
    // socket's requests in order, and waiting for the hello's answer first cost a round trip
    // and the page's turn in between (10–25 ms traced).
    const joined = this.#join(true);
    try {
      await connected;
    } catch {
      // `closed` already put the reason in the store.
      this.#media?.close();
      return;
    }
    await joined;
  }

  /** `behindHello`: the first join, sent behind the socket's hello if it is unanswered. */
  async #join(behindHello = false): Promise<void> {
    // One join at a time: a second one would be refused as already joined.
    if (this.#joining) return;
    this.#joining = true;
    const devices = this.#media?.hasDevices ?? { mic: false, camera: false };
    const payload = { has_mic: devices.mic, has_camera: devices.camera };
    try {
      const joined = this.#client.request('join', payload, undefined, { behindHello });
      // The subscriber's connection is made while the server answers (see prepareSubscriber).
      this.#media?.prepareSubscriber();
      await joined;
      this.#lockedTries = 0;
    } catch (error) {
      this.#media?.dropSpare();
      this.#onJoinRefused(error);
    } finally {
      this.#joining = false;
    }
  }

  /** Asks a locked room again after a while, quietly (the 'Room is locked' screen stays). */
  #retryWhileLocked(): void {
    this.#stopLockedRetry();
    if (this.#closed) return;
    const first = this.#options.lockedRetryMs ?? LOCKED_RETRY_MS;
    const wait = Math.min(first * 5, first * (1 + this.#lockedTries));
    this.#lockedTries += 1;
    this.#lockedRetry = setTimeout(() => {
      this.#lockedRetry = null;
      if (this.store.getState().room.joinState === 'locked') void this.#join();
    }, wait);
  }

  #stopLockedRetry(): void {
    if (this.#lockedRetry) clearTimeout(this.#lockedRetry);
    this.#lockedRetry = null;
  }

  #onJoinRefused(error: unknown): void {
    const dispatch = this.store.getState().dispatch;
    if (!isSignalingError(error)) return;
    switch (error.code) {
      case 'disconnected':
        // The reconnect joins again (see #onOpen), and so does the first open when the join
        // went behind a hello that was refused (the socket says hello again with new credentials).
        if (this.#opens === 0) this.#joinOnFirstOpen = true;
        return;
      case 'closed':
        // A closed session has nothing to do.
        return;
      case 'room_full':
        dispatch({ type: 'local/join_state', state: 'full' });
        return;
      case 'room_locked':
        dispatch({ type: 'local/join_state', state: 'locked' });
        this.#retryWhileLocked();
        return;
      case 'room_ended':
        dispatch({ type: 'ended', reason: 'host_ended' });
        this.#client.close();
        return;
      case 'blocked':
        dispatch({ type: 'removed', reason: 'blocked' });
        this.#client.close();
        return;
      default:
        this.store.getState().setFailure(error);
        this.#client.close();
    }
  }

  /** A locked or full room: the person asks again. */
  retryJoin(): Promise<void> {
    this.#stopLockedRetry();
    this.store.getState().dispatch({ type: 'local/join_state', state: 'joining' });
    return this.#join();
  }

  /** Leaves on purpose: tells the room (briefly waiting for it) and closes everything. */
  async leave(): Promise<void> {
    if (this.#closed) return;
    this.store.getState().dispatch({ type: 'local/left' });
    try {
      await this.#client.request('leave', {}, 1_500);
    } catch {
      // Leaving must not hang on a dead connection; the server's grace period cleans up.
    }
    this.close();
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#stopLockedRetry();
    this.#mediaLink.close();
    this.#media?.close();
    this.#client.close();
  }

  // ---- Events -----------------------------------------------------------------------------

  /** The factory media must use for its connections, so the room sees them lose their path. */
  peerConnections(base: PeerConnectionFactory = browserPeerConnection): PeerConnectionFactory {
    return this.#mediaLink.wrap(base);
  }

  #dispatchConnection(state: SignalingClient['state']): void {
    this.#socketState = state;
    this.#publishConnection();
  }

  /**
   * Connected by the socket but with the media path gone (spec §4 'reconnecting'): the person
   * sees and hears nobody, so the room says it is reconnecting until media flows again.
   */
  #publishConnection(): void {
    const socket = this.#socketState;
    const state = socket === 'connected' && this.#mediaLink.interrupted ? 'reconnecting' : socket;
    if (this.store.getState().room.connection === state) return;
    this.store.getState().dispatch({ type: 'local/connection', state });
  }

  /**
   * Media lost (or found again) its path. Either way the socket is checked at once: a network
   * outage has usually taken it too, and the server may have dropped it meanwhile; waiting for
   * the next heartbeat would leave others seeing this participant as reconnecting for longer.
   */
  #onMediaLink(): void {
    this.#publishConnection();
    if (!this.#closed) this.#client.probe(MEDIA_LOSS_PROBE_MS);
  }

  #onOpen(info: OpenInfo): void {
    // The first open is followed by start()'s own join, unless that one was lost before it.
    this.#opens += 1;
    if (this.#opens === 1) {
      if (this.#joinOnFirstOpen) void this.#join();
      this.#joinOnFirstOpen = false;
      return;
    }
    if (info.resumed) {
      this.#options.notify({ kind: 'reconnected' });
      // After a network outage the socket is often back before ICE: a connection given a
      // moment recovers by itself, while restarting ICE at once cost ~8 s more in the e2e
      // blackout (Janus 1.1.2). What is still lost after that is restarted.
      void this.#mediaLink.settled(ICE_SETTLE_MS).then(() => {
        if (!this.#closed) this.#media?.onReconnected(info);
      });
      return;
    }
    const { joinState } = this.store.getState().room;
    if (joinState === 'left' || joinState === 'ended') return;
    // The server lost us (grace over), or the drop came before the welcome: join again.
    this.#media?.onReconnected(info);
    if (info.resumeError) this.#options.notify({ kind: 'rejoined' });
    void this.#join();
  }

  #onEvent(event: ServerEvent): void {
    const before = this.store.getState().room;
    this.store.getState().dispatch(event);
    this.#media?.handle(event);
    const after = this.store.getState().room;
    switch (event.type) {
      case 'ask_answered': {
        const name = after.participants[event.participant_id]?.name ?? '';
        this.#options.notify({
          kind: 'ask_answered',
          name,
          media: event.kind,
          response: event.response,
        });
        return;
      }
      case 'hand_raised': {
        const known = before.hands.some((h) => h.participantId === event.participant_id);
        if (!known && event.participant_id !== after.selfId && isModerator(selfOf(after)?.role)) {
          this.#options.notify({ kind: 'hand_raised', name: event.name });
        }
        return;
      }
      case 'hand_lowered':
        if (event.participant_id === after.selfId && event.by && event.by !== after.selfId) {
          this.#options.notify({ kind: 'hand_lowered_by_host' });
        }
        return;
      case 'participant_updated': {
        const previous = selfOf(before);
        const self = selfOf(after);
        if (self && previous && event.participant_id === self.id && previous.role !== self.role) {
          this.#options.notify({ kind: 'role_changed', role: self.role });
        }
        return;
      }
      case 'mode_changed':
        if (before.mode !== null && before.mode !== event.mode) {
          this.#options.notify({ kind: 'mode_changed', mode: event.mode });
        }
        return;
      case 'media_stopped':
        if (!this.#media) {
          for (const what of event.kinds) {
            this.#options.notify({ kind: 'media', notice: { kind: 'stopped_by_host', what } });
          }
        }
        return;
      case 'chat_cleared':
        if (event.by !== after.selfId) this.#options.notify({ kind: 'chat_cleared' });
        return;
      case 'ended':
      case 'removed':
        this.close();
        return;
      default:
        return;
    }
  }

  // ---- Actions ----------------------------------------------------------------------------

  /**
   * Sends a room request; a refusal becomes a notice (the server's i18n key). `busy` names a
   * loading flag the UI shows while the answer is pending. Resolves true on success.
   */
  async #run<T extends ClientMessageType>(
    type: T,
    payload: RequestPayload<T>,
    busy?: string,
  ): Promise<boolean> {
    const { setBusy } = this.store.getState();
    if (busy) setBusy(busy, true);
    try {
      await this.#client.request(type, payload);
      return true;
    } catch (error) {
      if (!(error instanceof SignalingRequestError && error.code === 'closed')) {
        this.#options.notify({ kind: 'error', error });
      }
      return false;
    } finally {
      if (busy) setBusy(busy, false);
    }
  }

  /**
   * A room request on behalf of an in-call feature (its actions live in its folder, not here):
   * a refusal becomes a notice, `busy` names the loading flag. Resolves true on success.
   */
  send<T extends ClientMessageType>(
    type: T,
    payload: RequestPayload<T>,
    busy?: string,
  ): Promise<boolean> {
    return this.#run(type, payload, busy);
  }

  setLocked(locked: boolean) {
    return locked ? this.#run('lock', {}, 'lock') : this.#run('unlock', {}, 'lock');
  }

  setWaitingRoom(enabled: boolean) {
    return this.#run('waiting_room', { enabled }, 'waitingRoom');
  }

  admit(target: AdmitTarget) {
    return target === 'all'
      ? this.#run('admit', { all: true }, 'admitAll')
      : this.#run(
          'admit',
          { participant_id: target.participantId },
          `admit:${target.participantId}`,
        );
  }

  deny(target: AdmitTarget) {
    return target === 'all'
      ? this.#run('deny', { all: true }, 'denyAll')
      : this.#run('deny', { participant_id: target.participantId }, `deny:${target.participantId}`);
  }

  remove(participantId: string) {
    return this.#run('remove', { participant_id: participantId }, `remove:${participantId}`);
  }

  block(participantId: string) {
    return this.#run('block', { participant_id: participantId }, `block:${participantId}`);
  }

  /** The host's current layout goes along: the server refuses mute all in gallery view. */
  muteAll() {
    return this.#run('mute_all', { layout: this.store.getState().room.layout }, 'muteAll');
  }

  stopAllCameras() {
    return this.#run('stop_all_cameras', {}, 'stopAllCameras');
  }

  askEnable(kind: MediaKind, participantId: string) {
    return this.#run('ask_enable', { kind, participant_id: participantId });
  }

  /** Answers a host's request: accepting turns the device on (spec: Accept / Decide later). */
  async answerAsk(kind: MediaKind, response: 'accepted' | 'later'): Promise<void> {
    this.store.getState().dispatch({ type: 'local/ask_done', kind });
    const ok = await this.#run('ask_response', { kind, response });
    if (ok && response === 'accepted') {
      await this.#media?.setEnabled(kind === 'audio' ? 'microphone' : 'camera', true);
    }
  }

  setRole(participantId: string, role: 'host' | 'co-host' | 'presenter', granted: boolean) {
    return this.#run(
      'set_role',
      { participant_id: participantId, role, granted },
      `role:${participantId}`,
    );
  }

  pinForAll(participantId: string | null) {
    return this.#run('pin_for_all', { participant_id: participantId }, 'pinForAll');
  }

  setMode(mode: RoomMode) {
    return this.#run('set_mode', { mode }, 'mode');
  }

  endForAll() {
    return this.#run('end_for_all', {}, 'endForAll');
  }

  raiseHand() {
    return this.#run('raise_hand', {}, 'hand');
  }

  lowerHand(participantId?: string) {
    return this.#run(
      'lower_hand',
      participantId ? { participant_id: participantId } : {},
      participantId ? `lower:${participantId}` : 'hand',
    );
  }

  /**
   * Downloads a shared chat file: asks the server for a short-lived signed link (only people
   * who may see the message get one), then starts the download. Resolves false when refused.
   */
  async downloadFile(file: { id: string; name: string }): Promise<boolean> {
    const url = await fetchFileLink(file.id, {
      credentials: this.#credentials(),
      accessToken: this.#options.accessToken?.() ?? null,
    });
    if (!url) {
      this.#options.notify({ kind: 'download_failed' });
      return false;
    }
    downloadUrl(url, file.name);
    return true;
  }

  /** The room's socket credentials for HTTP calls: renewed ones once the first have expired. */
  #credentials(): string | null {
    return this.#client.credentials ?? this.#auth?.credentials ?? null;
  }

  /** Sends a message, uploading its attachment first; resolves true once the room has it. */
  async sendChat(to: 'everyone' | string, text: string, attachment?: File): Promise<boolean> {
    let file: ChatFile | undefined;
    if (attachment) {
      const { setBusy } = this.store.getState();
      setBusy('chat', true);
      try {
        const upload = this.#options.upload ?? uploadChatFile;
        file = await upload(attachment, {
          credentials: this.#credentials(),
          roomId: this.#auth?.roomId ?? null,
          accessToken: this.#options.accessToken?.() ?? null,
        });
      } catch (error) {
        this.#options.notify({
          kind: 'upload_failed',
          reason: error instanceof UploadError ? error.reason : 'network',
        });
        return false;
      } finally {
        setBusy('chat', false);
      }
    }
    return this.#run('chat', { to, text, ...(file ? { file } : {}) }, 'chat');
  }

  /**
   * The chat history as the server keeps it (hosts and co-hosts). Once a chat passcode was
   * set, it must be given: `'passcode'` means it is missing or wrong.
   */
  async exportChat(passcode?: string): Promise<ChatMessageView[] | 'passcode' | null> {
    const { setBusy } = this.store.getState();
    setBusy('chatExport', true);
    try {
      const reply = await this.#client.request('chat_export', passcode ? { passcode } : {});
      return reply.messages;
    } catch (error) {
      if (isSignalingError(error) && error.code === 'invalid_passcode') return 'passcode';
      this.#options.notify({ kind: 'error', error });
      return null;
    } finally {
      setBusy('chatExport', false);
    }
  }

  /** A new chat passcode (shown once); the earlier chat is cleared for everyone. */
  async resetChatPasscode(): Promise<string | null> {
    const { setBusy } = this.store.getState();
    setBusy('chatPasscode', true);
    try {
      return (await this.#client.request('chat_passcode_reset', {})).passcode;
    } catch (error) {
      this.#options.notify({ kind: 'error', error });
      return null;
    } finally {
      setBusy('chatPasscode', false);
    }
  }

  setLayout(layout: Layout): void {
    this.store.getState().dispatch({ type: 'local/layout', layout });
  }

  pinLocally(participantId: string | null): void {
    this.store.getState().dispatch({ type: 'local/pin', participantId });
  }

  /** Shows a feature's side panel (its id), or none; the features concerned are told. */
  openPanel(id: string | null): void {
    const { panel, setPanel } = this.store.getState();
    if (panel === id) return;
    const panelOf = (featureId: string | null) =>
      this.features.find((f) => f.id === featureId)?.panel;
    panelOf(panel)?.onOpenChange?.(this.store, false);
    setPanel(id);
    panelOf(id)?.onOpenChange?.(this.store, true);
  }
}
