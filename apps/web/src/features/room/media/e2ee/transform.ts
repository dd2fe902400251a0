import { decryptFrame, FrameEncryptor, type FrameKind } from './frameCrypto.ts';

/**
 * The frame pipe between the encoder and the packetizer (sending) or the depacketizer and the
 * decoder (receiving). The same code runs in the RTCRtpScriptTransform worker and, where only
 * `createEncodedStreams()` exists, on the main thread.
 */

export type TransformRole = 'encrypt' | 'decrypt';
export type MediaKind = 'audio' | 'video';

/** The key currently in use; null until the person typed one. */
export interface KeySource {
  current(): { key: CryptoKey; index: number } | null;
}

/** Whether a receiver decrypts: reported on the first frame and on every change. */
export type DecryptReport = (ok: boolean) => void;

export type EncodedFrame = RTCEncodedVideoFrame | RTCEncodedAudioFrame;

function kindOf(frame: EncodedFrame, media: MediaKind): FrameKind {
  if (media === 'audio') return 'audio';
  return (frame as RTCEncodedVideoFrame).type === 'key' ? 'video-key' : 'video-delta';
}

export function frameTransform(
  role: TransformRole,
  media: MediaKind,
  keys: KeySource,
  report: DecryptReport = () => undefined,
): TransformStream<EncodedFrame, EncodedFrame> {
  const encryptor = new FrameEncryptor();
  let last: boolean | null = null;
  let lastKey: CryptoKey | null = null;
  const tell = (ok: boolean, key: CryptoKey | null) => {
    // A new key starts over: the page forgets the old verdicts when the key changes.
    if (ok === last && key === lastKey) return;
    last = ok;
    lastKey = key;
    report(ok);
  };
  return new TransformStream<EncodedFrame, EncodedFrame>({
    async transform(frame, controller) {
      const current = keys.current();
      // Without a key nothing leaves in clear and nothing undecryptable reaches the decoder:
      // the frame is dropped.
      if (!current) {
        if (role === 'decrypt') tell(false, null);
        return;
      }
      const kind = kindOf(frame, media);
      if (role === 'encrypt') {
        frame.data = await encryptor.encrypt(current.key, current.index, frame.data, kind);
        controller.enqueue(frame);
        return;
      }
      if (frame.data.byteLength === 0) return;
      try {
        frame.data = await decryptFrame(current.key, frame.data, kind);
      } catch {
        // Garbage must not reach the decoder: the tile says why instead.
        tell(false, current.key);
        return;
      }
      tell(true, current.key);
      controller.enqueue(frame);
    },
  });
}
