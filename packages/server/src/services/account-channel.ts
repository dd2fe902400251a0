import type { ServerMessage } from '@podium/protocol';
import type { BusMessage, Cluster } from '../cluster/ports.ts';

/** A socket that greeted with account credentials (realtime/connection.ts implements it). */
export interface AccountPeer {
  send(frame: string): void;
}

/** Called when an account's first socket opens (online) or its last one closes (offline). */
export type PresenceListener = (accountId: string, online: boolean) => void;

/** Bus channels of the account channel between nodes. */
const PUSH = 'account:push';
const PRESENCE = 'account:presence';
/** Each node repeats the accounts it holds this often; silent for 3 beats, it is gone. */
const PRESENCE_HEARTBEAT_MS = 5_000;

/**
 * What another node told us: the accounts with a socket there, those in a live room there
 * (as of its last snapshot), and when it last spoke.
 */
interface RemoteNode {
  accounts: Set<string>;
  inCalls: Set<string>;
  seenAt: number;
}

/**
 * Server → browser push outside any room: every signaling socket greeted with account-scope
 * credentials (`POST /member/v1/auth` with only the access token) is registered here under its
 * account, and `publish` reaches all of them (every tab and device of that person).
 *
 * With several nodes (a shared cluster, REDIS_URL) the socket may be on another node: `publish`
 * also goes over the bus, and every node keeps a mirror of which accounts the others hold
 * (changes as they happen, the whole list every PRESENCE_HEARTBEAT_MS, a node silent for three
 * beats forgotten), so `isOnline` stays a synchronous look-up. Presence listeners hear this
 * node's sockets only. The snapshots also carry which accounts are in a live room on that node
 * (`useCallPresence`), so a QR call does not ring an agent busy in a call elsewhere — as of the
 * last beat, so up to PRESENCE_HEARTBEAT_MS late.
 */
export class AccountChannel {
  readonly #peers = new Map<string, Set<AccountPeer>>();
  readonly #listeners = new Set<PresenceListener>();
  readonly #cluster: Cluster | null;
  readonly #remote = new Map<string, RemoteNode>();
  readonly #now: () => number;
  #inCalls: () => Iterable<string> = () => [];
  /** Resolves when this node hears the others (at once without a shared cluster). */
  readonly ready: Promise<void>;

  constructor(options: { cluster?: Cluster; now?: () => number } = {}) {
    this.#cluster = options.cluster?.shared ? options.cluster : null;
    this.#now = options.now ?? Date.now;
    this.ready = this.#cluster ? this.#join(this.#cluster) : Promise.resolve();
    // A bus that cannot subscribe leaves this node serving its own sockets only.
    this.ready.catch(() => undefined);
  }

  /**
   * Sends the message to every socket of the account, on this node and (through the bus) on
   * the others; answers how many sockets of this node it reached.
   */
  publish(accountId: string, message: ServerMessage): number {
    const cluster = this.#cluster;
    if (cluster && this.#remoteHolds(accountId)) {
      cluster.bus.publish(PUSH, { node: cluster.nodeId, account: accountId, message });
    }
    return this.#deliver(accountId, message);
  }

  #deliver(accountId: string, message: unknown): number {
    const peers = this.#peers.get(accountId);
    if (!peers?.size) return 0;
    const frame = JSON.stringify(message);
    for (const peer of peers) peer.send(frame);
    return peers.size;
  }

  isOnline(accountId: string): boolean {
    return (this.#peers.get(accountId)?.size ?? 0) > 0 || this.#remoteHolds(accountId);
  }

  /** Where this node's accounts in live rooms come from (the room registry). */
  useCallPresence(accountsInCalls: () => Iterable<string>): void {
    this.#inCalls = accountsInCalls;
  }

  /** Whether another node said, at its last beat, that the account is in a live room there. */
  inCallElsewhere(accountId: string): boolean {
    return this.#anyRemote((remote) => remote.inCalls.has(accountId));
  }

  #remoteHolds(accountId: string): boolean {
    return this.#anyRemote((remote) => remote.accounts.has(accountId));
  }

  /** Whether a node heard from lately matches; nodes silent for three beats are forgotten. */
  #anyRemote(test: (remote: RemoteNode) => boolean): boolean {
    if (!this.#remote.size) return false;
    const oldest = this.#now() - 3 * PRESENCE_HEARTBEAT_MS;
    for (const [node, remote] of this.#remote) {
      if (remote.seenAt < oldest) {
        this.#remote.delete(node);
        continue;
      }
      if (test(remote)) return true;
    }
    return false;
  }

  async #join(cluster: Cluster): Promise<void> {
    const self = cluster.nodeId;
    const offPush = await cluster.bus.subscribe(PUSH, (m) => {
      // Our own pushes were delivered here already, before they went on the bus.
      if (m.node !== self && typeof m.account === 'string') this.#deliver(m.account, m.message);
    });
    const offPresence = await cluster.bus.subscribe(PRESENCE, (m) => this.#heard(self, m));
    const snapshot = () => cluster.bus.publish(PRESENCE, this.#snapshot(self));
    // Hello asks the others for their lists now rather than at their next beat.
    cluster.bus.publish(PRESENCE, { node: self, kind: 'hello' });
    snapshot();
    const beat = setInterval(snapshot, PRESENCE_HEARTBEAT_MS);
    beat.unref();
    const leave = () => {
      clearInterval(beat);
      cluster.bus.publish(PRESENCE, { node: self, kind: 'bye' });
      offPush();
      offPresence();
    };
    if (cluster.closing.aborted) leave();
    else cluster.closing.addEventListener('abort', leave, { once: true });
  }

  #snapshot(self: string): BusMessage {
    return {
      node: self,
      kind: 'snapshot',
      accounts: [...this.#peers.keys()],
      in_calls: [...this.#inCalls()],
    };
  }

  #heard(self: string, m: BusMessage): void {
    const node = m.node;
    if (typeof node !== 'string' || node === self) return;
    switch (m.kind) {
      case 'hello':
        this.#cluster?.bus.publish(PRESENCE, this.#snapshot(self));
        return;
      case 'bye':
        this.#remote.delete(node);
        return;
      case 'snapshot':
        if (Array.isArray(m.accounts)) {
          this.#remote.set(node, {
            accounts: stringSet(m.accounts),
            inCalls: stringSet(Array.isArray(m.in_calls) ? m.in_calls : []),
            seenAt: this.#now(),
          });
        }
        return;
      case 'change': {
        if (typeof m.account !== 'string') return;
        let remote = this.#remote.get(node);
        if (!remote) {
          remote = { accounts: new Set(), inCalls: new Set(), seenAt: this.#now() };
          this.#remote.set(node, remote);
        }
        remote.seenAt = this.#now();
        if (m.online === true) remote.accounts.add(m.account);
        else remote.accounts.delete(m.account);
        return;
      }
      default:
        // Another version's message: ignored, the next snapshot says what counts.
        return;
    }
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
    const cluster = this.#cluster;
    if (cluster) {
      cluster.bus.publish(PRESENCE, {
        node: cluster.nodeId,
        kind: 'change',
        account: accountId,
        online,
      });
    }
    for (const listener of this.#listeners) {
      try {
        listener(accountId, online);
      } catch {
        // A listener's failure is its own; the socket is registered either way.
      }
    }
  }
}

function stringSet(values: unknown[]): Set<string> {
  return new Set(values.filter((v): v is string => typeof v === 'string'));
}
