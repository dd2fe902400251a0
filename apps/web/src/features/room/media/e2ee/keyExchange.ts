import type { E2eeKeyView } from '@podium/protocol';
import type { KeyRingOp } from './keyRing.ts';
import {
  newIdentity,
  newMediaKey,
  ratchet,
  safetyCode,
  sealKey,
  unsealKey,
  type Identity,
  type MediaKey,
} from './keySchedule.ts';

/**
 * Who gets which media key, when (README.md here: "Keys"). One per room session, on the page:
 *
 * - on `welcome`: a session key pair (once) and a media key; the public key is announced (again
 *   after every welcome, so those who missed a key while this one reconnected send it again);
 * - a participant's public key arrives (`e2ee_public_keys`): they joined, so the own key is
 *   ratcheted (earlier media stays closed to them) and sealed for them; an already known key
 *   (they came back) gets the current key sealed again;
 * - a sealed key arrives (`e2ee_sealed`): opened with the sender's announced public key and
 *   handed to the key ring;
 * - someone left: their keys are forgotten and a fresh media key goes, sealed, to each who
 *   remains; frames switch to it `switchDelayMs` later, once it has reached them.
 */

export interface ExchangeDeps {
  /** Sends a request on the room socket (resolves when answered). */
  request(
    type: 'e2ee_announce' | 'e2ee_seal',
    payload: { public_key: string } | { to: string; sealed: string },
  ): Promise<unknown>;
  /** The key ring's operations (the page's ring and the worker's copy). */
  apply(op: KeyRingOp): void;
  /** The code to compare, whenever the set of keys changes. */
  onSafetyCode(code: string | null): void;
  /** A sealed key that did not open (a substituted public key, or tampering). */
  onUnsealFailure?(from: string): void;
  switchDelayMs?: number;
}

/** How long a fresh key travels before frames use it (receivers have it by then). */
export const SWITCH_DELAY_MS = 1_000;

export class KeyExchange {
  readonly #deps: ExchangeDeps;
  #identity: Promise<Identity> | null = null;
  #self: string | null = null;
  #own: MediaKey | null = null;
  readonly #peers = new Map<string, string>();
  /** Sealed keys from someone whose public key has not arrived yet. */
  readonly #early = new Map<string, string[]>();
  #present = new Set<string>();
  /** Every change runs after the previous one (they await WebCrypto). */
  #chain: Promise<void> = Promise.resolve();
  #switch: ReturnType<typeof setTimeout> | null = null;
  #closed = false;

  constructor(deps: ExchangeDeps) {
    this.#deps = deps;
  }

  /** This participant's public key (after the first welcome). */
  async publicKey(): Promise<string | null> {
    return this.#identity ? (await this.#identity).publicKey : null;
  }

  welcome(selfId: string, present: readonly string[]): Promise<void> {
    return this.#run(async () => {
      this.#self = selfId;
      this.#identity ??= newIdentity();
      const identity = await this.#identity;
      if (!this.#own) {
        this.#own = newMediaKey();
        this.#deps.apply({ type: 'own', key: this.#own });
      }
      await this.#roster(present);
      await this.#deps.request('e2ee_announce', { public_key: identity.publicKey });
      await this.#publishCode();
    });
  }

  /** The participants in the room now (their ids); someone gone means a new key. */
  roster(present: readonly string[]): Promise<void> {
    return this.#run(() => this.#roster(present));
  }

  publicKeys(keys: readonly E2eeKeyView[]): Promise<void> {
    return this.#run(async () => {
      const identity = await this.#identity;
      if (!identity || !this.#own || !this.#self) return;
      const joined: string[] = [];
      const back: string[] = [];
      for (const { participant_id: id, public_key: key } of keys) {
        if (id === this.#self || !this.#present.has(id)) continue;
        const known = this.#peers.get(id);
        if (known === key) back.push(id);
        else {
          this.#peers.set(id, key);
          joined.push(id);
        }
      }
      if (joined.length > 0) {
        // A later joiner gets only the next generation: what was sent before stays closed.
        const next = await ratchet(this.#own);
        this.#own = next ?? newMediaKey();
        this.#deps.apply({ type: 'own', key: this.#own });
        if (!next) await this.#sealTo([...this.#peers.keys()].filter((id) => !joined.includes(id)));
      }
      await this.#sealTo([...joined, ...back]);
      for (const id of joined) {
        for (const sealed of this.#early.get(id) ?? []) await this.#open(id, sealed);
        this.#early.delete(id);
      }
      await this.#publishCode();
    });
  }

  sealed(from: string, sealed: string): Promise<void> {
    return this.#run(async () => {
      if (!this.#peers.has(from)) {
        const waiting = this.#early.get(from) ?? [];
        this.#early.set(from, [...waiting.slice(-3), sealed]);
        return;
      }
      await this.#open(from, sealed);
    });
  }

  close(): void {
    this.#closed = true;
    if (this.#switch) clearTimeout(this.#switch);
    this.#switch = null;
  }

  async #open(from: string, sealed: string): Promise<void> {
    const identity = await this.#identity;
    const peer = this.#peers.get(from);
    if (!identity || !peer || !this.#self) return;
    try {
      const key = await unsealKey(identity, peer, from, this.#self, sealed);
      this.#deps.apply({ type: 'peer', from, key });
    } catch {
      this.#deps.onUnsealFailure?.(from);
    }
  }

  async #roster(present: readonly string[]): Promise<void> {
    this.#present = new Set(present);
    const gone = [...this.#peers.keys()].filter((id) => !this.#present.has(id));
    for (const id of [...this.#early.keys()]) if (!this.#present.has(id)) this.#early.delete(id);
    if (gone.length === 0) return;
    for (const id of gone) {
      this.#peers.delete(id);
      this.#deps.apply({ type: 'forget', from: id });
    }
    // SECURITY: whoever left holds the current key: a fresh one (not a ratchet, which they
    // could follow) goes to those who remain, and frames switch to it once it has arrived.
    const fresh = newMediaKey();
    this.#own = fresh;
    await this.#sealTo([...this.#peers.keys()]);
    if (this.#switch) clearTimeout(this.#switch);
    this.#switch = setTimeout(() => {
      this.#switch = null;
      if (!this.#closed && this.#own === fresh) this.#deps.apply({ type: 'own', key: fresh });
    }, this.#deps.switchDelayMs ?? SWITCH_DELAY_MS);
    await this.#publishCode();
  }

  async #sealTo(ids: readonly string[]): Promise<void> {
    const identity = await this.#identity;
    const own = this.#own;
    const self = this.#self;
    if (!identity || !own || !self) return;
    await Promise.all(
      ids.map(async (to) => {
        const peer = this.#peers.get(to);
        if (!peer) return;
        try {
          const sealed = await sealKey(identity, peer, self, to, own);
          await this.#deps.request('e2ee_seal', { to, sealed });
        } catch {
          // They left meanwhile, or the socket is down: a resume re-announces and they re-send.
        }
      }),
    );
  }

  async #publishCode(): Promise<void> {
    const identity = await this.#identity;
    if (!identity || !this.#self) return this.#deps.onSafetyCode(null);
    const entries = [
      { participantId: this.#self, publicKey: identity.publicKey },
      ...[...this.#peers].map(([participantId, publicKey]) => ({ participantId, publicKey })),
    ];
    this.#deps.onSafetyCode(await safetyCode(entries));
  }

  /**
   * Runs after the previous change. A failure (the socket dropped, a refusal) leaves the keys
   * as they were; the next welcome announces again and the others send their keys again.
   */
  #run(task: () => Promise<void>): Promise<void> {
    this.#chain = this.#chain
      .then(() => (this.#closed ? undefined : task()))
      .catch(() => undefined);
    return this.#chain;
  }
}
