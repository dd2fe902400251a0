import { bytes } from './frameCrypto.ts';

/**
 * The key schedule of end-to-end encrypted rooms (README.md here: "Keys"), pure WebCrypto so
 * it runs the same in the browser, its worker and Node's tests.
 *
 * - A **media key** is 32 random bytes a sender encrypts its frames under (frameKeyOf). Its id
 *   (in every frame's trailer) is a random 24-bit epoch and an 8-bit ratchet generation.
 * - **Ratchet** (someone joined): the next generation is HKDF of the current key, so existing
 *   receivers derive it themselves and the joiner, given only the new one, cannot go back.
 * - **Rotation** (someone left): a fresh random key in a new epoch, sealed to those who remain.
 * - **Sealing**: ECDH (P-256) between the sender's and recipient's session key pairs, HKDF to an
 *   AES-GCM key, the sender and recipient ids as additional data.
 * - **Safety code**: a hash of everyone's public key, which every participant can compare.
 */

export const MEDIA_KEY_BYTES = 32;
/** How far a receiver ratchets a sender's key forward by itself (joins between two frames). */
export const MAX_RATCHET_AHEAD = 16;

export interface MediaKey {
  /** epoch << 8 | generation (unsigned 32-bit). */
  readonly id: number;
  readonly material: Uint8Array;
}

const text = new TextEncoder();

export const epochOf = (id: number): number => id >>> 8;
export const generationOf = (id: number): number => id & 0xff;

/** A fresh media key in a new random epoch (generation 0). */
export function newMediaKey(): MediaKey {
  const epoch = crypto.getRandomValues(new Uint32Array(1))[0]! >>> 8;
  return {
    id: (epoch << 8) >>> 0,
    material: crypto.getRandomValues(new Uint8Array(MEDIA_KEY_BYTES)),
  };
}

async function hkdf(material: Uint8Array, info: string, length: number): Promise<Uint8Array> {
  const base = await crypto.subtle.importKey('raw', bytes(material), 'HKDF', false, ['deriveBits']);
  const out = await crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: text.encode(info) },
    base,
    length * 8,
  );
  return new Uint8Array(out);
}

/**
 * The next generation of a media key (same epoch): one-way, so whoever holds only the result
 * cannot compute earlier ones. Null after generation 255: the sender takes a fresh key instead.
 */
export async function ratchet(key: MediaKey): Promise<MediaKey | null> {
  const generation = generationOf(key.id);
  if (generation >= 0xff) return null;
  return {
    id: ((epochOf(key.id) << 8) | (generation + 1)) >>> 0,
    material: await hkdf(key.material, 'podium-e2ee-ratchet-v1', MEDIA_KEY_BYTES),
  };
}

// ---- Identity (per session ECDH key pair) and sealing ----------------------------------------

export interface Identity {
  readonly privateKey: CryptoKey;
  /** The raw public point, base64url (what the server relays and the safety code hashes). */
  readonly publicKey: string;
}

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

export async function newIdentity(): Promise<Identity> {
  // The private key is not extractable: it never leaves WebCrypto.
  const pair = await crypto.subtle.generateKey(ECDH, false, ['deriveBits']);
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { privateKey: pair.privateKey, publicKey: toBase64Url(raw) };
}

/** The AES-GCM key two participants agree on (both directions give the same one). */
async function sealingKey(own: CryptoKey, peerPublic: string): Promise<CryptoKey> {
  const peer = await crypto.subtle.importKey(
    'raw',
    bytes(fromBase64Url(peerPublic)),
    ECDH,
    false,
    [],
  );
  const secret = await crypto.subtle.deriveBits({ name: 'ECDH', public: peer }, own, 256);
  const base = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(0),
      info: text.encode('podium-e2ee-seal-v1'),
    },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** `from` and `to` bind a sealed key to its direction: it cannot be replayed to someone else. */
const sealAad = (from: string, to: string) =>
  text.encode(`podium-e2ee-seal\u0000${from}\u0000${to}`);

/** A media key sealed by `from` for `to`: [IV 12][AES-GCM(id 4 bytes + key 32 bytes) + tag]. */
export async function sealKey(
  own: Identity,
  peerPublic: string,
  from: string,
  to: string,
  key: MediaKey,
): Promise<string> {
  const plain = new Uint8Array(4 + MEDIA_KEY_BYTES);
  new DataView(plain.buffer).setUint32(0, key.id);
  plain.set(key.material, 4);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: sealAad(from, to) },
      await sealingKey(own.privateKey, peerPublic),
      plain,
    ),
  );
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv, 0);
  out.set(sealed, iv.length);
  return toBase64Url(out);
}

/** Opens a key `from` sealed for `to` (this participant); throws if it does not authenticate. */
export async function unsealKey(
  own: Identity,
  senderPublic: string,
  from: string,
  to: string,
  sealed: string,
): Promise<MediaKey> {
  const raw = fromBase64Url(sealed);
  const plain = new Uint8Array(
    await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes(raw.subarray(0, 12)), additionalData: sealAad(from, to) },
      await sealingKey(own.privateKey, senderPublic),
      bytes(raw.subarray(12)),
    ),
  );
  if (plain.length !== 4 + MEDIA_KEY_BYTES) throw new Error('sealed key of the wrong size');
  return { id: new DataView(plain.buffer).getUint32(0), material: plain.slice(4) };
}

// ---- Safety code --------------------------------------------------------------------------------

export interface KeyEntry {
  participantId: string;
  publicKey: string;
}

/**
 * A code everyone in the call computes from the same list, sorted by participant id: the
 * participant ids and public keys of all present (oneself included). Five groups of five
 * digits (about 83 bits of the SHA-256). A public key substituted for anyone on anyone's
 * screen (a malicious server) gives that person a different code.
 */
export async function safetyCode(entries: readonly KeyEntry[]): Promise<string> {
  const sorted = [...entries].sort((a, b) =>
    a.participantId < b.participantId ? -1 : a.participantId > b.participantId ? 1 : 0,
  );
  const input = text.encode(
    `podium-e2ee-safety-v1\u0000${sorted.map((e) => `${e.participantId}\u0000${e.publicKey}`).join('\u0000')}`,
  );
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
  const groups: string[] = [];
  for (let i = 0; i < 5; i++) {
    let value = 0;
    // 5 bytes per group (40 bits) modulo 100000: the bias is negligible.
    for (let j = 0; j < 5; j++) value = (value * 256 + hash[i * 5 + j]!) % 100_000;
    groups.push(String(value).padStart(5, '0'));
  }
  return groups.join(' ');
}

// ---- base64url ----------------------------------------------------------------------------------

export function toBase64Url(data: Uint8Array): string {
  let binary = '';
  for (const b of data) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(value: string): Uint8Array {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
