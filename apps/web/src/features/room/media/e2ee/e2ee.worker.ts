import { frameTransform, type KeySource, type MediaKind, type TransformRole } from './transform.ts';

/**
 * The RTCRtpScriptTransform worker: frames are encrypted and decrypted off the main thread.
 * The page sends the key (a non-extractable CryptoKey, structured-cloned); the worker reports
 * whether each receiver decrypts.
 */

export type ToWorker = { type: 'key'; key: CryptoKey | null; index: number };
export type FromWorker = { type: 'decrypt'; id: number; ok: boolean };
export interface TransformOptions {
  role: TransformRole;
  media: MediaKind;
  id: number;
}

interface RtcTransformEvent extends Event {
  transformer: {
    readable: ReadableStream<RTCEncodedVideoFrame | RTCEncodedAudioFrame>;
    writable: WritableStream<RTCEncodedVideoFrame | RTCEncodedAudioFrame>;
    options: TransformOptions;
  };
}

/** What this file needs of the worker's global scope (the app compiles with the DOM lib only). */
interface WorkerScope {
  addEventListener(type: string, listener: (event: Event) => void): void;
  postMessage(message: FromWorker): void;
}

const scope = self as unknown as WorkerScope;
let current: { key: CryptoKey; index: number } | null = null;
const keys: KeySource = { current: () => current };

scope.addEventListener('message', (event) => {
  const message = (event as MessageEvent<ToWorker>).data;
  if (message.type === 'key')
    current = message.key ? { key: message.key, index: message.index } : null;
});

scope.addEventListener('rtctransform', (event) => {
  const { readable, writable, options } = (event as RtcTransformEvent).transformer;
  const report = (ok: boolean) =>
    scope.postMessage({ type: 'decrypt', id: options.id, ok } satisfies FromWorker);
  readable
    .pipeThrough(frameTransform(options.role, options.media, keys, report))
    .pipeTo(writable)
    .catch(() => undefined);
});
