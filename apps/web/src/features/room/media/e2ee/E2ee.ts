import type { ServerEvent } from '@podium/protocol';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { MediaSignaling } from '../peer.ts';
import { passphraseBits, type FrameKind } from './frameCrypto.ts';
import { KeyExchange } from './keyExchange.ts';
import { KeyRing, type KeyRingOp } from './keyRing.ts';
import { toBase64Url } from './keySchedule.ts';
import { frameTransform, type MediaKind } from './transform.ts';
import { VideoPause } from './videoPause.ts';
import type { FromWorker, ToWorker, TransformOptions } from './e2ee.worker.ts';

/**
 * End-to-end encryption of the room's media (mode `endtoend`), see README.md here. One instance
 * per room session: it holds the keys in memory only, exchanges them with the others
 * (keyExchange.ts), installs the frame transform on every sender and receiver, and tells the UI
 * the safety code and which received feeds cannot be decrypted.
 */

/** What Publisher and Subscriber need: extra peer-connection settings and the two hooks. */
export interface FrameProtection {
  readonly peerConfig: RTCConfiguration;
  protectSender(sender: RTCRtpSender, media: MediaKind): void;
  protectReceiver(receiver: RTCRtpReceiver, media: MediaKind, report: (ok: boolean) => void): void;
}

export interface E2eeState {
  /** This participant has a media key: its frames leave encrypted (none leave before). */
  ready: boolean;
  /** The optional passphrase is in use (its value never leaves the E2ee instance). */
  passphrase: boolean;
  /** The code everyone compares (keySchedule.safetyCode); null before the first welcome. */
  safetyCode: string | null;
  /** Received feeds whose frames fail to decrypt, by feed id. */
  undecryptable: Readonly<Record<string, true>>;
}

const initial: E2eeState = { ready: false, passphrase: false, safetyCode: null, undecryptable: {} };

/** The page's one room at a time: a module store the room UI reads. */
export const e2eeStore = createStore<E2eeState>(() => initial);

export function useE2ee<T>(select: (state: E2eeState) => T): T {
  return useStore(e2eeStore, select);
}

/** Legacy Chromium API (before RTCRtpScriptTransform): streams of encoded frames. */
interface EncodedStreams {
  readable: ReadableStream<RTCEncodedVideoFrame | RTCEncodedAudioFrame>;
  writable: WritableStream<RTCEncodedVideoFrame | RTCEncodedAudioFrame>;
}
interface LegacyEndpoint {
  createEncodedStreams?: () => EncodedStreams;
}

/** Whether this browser can encrypt frames at all. */
export function frameEncryptionSupported(): boolean {
  return (
    typeof RTCRtpScriptTransform === 'function' ||
    (typeof RTCRtpSender !== 'undefined' &&
      typeof (RTCRtpSender.prototype as LegacyEndpoint).createEncodedStreams === 'function')
  );
}

/**
 * What the e2e tests read when the page set `__PODIUM_E2EE_TEST__` before loading: the media
 * keys held, and received frames as they arrive (still encrypted). SECURITY: script running in
 * this page can already read everything the page shows; the hook only saves the tests from
 * breaking into WebCrypto. It is off unless the page asked for it before the room started.
 */
interface TestHook {
  materials(): { from: string | null; id: number; material: string }[];
  capture(on: boolean): void;
  captured: { data: ArrayBuffer; kind: FrameKind; at: number }[];
}
type TestGlobal = { __PODIUM_E2EE_TEST__?: boolean; __podiumE2ee?: TestHook };

export class E2ee implements FrameProtection {
  readonly #useWorker = typeof RTCRtpScriptTransform === 'function';
  #worker: Worker | null = null;
  readonly #ring = new KeyRing();
  /** Every ring operation so far, replayed into a worker started later. */
  #ops: KeyRingOp[] = [];
  readonly #exchange: KeyExchange;
  #reports = new Map<number, (ok: boolean) => void>();
  #nextId = 1;
  #protected = new WeakSet<RTCRtpSender | RTCRtpReceiver>();
  #capture = false;
  /** The exchange began (a welcome, or the first event after this instance was made). */
  #started = false;
  readonly #hook: TestHook | null = null;
  /** Stops receiving video that cannot be decrypted (no keyframe requests storm the sender). */
  readonly #videoPause: VideoPause;

  constructor(signaling: MediaSignaling) {
    this.#videoPause = new VideoPause({
      receive: (feedId, on) => signaling.request('receive_video', { feed_id: feedId, on }),
      undecryptable: (feedId) => e2eeStore.getState().undecryptable[feedId] === true,
    });
    this.#exchange = new KeyExchange({
      request: (type, payload) => signaling.request(type, payload as never),
      apply: (op) => this.#apply(op),
      onSafetyCode: (safetyCode) => e2eeStore.setState({ safetyCode }),
    });
    const scope = globalThis as TestGlobal;
    if (scope.__PODIUM_E2EE_TEST__ === true) {
      const hook: TestHook = {
        materials: () =>
          this.#ring.materials().map(({ from, key }) => ({
            from,
            id: key.id,
            material: toBase64Url(key.material),
          })),
        capture: (on) => {
          this.#capture = on;
          this.#post({ type: 'capture', on });
        },
        captured: [],
      };
      this.#hook = hook;
      scope.__podiumE2ee = hook;
    }
  }

  get peerConfig(): RTCConfiguration {
    // The legacy API only works on connections created with this flag (not in the DOM types).
    return this.#useWorker ? {} : ({ encodedInsertableStreams: true } as RTCConfiguration);
  }

  /** The room's events that concern keys: who is present, public keys, sealed keys. */
  handle(
    event: ServerEvent,
    room: { selfId: string | null; participants: Readonly<Record<string, unknown>> },
  ): void {
    const present = Object.keys(room.participants);
    if (event.type === 'welcome') {
      this.#started = true;
      void this.#exchange.welcome(event.participant.id, present);
      return;
    }
    // Created after the welcome (the host switched the room to endtoend): start from here.
    if (!this.#started && room.selfId) {
      this.#started = true;
      void this.#exchange.welcome(room.selfId, present);
    }
    switch (event.type) {
      case 'snapshot':
      case 'participant_joined':
      case 'participant_left':
        void this.#exchange.roster(present);
        return;
      case 'e2ee_public_keys':
        void this.#exchange.publicKeys(event.keys);
        return;
      case 'e2ee_sealed':
        void this.#exchange.sealed(event.from, event.sealed);
        return;
      default:
        return;
    }
  }

  /**
   * The optional passphrase, mixed into every frame key (everyone must type the same one);
   * empty: none.
   */
  async setPassphrase(passphrase: string, salt: string): Promise<void> {
    const bits = passphrase ? await passphraseBits(passphrase, salt) : null;
    this.#apply({ type: 'passphrase', bits });
    // The verdicts stay: each receiver reports again once its frames decrypt (or fail) anew.
    e2eeStore.setState({ passphrase: bits !== null });
  }

  /** Marks a received feed as (un)decryptable. */
  report(feedId: string, ok: boolean): void {
    this.#videoPause.report(feedId, ok);
    const { undecryptable } = e2eeStore.getState();
    if (ok === !undecryptable[feedId]) return;
    const next = { ...undecryptable };
    if (ok) delete next[feedId];
    else next[feedId] = true;
    e2eeStore.setState({ undecryptable: next });
  }

  protectSender(sender: RTCRtpSender, media: MediaKind): void {
    this.#protect(sender, 'encrypt', media, () => undefined);
  }

  protectReceiver(receiver: RTCRtpReceiver, media: MediaKind, report: (ok: boolean) => void): void {
    this.#protect(receiver, 'decrypt', media, report);
  }

  /** A received feed is gone. */
  feedGone(feedId: string): void {
    this.#videoPause.forget(feedId);
  }

  close(): void {
    this.#videoPause.close();
    this.#exchange.close();
    this.#worker?.terminate();
    this.#worker = null;
    this.#ops = [];
    this.#reports.clear();
    e2eeStore.setState(initial);
  }

  #apply(op: KeyRingOp): void {
    this.#ring.apply(op);
    this.#ops.push(op);
    this.#post({ type: 'ring', op });
    if (op.type === 'own') e2eeStore.setState({ ready: op.key !== null });
    // Keys that may decrypt what could not be: paused video is tried again.
    if (op.type === 'peer' || op.type === 'passphrase') this.#videoPause.keysChanged();
  }

  #captured(data: ArrayBuffer, kind: FrameKind): void {
    const list = this.#hook?.captured;
    if (!list || !this.#capture) return;
    list.push({ data, kind, at: Date.now() });
    if (list.length > 600) list.splice(0, list.length - 600);
  }

  #protect(
    endpoint: RTCRtpSender | RTCRtpReceiver,
    role: 'encrypt' | 'decrypt',
    media: MediaKind,
    report: (ok: boolean) => void,
  ): void {
    if (this.#protected.has(endpoint)) return;
    this.#protected.add(endpoint);
    if (this.#useWorker) {
      const id = this.#nextId++;
      this.#reports.set(id, report);
      const options: TransformOptions = { role, media, id };
      endpoint.transform = new RTCRtpScriptTransform(this.#ensureWorker(), options);
      return;
    }
    const streams = (endpoint as LegacyEndpoint).createEncodedStreams?.();
    if (!streams) return;
    streams.readable
      .pipeThrough(
        frameTransform(role, media, this.#ring, {
          report,
          received: (data, kind) => this.#captured(data.slice(0), kind),
        }),
      )
      .pipeTo(streams.writable)
      .catch(() => undefined);
  }

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./e2ee.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (message.type === 'decrypt') this.#reports.get(message.id)?.(message.ok);
      else if (message.type === 'captured') this.#captured(message.data, message.kind);
    });
    this.#worker = worker;
    for (const op of this.#ops) this.#post({ type: 'ring', op });
    if (this.#capture) this.#post({ type: 'capture', on: true });
    return worker;
  }

  #post(message: ToWorker): void {
    this.#worker?.postMessage(message);
  }
}
