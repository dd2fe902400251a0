import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { deriveFrameKey } from './frameCrypto.ts';
import { frameTransform, type KeySource, type MediaKind } from './transform.ts';
import type { FromWorker, ToWorker, TransformOptions } from './e2ee.worker.ts';

/**
 * End-to-end encryption of the room's media (mode `endtoend`), see README.md here. One instance
 * per room session: it holds the key in memory only, installs the frame transform on every
 * sender and receiver, and tells the UI which received feeds cannot be decrypted.
 */

/** What Publisher and Subscriber need: extra peer-connection settings and the two hooks. */
export interface FrameProtection {
  readonly peerConfig: RTCConfiguration;
  protectSender(sender: RTCRtpSender, media: MediaKind): void;
  protectReceiver(receiver: RTCRtpReceiver, media: MediaKind, report: (ok: boolean) => void): void;
}

export interface E2eeState {
  /** A key was typed (its value never leaves the E2ee instance). */
  keySet: boolean;
  /** Received feeds whose frames fail to decrypt, by feed id. */
  undecryptable: Readonly<Record<string, true>>;
}

const initial: E2eeState = { keySet: false, undecryptable: {} };

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

export class E2ee implements FrameProtection {
  readonly #useWorker = typeof RTCRtpScriptTransform === 'function';
  #worker: Worker | null = null;
  #key: { key: CryptoKey; index: number } | null = null;
  #keys: KeySource = { current: () => this.#key };
  #reports = new Map<number, (ok: boolean) => void>();
  #nextId = 1;
  #protected = new WeakSet<RTCRtpSender | RTCRtpReceiver>();

  get peerConfig(): RTCConfiguration {
    // The legacy API only works on connections created with this flag (not in the DOM types).
    return this.#useWorker ? {} : ({ encodedInsertableStreams: true } as RTCConfiguration);
  }

  /** Derives the key from the passphrase; frames use it from the next one on. */
  async setPassphrase(passphrase: string, salt: string): Promise<void> {
    const key = await deriveFrameKey(passphrase, salt);
    this.#key = { key, index: ((this.#key?.index ?? -1) + 1) & 0xff };
    this.#post({ type: 'key', key, index: this.#key.index });
    e2eeStore.setState({ keySet: true, undecryptable: {} });
  }

  /** Marks a received feed as (un)decryptable. */
  report(feedId: string, ok: boolean): void {
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

  close(): void {
    this.#worker?.terminate();
    this.#worker = null;
    this.#key = null;
    this.#reports.clear();
    e2eeStore.setState(initial);
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
      .pipeThrough(frameTransform(role, media, this.#keys, report))
      .pipeTo(streams.writable)
      .catch(() => undefined);
  }

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./e2ee.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (message.type === 'decrypt') this.#reports.get(message.id)?.(message.ok);
    });
    this.#worker = worker;
    if (this.#key) this.#post({ type: 'key', key: this.#key.key, index: this.#key.index });
    return worker;
  }

  #post(message: ToWorker): void {
    this.#worker?.postMessage(message);
  }
}
