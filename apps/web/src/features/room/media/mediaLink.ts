import type { PeerConnectionFactory } from './peer.ts';

/**
 * Whether the room's media connections have lost their path: nothing at all arrived on any of
 * them for `stallMs` although they were receiving before (a dead network shows here in ~2 s),
 * or some open connection's ICE is `disconnected` or `failed` (Chromium needs 5-6 s for that on
 * a loaded machine). The signaling heartbeat would tell much later, so the room says it is
 * reconnecting and checks its socket at once (RoomSession). ICE recovers by itself when the
 * path comes back within its consent window; a connection that cannot is restarted on resume
 * (RoomMedia.onReconnected) or rebuilt.
 */
export interface MediaLinkOptions {
  /** Nothing received for this long counts as a lost path. */
  stallMs?: number;
  /** How often the received bytes are read. */
  pollMs?: number;
}

export class MediaLinkWatch {
  readonly #peers = new Set<RTCPeerConnection>();
  readonly #onChange: (interrupted: boolean) => void;
  readonly #stallMs: number;
  readonly #pollMs: number;
  #timer: ReturnType<typeof setInterval> | null = null;
  #interrupted = false;
  readonly #waiters = new Set<() => void>();
  #iceLost = false;
  #stalled = false;
  /** Bytes received over the open connections at the last change, and when it changed. */
  #received = -1;
  #receivedAt = 0;

  constructor(onChange: (interrupted: boolean) => void, options: MediaLinkOptions = {}) {
    this.#onChange = onChange;
    this.#stallMs = options.stallMs ?? 2_000;
    this.#pollMs = options.pollMs ?? 500;
  }

  get interrupted(): boolean {
    return this.#interrupted;
  }

  /** The same factory, with every connection it makes watched. */
  wrap(factory: PeerConnectionFactory): PeerConnectionFactory {
    return (config) => {
      const pc = factory(config);
      this.#peers.add(pc);
      const update = () => this.#checkIce();
      pc.addEventListener('iceconnectionstatechange', update);
      pc.addEventListener('connectionstatechange', update);
      this.#timer ??= setInterval(() => void this.#poll(), this.#pollMs);
      return pc;
    };
  }

  /**
   * Resolves once the path is back, or after `ms` at the latest (at once when it is not lost).
   * A network that returns brings ICE back by itself within a second or two.
   */
  settled(ms: number): Promise<void> {
    if (!this.#interrupted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#waiters.add(done);
    });
  }

  close(): void {
    for (const done of [...this.#waiters]) done();
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#peers.clear();
  }

  /** Open connections; closed ones are forgotten (closing fires no event). */
  #open(): RTCPeerConnection[] {
    for (const pc of this.#peers) {
      if (pc.connectionState === 'closed' || pc.signalingState === 'closed') this.#peers.delete(pc);
    }
    return [...this.#peers];
  }

  #checkIce(): void {
    this.#iceLost = this.#open().some(
      (pc) => pc.iceConnectionState === 'disconnected' || pc.iceConnectionState === 'failed',
    );
    this.#publish();
  }

  async #poll(): Promise<void> {
    // Only connections that got as far as a path count: one still being set up receives nothing.
    const pcs = this.#open().filter((pc) => pc.iceConnectionState !== 'new');
    let total = 0;
    try {
      const reports = await Promise.all(pcs.map((pc) => pc.getStats()));
      for (const report of reports) {
        report.forEach((stat: { type?: string; bytesReceived?: unknown }) => {
          if (stat.type === 'transport' && typeof stat.bytesReceived === 'number') {
            total += stat.bytesReceived;
          }
        });
      }
    } catch {
      return; // a connection closed meanwhile: read again next time
    }
    const now = Date.now();
    if (total !== this.#received) {
      // Counters of a new or closed connection move too: any change is news from the network.
      const wasReceiving = this.#received > 0 || total > 0;
      this.#received = total;
      this.#receivedAt = now;
      this.#stalled = false;
      if (wasReceiving) this.#publish();
      return;
    }
    this.#stalled = total > 0 && now - this.#receivedAt >= this.#stallMs;
    this.#publish();
  }

  #publish(): void {
    const lost = this.#iceLost || this.#stalled;
    if (lost === this.#interrupted) return;
    this.#interrupted = lost;
    this.#onChange(lost);
    if (!lost) for (const done of [...this.#waiters]) done();
  }
}
