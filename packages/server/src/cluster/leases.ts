/**
 * Room ownership (issue 16 item 1): each live room is run by exactly one node, the holder of
 * its lease. Two adapters: in-process (REDIS_URL unset: this node owns every room, nothing
 * changes) and Redis (redis-leases.ts: `SET NX PX` with `<nodeId>:<token>`, renewed by a script
 * that extends only while the value is still ours). The lease only says who should run the
 * room; the fencing epoch in PostgreSQL (services/rooms/owners.ts) is what stops a node that
 * lost its lease from writing the room's stored state.
 */

/** The lease lasts this long unless renewed; renewals every LEASE_RENEW_MS. */
export const LEASE_MS = 6_000;
export const LEASE_RENEW_MS = 2_000;

/** Another node that runs a room: where to reach it (its internal address, `NODE_URL`). */
export interface RoomOwner {
  nodeId: string;
  /** http://host:port of the node, as other nodes reach it. */
  url: string;
}

/** A lease this node holds on one room. */
export interface RoomLease {
  readonly roomId: string;
  /**
   * Aborted when the lease is gone: another node holds it now, or renewals failed for longer
   * than the lease lasts (it has certainly expired). The room must stop at once.
   */
  readonly lost: AbortSignal;
  /** Gives the room up (only while the value is still ours); idempotent. */
  release(): Promise<void>;
}

export interface RoomLeases {
  readonly nodeId: string;
  /** true when other nodes may hold leases (Redis); false: this node owns every room. */
  readonly shared: boolean;
  /**
   * Where other nodes reach this one; advertised under a TTL'd key while the node lives.
   * Set once the server listens (its own address unless NODE_URL says otherwise).
   */
  advertise(url: string): void;
  /**
   * Takes the room's lease: the lease when this node holds it now (claimed, or already held),
   * null when another node holds it.
   */
  claim(roomId: string): Promise<RoomLease | null>;
  /** The node holding the room's lease, or null when nobody does (or its address is gone). */
  owner(roomId: string): Promise<RoomOwner | null>;
  /** Stops renewing and releases every lease held; idempotent. */
  close(): Promise<void>;
}

class LocalLease implements RoomLease {
  readonly roomId: string;
  readonly lost = new AbortController().signal;
  readonly #forget: () => void;
  constructor(roomId: string, forget: () => void) {
    this.roomId = roomId;
    this.#forget = forget;
  }
  release(): Promise<void> {
    this.#forget();
    return Promise.resolve();
  }
}

/** One process: every room is this node's, and there is nobody to fence against. */
export class LocalLeases implements RoomLeases {
  readonly nodeId: string;
  readonly shared = false;
  readonly #held = new Map<string, LocalLease>();
  #url = '';

  constructor(nodeId: string) {
    this.nodeId = nodeId;
  }

  advertise(url: string): void {
    this.#url = url;
  }

  claim(roomId: string): Promise<RoomLease | null> {
    let lease = this.#held.get(roomId);
    if (!lease) {
      const made: LocalLease = new LocalLease(roomId, () => {
        if (this.#held.get(roomId) === made) this.#held.delete(roomId);
      });
      lease = made;
      this.#held.set(roomId, lease);
    }
    return Promise.resolve(lease);
  }

  owner(roomId: string): Promise<RoomOwner | null> {
    return Promise.resolve(this.#held.has(roomId) ? { nodeId: this.nodeId, url: this.#url } : null);
  }

  close(): Promise<void> {
    this.#held.clear();
    return Promise.resolve();
  }
}
