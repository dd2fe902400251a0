import { LIVE_VIEWER_WINDOW_MS } from '@podium/protocol';

/**
 * Who is watching each room's HLS: a viewer (a playback token's viewer id) counts while their
 * player fetched a playlist within the window. Players reload a live playlist about once per
 * segment (~1 s), so a closed tab drops out within the window. In-process: several server
 * nodes would each count the viewers their playlists went through (and add them up on the bus).
 */
export class ViewerCounter {
  readonly #windowMs: number;
  /** roomId → viewerId → last seen (epoch ms). */
  readonly #rooms = new Map<string, Map<string, number>>();

  constructor(windowMs: number = LIVE_VIEWER_WINDOW_MS) {
    this.#windowMs = windowMs;
  }

  seen(roomId: string, viewerId: string, now: number): void {
    let viewers = this.#rooms.get(roomId);
    if (!viewers) this.#rooms.set(roomId, (viewers = new Map()));
    viewers.set(viewerId, now);
  }

  /** Viewers seen within the window; forgets the ones seen before it. */
  count(roomId: string, now: number): number {
    const viewers = this.#rooms.get(roomId);
    if (!viewers) return 0;
    for (const [id, at] of viewers) if (now - at > this.#windowMs) viewers.delete(id);
    if (viewers.size === 0) this.#rooms.delete(roomId);
    return viewers.size;
  }

  forget(roomId: string): void {
    this.#rooms.delete(roomId);
  }
}
