import type { FrameKind } from './frameCrypto.ts';
import { KeyRing, type KeyRingOp } from './keyRing.ts';
import { frameTransform, type MediaKind, type TransformRole } from './transform.ts';

/**
 * The RTCRtpScriptTransform worker: frames are encrypted and decrypted off the main thread.
 * The page mirrors its key ring here (the same operations, structured-cloned); the worker
 * reports whether each receiver decrypts.
 */

export type ToWorker = { type: 'ring'; op: KeyRingOp } | { type: 'capture'; on: boolean };
export type FromWorker =
  | { type: 'decrypt'; id: number; ok: boolean }
  | { type: 'captured'; data: ArrayBuffer; kind: FrameKind };
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
const ring = new KeyRing();
let capture = false;

scope.addEventListener('message', (event) => {
  const message = (event as MessageEvent<ToWorker>).data;
  if (message.type === 'ring') ring.apply(message.op);
  else if (message.type === 'capture') capture = message.on;
});

scope.addEventListener('rtctransform', (event) => {
  const { readable, writable, options } = (event as RtcTransformEvent).transformer;
  readable
    .pipeThrough(
      frameTransform(options.role, options.media, ring, {
        report: (ok) =>
          scope.postMessage({ type: 'decrypt', id: options.id, ok } satisfies FromWorker),
        received: (data, kind) => {
          if (capture) scope.postMessage({ type: 'captured', data: data.slice(0), kind });
        },
      }),
    )
    .pipeTo(writable)
    .catch(() => undefined);
});
