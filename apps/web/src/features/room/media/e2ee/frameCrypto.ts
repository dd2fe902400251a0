/**
 * The encryption of one encoded media frame (see README.md in this folder for the trust model).
 *
 * Layout of an encrypted frame:
 *
 *   [clear header][AES-GCM ciphertext + 16-byte tag][IV, 12 bytes][key index, 1 byte]
 *
 * The clear header is what the media server and the receiving decoder read before decryption
 * (the approach of Jitsi's e2ee): a VP8 key frame's first 10 bytes (frame tag + start code +
 * dimensions), a VP8 delta frame's first 3 (frame tag), an Opus frame's first byte (TOC). It is
 * authenticated as additional data, so changing it fails decryption too.
 *
 * The IV is the sender's random 8-byte id followed by a 32-bit frame counter: every sender has
 * its own id, so two participants sharing one key never reuse an IV.
 */

export type FrameKind = 'audio' | 'video-key' | 'video-delta';

export const IV_BYTES = 12;
export const TAG_BYTES = 16;
export const TRAILER_BYTES = IV_BYTES + 1;
const SENDER_ID_BYTES = 8;
/** PBKDF2 work factor: slows down guessing a passphrase from captured frames. */
export const PBKDF2_ITERATIONS = 200_000;

/** Bytes left unencrypted at the start of a frame of this kind. */
export function clearBytes(kind: FrameKind): number {
  switch (kind) {
    case 'audio':
      return 1;
    case 'video-key':
      return 10;
    case 'video-delta':
      return 3;
    default: {
      const never: never = kind;
      throw new Error(`unknown frame kind ${String(never)}`);
    }
  }
}

/** The frame key from a passphrase; `salt` names the room so one passphrase differs per room. */
export async function deriveFrameKey(passphrase: string, salt: string): Promise<CryptoKey> {
  const text = new TextEncoder();
  const material = await crypto.subtle.importKey(
    'raw',
    text.encode(passphrase.normalize('NFC')),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    {
      name: 'PBKDF2',
      hash: 'SHA-256',
      salt: text.encode(`podium-e2ee-v1:${salt}`),
      iterations: PBKDF2_ITERATIONS,
    },
    material,
    { name: 'AES-GCM', length: 128 },
    // Not extractable: even script in this page cannot read the key bytes back.
    false,
    ['encrypt', 'decrypt'],
  );
}

/** A frame that cannot be decrypted: wrong key, tampered, or not encrypted at all. */
export class FrameDecryptError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'FrameDecryptError';
  }
}

/** Encrypts the frames of one sender: its own random id and counter make each IV unique. */
export class FrameEncryptor {
  readonly #senderId: Uint8Array;
  #counter = 0;

  constructor(senderId: Uint8Array = crypto.getRandomValues(new Uint8Array(SENDER_ID_BYTES))) {
    if (senderId.length !== SENDER_ID_BYTES) throw new Error('sender id must be 8 bytes');
    this.#senderId = senderId;
  }

  #nextIv(): Uint8Array<ArrayBuffer> {
    const iv = new Uint8Array(IV_BYTES);
    iv.set(this.#senderId, 0);
    new DataView(iv.buffer).setUint32(SENDER_ID_BYTES, this.#counter);
    this.#counter = (this.#counter + 1) >>> 0;
    return iv;
  }

  async encrypt(
    key: CryptoKey,
    keyIndex: number,
    frame: ArrayBuffer,
    kind: FrameKind,
  ): Promise<ArrayBuffer> {
    const bytes = new Uint8Array(frame);
    const clear = Math.min(clearBytes(kind), bytes.length);
    const header = bytes.slice(0, clear);
    const iv = this.#nextIv();
    const sealed = new Uint8Array(
      await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: header },
        key,
        bytes.slice(clear),
      ),
    );
    const out = new Uint8Array(clear + sealed.length + TRAILER_BYTES);
    out.set(header, 0);
    out.set(sealed, clear);
    out.set(iv, clear + sealed.length);
    out[out.length - 1] = keyIndex & 0xff;
    return out.buffer;
  }
}

/** The key index an encrypted frame names (its last byte). */
export function keyIndexOf(frame: ArrayBuffer): number {
  const bytes = new Uint8Array(frame);
  return bytes[bytes.length - 1] ?? 0;
}

/** Decrypts a frame made by FrameEncryptor; throws FrameDecryptError when it cannot. */
export async function decryptFrame(
  key: CryptoKey,
  frame: ArrayBuffer,
  kind: FrameKind,
): Promise<ArrayBuffer> {
  const bytes = new Uint8Array(frame);
  const clear = clearBytes(kind);
  if (bytes.length < TRAILER_BYTES + TAG_BYTES) throw new FrameDecryptError('frame too short');
  const trailerAt = bytes.length - TRAILER_BYTES;
  const iv = bytes.slice(trailerAt, trailerAt + IV_BYTES);
  // A frame shorter than its clear header was encrypted with what it had.
  const headerLength = Math.min(clear, trailerAt - TAG_BYTES);
  const header = bytes.slice(0, headerLength);
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: header },
      key,
      bytes.slice(headerLength, trailerAt),
    );
  } catch {
    throw new FrameDecryptError('authentication failed');
  }
  const out = new Uint8Array(headerLength + plain.byteLength);
  out.set(header, 0);
  out.set(new Uint8Array(plain), headerLength);
  return out.buffer;
}
