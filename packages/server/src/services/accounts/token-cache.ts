import type { AuthAccount } from '../auth-account.ts';

/**
 * How long a resolved access token is trusted without asking the database again.
 * SECURITY: a revocation made by another process (or straight in the database) takes effect
 * within this time; revocations made through this process forget the entry at once.
 */
export const TOKEN_CACHE_TTL_MS = 1000;
/** Entries kept at most; past it the oldest go first, so a token flood cannot grow memory. */
export const TOKEN_CACHE_MAX_ENTRIES = 10_000;

interface Entry {
  account: AuthAccount;
  expiresAt: number;
}

/**
 * Access-token digest → account, for a second at most, so the join query runs once per token per
 * second rather than once per request. Only found tokens are kept: a token nobody has looked up
 * yet is always asked of the database.
 */
export class TokenCache {
  #entries = new Map<string, Entry>();
  #now: () => number;
  #ttlMs: number;
  #maxEntries: number;
  /**
   * Bumped on every forget. SECURITY: a lookup that started before a revocation and ends after
   * it must not put the revoked session back (see `put`).
   */
  #generation = 0;

  constructor(now: () => number, ttlMs = TOKEN_CACHE_TTL_MS, maxEntries = TOKEN_CACHE_MAX_ENTRIES) {
    this.#now = now;
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  /** The generation to hand back to `put` when the lookup it starts has finished. */
  get generation(): number {
    return this.#generation;
  }

  get(digest: string): AuthAccount | undefined {
    const entry = this.#entries.get(digest);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#entries.delete(digest);
      return undefined;
    }
    // A copy, so a caller changing its account cannot change what the next request sees.
    return { ...entry.account };
  }

  /** Keeps `account` until the TTL or the token's own expiry, whichever comes first. */
  put(digest: string, account: AuthAccount, tokenExpiresAt: number, generation: number): void {
    if (generation !== this.#generation) return;
    const expiresAt = Math.min(this.#now() + this.#ttlMs, tokenExpiresAt);
    this.#entries.delete(digest);
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
    this.#entries.set(digest, { account: { ...account }, expiresAt });
  }

  /** Forgets the tokens of one session (logout, revoke, renewal). */
  forgetSession(sessionId: string): void {
    this.#forget((a) => a.tokenId === sessionId);
  }

  /** Forgets an account's tokens, but `keepSessionId`'s, after its sessions or fields changed. */
  forgetAccount(accountId: string, keepSessionId?: string): void {
    this.#forget((a) => a.id === accountId && a.tokenId !== keepSessionId);
  }

  #forget(match: (account: AuthAccount) => boolean): void {
    this.#generation += 1;
    for (const [digest, entry] of this.#entries) {
      if (match(entry.account)) this.#entries.delete(digest);
    }
  }
}
