import { decryptFrame, FrameEncryptor, keyIdOf, type FrameKind } from './frameCrypto.ts';

/**
 * The frame pipe between the encoder and the packetizer (sending) or the depacketizer and the
 * decoder (receiving). The same code runs in the RTCRtpScriptTransform worker and, where only
 * `createEncodedStreams()` exists, on the main thread.
 */

export type TransformRole = 'encrypt' | 'decrypt';
export type MediaKind = 'audio' | 'video';

/** The keys in use (a KeyRing): this participant's own, and those that decrypt others'. */
export interface KeySource {
  /** Null until a key exists: nothing is sent. */
  encryptKey(): Promise<{ key: CryptoKey; id: number } | null>;
  decryptKey(id: number): Promise<CryptoKey | null>;
}

/** Whether a receiver decrypts: reported on change. */
export type DecryptReport = (ok: boolean) => void;

export type EncodedFrame = RTCEncodedVideoFrame | RTCEncodedAudioFrame;

/**
 * How long frames must keep failing before the receiver is reported as undecryptable: a
 * joiner's first frames may come before the sender's key, and a key change races the frames.
 */
export const UNDECRYPTABLE_AFTER_MS = 2_000;

function kindOf(frame: EncodedFrame, media: MediaKind): FrameKind {
  if (media === 'audio') return 'audio';
  return (frame as RTCEncodedVideoFrame).type === 'key' ? 'video-key' : 'video-delta';
}

export interface TransformHooks {
  report?: DecryptReport;
  /** Sees every received frame before decryption (the e2e tests' capture; see E2ee.ts). */
  received?: (data: ArrayBuffer, kind: FrameKind) => void;
  now?: () => number;
}

export function frameTransform(
  role: TransformRole,
  media: MediaKind,
  keys: KeySource,
  hooks: TransformHooks = {},
): TransformStream<EncodedFrame, EncodedFrame> {
  const encryptor = new FrameEncryptor();
  const now = hooks.now ?? Date.now;
  let last: boolean | null = null;
  /** Since when frames fail without one decrypting (null: the last one decrypted). */
  let failingSince: number | null = null;
  const tell = (ok: boolean) => {
    if (ok) failingSince = null;
    else {
      failingSince ??= now();
      // Garbage never reaches the decoder either way; the tile only says so once it lasts.
      if (now() - failingSince < UNDECRYPTABLE_AFTER_MS) return;
    }
    if (ok === last) return;
    last = ok;
    hooks.report?.(ok);
  };
  return new TransformStream<EncodedFrame, EncodedFrame>({
    async transform(frame, controller) {
      const kind = kindOf(frame, media);
      if (role === 'encrypt') {
        // Without a key nothing leaves in clear: the frame is dropped.
        const current = await keys.encryptKey().catch(() => null);
        if (!current) return;
        frame.data = await encryptor.encrypt(current.key, current.id, frame.data, kind);
        controller.enqueue(frame);
        return;
      }
      if (frame.data.byteLength === 0) return;
      hooks.received?.(frame.data, kind);
      const id = keyIdOf(frame.data);
      // A key that failed to derive counts as none: a throw here would end the pipe for good.
      const key = id === null ? null : await keys.decryptKey(id).catch(() => null);
      if (!key) {
        tell(false);
        return;
      }
      try {
        frame.data = await decryptFrame(key, frame.data, kind);
      } catch {
        // Garbage must not reach the decoder: the tile says why instead.
        tell(false);
        return;
      }
      tell(true);
      controller.enqueue(frame);
    },
  });
}
