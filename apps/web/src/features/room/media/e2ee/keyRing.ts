import { frameKeyOf } from './frameCrypto.ts';
import { epochOf, generationOf, MAX_RATCHET_AHEAD, ratchet, type MediaKey } from './keySchedule.ts';

/**
 * The media keys one participant holds: its own (frames it sends) and those others sealed for
 * it (frames it receives), each turned into a frame key (with the passphrase, if any). The page
 * keeps one; the RTCRtpScriptTransform worker keeps a copy fed with the same operations
 * (`KeyRingOp`), so both always agree.
 */

export type KeyRingOp =
  | { type: 'own'; key: MediaKey | null }
  | { type: 'peer'; from: string; key: MediaKey }
  | { type: 'forget'; from: string }
  | { type: 'passphrase'; bits: Uint8Array | null };

/**
 * How long a sender's previous epoch stays usable after its next one arrives: frames encrypted
 * before the sender switched are still in flight.
 */
export const PREVIOUS_KEY_MS = 10_000;

interface Held {
  from: string;
  key: MediaKey;
  frameKey: Promise<CryptoKey>;
  /** When it stops being used (a newer epoch from the same sender arrived). */
  until: number;
}

export class KeyRing {
  #passphrase: Uint8Array | null = null;
  #own: { key: MediaKey; frameKey: Promise<CryptoKey> } | null = null;
  readonly #held = new Map<number, Held>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  apply(op: KeyRingOp): void {
    switch (op.type) {
      case 'own':
        this.#own = op.key ? { key: op.key, frameKey: this.#frameKey(op.key) } : null;
        return;
      case 'peer':
        this.#addPeer(op.from, op.key);
        return;
      case 'forget':
        for (const [id, held] of this.#held) if (held.from === op.from) this.#held.delete(id);
        return;
      case 'passphrase':
        this.#passphrase = op.bits;
        if (this.#own) this.#own = { key: this.#own.key, frameKey: this.#frameKey(this.#own.key) };
        for (const held of this.#held.values()) held.frameKey = this.#frameKey(held.key);
        return;
      default: {
        const never: never = op;
        throw new Error(`unknown key ring op ${JSON.stringify(never)}`);
      }
    }
  }

  /** The key this participant's frames are encrypted with, or null (send nothing). */
  async encryptKey(): Promise<{ key: CryptoKey; id: number } | null> {
    const own = this.#own;
    return own ? { key: await own.frameKey, id: own.key.id } : null;
  }

  /** Whether a key to encrypt with is set (synchronously, for the UI). */
  get hasOwn(): boolean {
    return this.#own !== null;
  }

  /**
   * The frame key for a received frame's key id: one held, or one ratcheted forward from the
   * newest generation held of that epoch (someone joined: the sender ratcheted, receivers follow
   * without a message). Null when none fits.
   */
  async decryptKey(id: number): Promise<CryptoKey | null> {
    this.#expire();
    const held = this.#held.get(id);
    if (held) return held.frameKey;
    const base = this.#newestOf(epochOf(id));
    if (!base || generationOf(id) <= generationOf(base.key.id)) return null;
    if (generationOf(id) - generationOf(base.key.id) > MAX_RATCHET_AHEAD) return null;
    let key: MediaKey | null = base.key;
    while (key && key.id !== id) {
      key = await ratchet(key);
      if (key && !this.#held.has(key.id)) {
        this.#held.set(key.id, {
          from: base.from,
          key,
          frameKey: this.#frameKey(key),
          until: Infinity,
        });
      }
    }
    return key ? this.#held.get(key.id)!.frameKey : null;
  }

  /** Every media key held (the e2e tests' hook reads them; see E2ee.ts). */
  materials(): { from: string | null; key: MediaKey }[] {
    return [
      ...(this.#own ? [{ from: null, key: this.#own.key }] : []),
      ...[...this.#held.values()].map((h) => ({ from: h.from, key: h.key })),
    ];
  }

  #addPeer(from: string, key: MediaKey): void {
    const now = this.#now();
    // An older epoch of the same sender stays briefly for frames in flight.
    for (const held of this.#held.values()) {
      if (held.from === from && epochOf(held.key.id) !== epochOf(key.id)) {
        held.until = Math.min(held.until, now + PREVIOUS_KEY_MS);
      }
    }
    // SECURITY: first come wins: a participant cannot replace someone else's key by reusing
    // its id (ids are random; a clash between honest senders is a 2^-24 chance).
    if (this.#held.has(key.id)) return;
    this.#held.set(key.id, { from, key, frameKey: this.#frameKey(key), until: Infinity });
  }

  #newestOf(epoch: number): Held | null {
    let newest: Held | null = null;
    for (const held of this.#held.values()) {
      if (epochOf(held.key.id) !== epoch) continue;
      if (!newest || generationOf(held.key.id) > generationOf(newest.key.id)) newest = held;
    }
    return newest;
  }

  #expire(): void {
    const now = this.#now();
    for (const [id, held] of this.#held) if (held.until <= now) this.#held.delete(id);
  }

  #frameKey(key: MediaKey): Promise<CryptoKey> {
    const promise = frameKeyOf(key.material, this.#passphrase);
    // A failure surfaces where the key is awaited; never as an unhandled rejection.
    promise.catch(() => undefined);
    return promise;
  }
}
