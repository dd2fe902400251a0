/**
 * The public keys and send rates of one endtoend room run (the e2ee feature's slot). Pure
 * bookkeeping: no key material passes through here but public keys, and nothing is stored.
 */

/** Sliding-window limits (per participant). */
export const E2EE_LIMITS = {
  /** Announcements: one per session and a few resumes. */
  announce: { count: 10, windowMs: 60_000 },
  /**
   * Sealed keys: a rotation sends one to each of at most 9 others (meeting size), a join one;
   * a burst of leaves and joins stays far below this.
   */
  seal: { count: 60, windowMs: 10_000 },
} as const;

export type E2eeLimit = keyof typeof E2EE_LIMITS;

export class E2eeKeys {
  /** participant id → public key (base64url of the raw P-256 point). */
  readonly #keys = new Map<string, string>();
  readonly #sent = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  set(participantId: string, publicKey: string): void {
    this.#keys.set(participantId, publicKey);
  }

  /** The keys of the participants `present` accepts (the others are forgotten). */
  current(
    present: (participantId: string) => boolean,
  ): { participant_id: string; public_key: string }[] {
    const out: { participant_id: string; public_key: string }[] = [];
    for (const [id, key] of this.#keys) {
      if (!present(id)) {
        this.#keys.delete(id);
        this.#sent.delete(`announce:${id}`);
        this.#sent.delete(`seal:${id}`);
        continue;
      }
      out.push({ participant_id: id, public_key: key });
    }
    return out;
  }

  /** Counts one use of `limit` by `participantId`; false when over the limit (not counted). */
  take(limit: E2eeLimit, participantId: string): boolean {
    const { count, windowMs } = E2EE_LIMITS[limit];
    const key = `${limit}:${participantId}`;
    const now = this.now();
    const recent = (this.#sent.get(key) ?? []).filter((at) => now - at < windowMs);
    if (recent.length >= count) {
      this.#sent.set(key, recent);
      return false;
    }
    recent.push(now);
    this.#sent.set(key, recent);
    return true;
  }
}
