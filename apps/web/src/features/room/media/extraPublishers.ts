import type { IceCandidate, PeerTarget, PublishSource } from '@podium/protocol';
import type { Publisher } from './Publisher.ts';

/**
 * Publishers an in-call feature runs beside the camera and the screen (a camera share): the
 * room's media routes their ICE candidates to them and tells them when their connection is lost
 * (the media server restarted, or the server no longer knows this participant), so the feature
 * can publish again. The feature owns them; this only keeps track.
 */
export class ExtraPublishers {
  readonly #entries = new Map<PublishSource, { publisher: Publisher; onLost: () => void }>();

  /** Tracks a publisher (before it negotiates, so early candidates reach it). */
  add(publisher: Publisher, onLost: () => void): void {
    const old = this.#entries.get(publisher.source);
    if (old && old.publisher !== publisher) old.publisher.close(false);
    this.#entries.set(publisher.source, { publisher, onLost });
  }

  /** Forgets a publisher (its owner closed it). */
  remove(publisher: Publisher): void {
    if (this.#entries.get(publisher.source)?.publisher === publisher) {
      this.#entries.delete(publisher.source);
    }
  }

  /** A candidate of the media server for one of these; false when the target is none of them. */
  candidate(target: PeerTarget, candidate: IceCandidate | null): boolean {
    if (target === 'subscriber') return false;
    const entry = this.#entries.get(target);
    if (!entry) return false;
    void entry.publisher.addRemoteCandidate(candidate);
    return true;
  }

  /** These connections are gone on the server's side: their owners set up new ones. */
  lost(targets: readonly PeerTarget[]): void {
    for (const target of targets) {
      if (target === 'subscriber') continue;
      const entry = this.#entries.get(target);
      if (!entry) continue;
      this.#entries.delete(target);
      entry.publisher.close(false);
      entry.onLost();
    }
  }

  /** The server lost this participant (a new one after a reconnect): every one is lost. */
  lostAll(): void {
    this.lost([...this.#entries.keys()]);
  }

  /** After a resumed socket: connections that lost their path restart ICE. */
  restartLost(): Promise<unknown> {
    return Promise.all(
      [...this.#entries.values()].map(({ publisher }) => {
        const state = publisher.peerConnection.connectionState;
        return state === 'disconnected' || state === 'failed' ? publisher.negotiate(true) : null;
      }),
    );
  }

  peerConnections(): RTCPeerConnection[] {
    return [...this.#entries.values()].map((e) => e.publisher.peerConnection);
  }

  closeAll(): void {
    for (const { publisher } of this.#entries.values()) publisher.close(false);
    this.#entries.clear();
  }
}
