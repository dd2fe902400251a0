import type { ServerMessage } from '@podium/protocol';

/** A socket that greeted with account credentials (Connection implements it). */
export interface AccountPeer {
  send(frame: string): void;
}

/** Called when an account's first socket opens (online) or its last one closes (offline). */
export type PresenceListener = (accountId: string, online: boolean) => void;

/**
 * Server → browser push outside any room: every signaling socket greeted with account-scope
 * credentials (`POST /member/v1/auth` with only the access token) is registered here under its
 * account, and `publish` reaches all of them (every tab and device of that person).
 *
 * One process: sockets of this process only. When the server runs as several processes, a bus
 * would forward `publish` to the others; nothing here assumes it is the only one.
 */
export class AccountChannel {
  readonly #peers = new Map<string, Set<AccountPeer>>();
  readonly #listeners = new Set<PresenceListener>();

  /** Sends the message to every socket of the account; answers how many sockets it reached. */
  publish(accountId: string, message: ServerMessage): number {
    const peers = this.#peers.get(accountId);
    if (!peers?.size) return 0;
    const frame = JSON.stringify(message);
    for (const peer of peers) peer.send(frame);
    return peers.size;
  }

  isOnline(accountId: string): boolean {
    return (this.#peers.get(accountId)?.size ?? 0) > 0;
  }

  /** Accounts with at least one open socket, among those given. */
  onlineOf(accountIds: Iterable<string>): string[] {
    return [...accountIds].filter((id) => this.isOnline(id));
  }

  /** Subscribes to online/offline changes; returns the unsubscribe function. */
  onPresence(listener: PresenceListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Sockets currently registered, over all accounts. */
  get size(): number {
    let n = 0;
    for (const peers of this.#peers.values()) n += peers.size;
    return n;
  }

  /** Registers a socket; returns the function that removes it again (idempotent). */
  add(accountId: string, peer: AccountPeer): () => void {
    let peers = this.#peers.get(accountId);
    const first = !peers?.size;
    if (!peers) {
      peers = new Set();
      this.#peers.set(accountId, peers);
    }
    peers.add(peer);
    if (first) this.#emit(accountId, true);
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      const current = this.#peers.get(accountId);
      if (!current?.delete(peer)) return;
      if (current.size === 0) {
        this.#peers.delete(accountId);
        this.#emit(accountId, false);
      }
    };
  }

  #emit(accountId: string, online: boolean): void {
    for (const listener of this.#listeners) {
      try {
        listener(accountId, online);
      } catch {
        // A listener's failure is its own; the socket is registered either way.
      }
    }
  }
}
