/**
 * The encryption of one encoded media frame (see README.md in this folder for the trust model).
 *
 * Layout of an encrypted frame:
 *
 *   [clear header][AES-GCM ciphertext + 16-byte tag][IV, 12 bytes][key id, 4 bytes]
 *
 * The clear header is what the media server and the receiving decoder read before decryption
 * (the approach of Jitsi's e2ee): a VP8 key frame's first 10 bytes (frame tag + start code +
 * dimensions), a VP8 delta frame's first 3 (frame tag), an Opus frame's first byte (TOC). It is
 * authenticated as additional data, so changing it fails decryption too.
 *
 * The key id names the sender's media key the frame was encrypted with (keySchedule.ts: a
 * random epoch per fresh key and a ratchet generation), so a receiver holding several senders'
 * keys picks the right one without knowing who sent the frame. The IV is the sending
 * transform's random 8-byte id followed by a 32-bit frame counter: unique per frame and key.
 */

export type FrameKind = 'audio' | 'video-key' | 'video-delta';

export const IV_BYTES = 12;
export const TAG_BYTES = 16;
export const KEY_ID_BYTES = 4;
export const TRAILER_BYTES = IV_BYTES + KEY_ID_BYTES;
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

const text = new TextEncoder();

/**
 * The optional passphrase as bits mixed into every frame key (PBKDF2, salted with the room's
 * alias, so one passphrase differs per room); without one, frame keys come from the exchanged
 * media keys alone.
 */
export async function passphraseBits(passphrase: string, salt: string): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey(
    'raw',
    text.encode(passphrase.normalize('NFC')),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    {
      name: 'PBKDF2',
      hash: 'SHA-256',
      salt: text.encode(`podium-e2ee-v1:${salt}`),
      iterations: PBKDF2_ITERATIONS,
    },
    material,
    256,
  );
  return new Uint8Array(bits);
}

/**
 * The AES-GCM key that encrypts frames under one media key: HKDF-SHA-256 of the media key's
 * bytes, salted with the passphrase's bits when there is a passphrase (so both are needed).
 */
export async function frameKeyOf(
  material: Uint8Array,
  passphrase: Uint8Array | null,
): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', bytes(material), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: passphrase ? bytes(passphrase) : new Uint8Array(0),
      info: text.encode('podium-e2ee-frame-v2'),
    },
    base,
    { name: 'AES-GCM', length: 128 },
    // Not extractable: even script in this page cannot read the frame key back.
    false,
    ['encrypt', 'decrypt'],
  );
}

/** A copy WebCrypto accepts (an ArrayBuffer-backed view). */
export function bytes(view: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(view);
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
    keyId: number,
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
    new DataView(out.buffer).setUint32(out.length - KEY_ID_BYTES, keyId >>> 0);
    return out.buffer;
  }
}

/** The key id an encrypted frame names (its last 4 bytes); null when it is too short. */
export function keyIdOf(frame: ArrayBuffer): number | null {
  if (frame.byteLength < TRAILER_BYTES + TAG_BYTES) return null;
  return new DataView(frame).getUint32(frame.byteLength - KEY_ID_BYTES);
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
