import { ShortCache } from '../../shared/short-cache.ts';
import type { AuthAccount } from '../auth-account.ts';

/**
 * How long a resolved access token is trusted without asking the database again.
 * SECURITY: a revocation made by another process (or straight in the database) takes effect
 * within this time; revocations made through this process forget the entry at once.
 */
export const TOKEN_CACHE_TTL_MS = 1000;
/** Entries kept at most; past it the oldest go first, so a token flood cannot grow memory. */
export const TOKEN_CACHE_MAX_ENTRIES = 10_000;

/**
 * Access-token digest → account, for a second at most, so the join query runs once per token per
 * second rather than once per request. Only found tokens are kept: a token nobody has looked up
 * yet is always asked of the database. A ShortCache (shared/short-cache.ts) whose owners are the
 * digests: its generations keep a lookup that raced a revocation from putting the session back.
 */
export class TokenCache {
  #cache: ShortCache<AuthAccount>;

  constructor(now: () => number, ttlMs = TOKEN_CACHE_TTL_MS, maxEntries = TOKEN_CACHE_MAX_ENTRIES) {
    this.#cache = new ShortCache({ now, ttlMs, maxOwners: maxEntries });
  }

  /**
   * The generation to hand back to `put` when the lookup of `digest` it starts has finished.
   * SECURITY: a lookup that started before a revocation and ends after it must not put the
   * revoked session back (see `put`).
   */
  generationOf(digest: string): number {
    return this.#cache.generationOf(digest);
  }

  get(digest: string): AuthAccount | undefined {
    const account = this.#cache.get(digest);
    // A copy, so a caller changing its account cannot change what the next request sees.
    return account && { ...account };
  }

  /** Keeps `account` until the TTL or the token's own expiry, whichever comes first. */
  put(digest: string, account: AuthAccount, tokenExpiresAt: number, generation: number): void {
    this.#cache.put(digest, '', { ...account }, generation, tokenExpiresAt);
  }

  /**
   * The lookup of `digest` found no session: nothing is kept, and the digest lets go of its
   * place, so a flood of unknown tokens cannot push out the tokens in use.
   */
  notFound(digest: string): void {
    this.#cache.release(digest);
  }

  /** Forgets the tokens of one session (logout, revoke, renewal). */
  forgetSession(sessionId: string): void {
    this.#cache.forgetWhere((a) => a.tokenId === sessionId);
  }

  /** Forgets an account's tokens, but `keepSessionId`'s, after its sessions or fields changed. */
  forgetAccount(accountId: string, keepSessionId?: string): void {
    this.#cache.forgetWhere((a) => a.id === accountId && a.tokenId !== keepSessionId);
  }
}
