import type { LivePlayback, LivePlaybackRequest } from '@podium/protocol';

/** What the pass needs of the server: the watch page's playback call. */
export interface PlaybackApi {
  playback(input: LivePlaybackRequest): Promise<LivePlayback>;
}

/**
 * The watch page's playback token: bought once with a join ticket, then renewed at half its
 * life for as long as the page is open (the same viewer, so the count does not grow). Every HLS
 * request reads `token` when it is made, so a renewed token takes over without reloading the
 * player. Framework-free; the page's hook owns one.
 */
export class PlaybackPass {
  readonly #api: PlaybackApi;
  readonly #now: () => number;
  #current: LivePlayback | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #closed = false;

  constructor(api: PlaybackApi, now: () => number = Date.now) {
    this.#api = api;
    this.#now = now;
  }

  get token(): string | null {
    return this.#current?.token ?? null;
  }

  get playlist(): string | null {
    return this.#current?.playlist ?? null;
  }

  /** Buys the first token with a join ticket from verify-call. */
  async start(ticket: string): Promise<LivePlayback> {
    const pass = await this.#api.playback({ ticket });
    this.#keep(pass);
    return pass;
  }

  #keep(pass: LivePlayback): void {
    if (this.#closed) return;
    this.#current = pass;
    if (this.#timer) clearTimeout(this.#timer);
    const left = Date.parse(pass.expires_at) - this.#now();
    this.#timer = setTimeout(() => void this.#renew(), Math.max(5_000, left / 2));
  }

  async #renew(): Promise<void> {
    const token = this.token;
    if (!token || this.#closed) return;
    try {
      this.#keep(await this.#api.playback({ token }));
    } catch {
      // Try again shortly: the token still has half its life.
      this.#timer = setTimeout(() => void this.#renew(), 15_000);
    }
  }

  close(): void {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
