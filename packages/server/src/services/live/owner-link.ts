import type { Logger } from 'pino';
import type { RoomLeases, RoomOwner } from '../../cluster/leases.ts';
import { NODE_LINK_HEADER, openNodeLink, signNodeLink } from '../../cluster/node-auth.ts';

/**
 * The watch page on a cluster (issue 16, cluster/README.md "The watch page on any node"): a
 * room's on-air run and its HLS files exist only on the node that runs the room (the lease
 * holder, whose egress writes them), so another node sends the watch page's requests of that
 * room on to it and gives back its answers. This is the node-to-node half: who to ask, and the
 * request itself (signed like the socket link, with bounded waits).
 */

/** Connecting and getting the owner's answer's head. */
export const OWNER_HEADERS_TIMEOUT_MS = 5_000;
/** The whole body after the head (a segment of a few hundred kB on loopback or a LAN). */
export const OWNER_BODY_TIMEOUT_MS = 30_000;
/** How long a lease lookup is reused: a player asks about twice a second per viewer. */
const OWNER_CACHE_MS = 1_000;
const OWNER_CACHE_MAX = 1_000;

export interface LiveOwnerLinkDeps {
  leases: RoomLeases;
  /** The secret every node shares (the one credentials and playback tokens are signed with). */
  secret(): Promise<Buffer>;
  log: Logger;
  now?: () => number;
}

/** The owner's answer, open; `release` ends the body's timer once it is sent or abandoned. */
export interface OwnerAnswer {
  response: Response;
  release(): void;
}

export class LiveOwnerLink {
  readonly #deps: LiveOwnerLinkDeps;
  readonly #now: () => number;
  readonly #owners = new Map<string, { at: number; owner: Promise<RoomOwner | null> }>();

  constructor(deps: LiveOwnerLinkDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
  }

  /** false with REDIS_URL unset: one node, nothing is ever sent anywhere. */
  get shared(): boolean {
    return this.#deps.leases.shared;
  }

  /**
   * The other node that runs the room, or null when this node should answer itself: one node,
   * nobody runs the room (off air everywhere), this node runs it, or its address is unknown.
   */
  elsewhere(roomId: string): Promise<RoomOwner | null> {
    const leases = this.#deps.leases;
    if (!leases.shared) return Promise.resolve(null);
    const now = this.#now();
    const cached = this.#owners.get(roomId);
    if (cached && now - cached.at < OWNER_CACHE_MS) return cached.owner;
    if (this.#owners.size >= OWNER_CACHE_MAX) this.#owners.clear();
    const owner = leases.owner(roomId).then(
      (found) => (found && found.nodeId !== leases.nodeId && found.url ? found : null),
      (error: unknown) => {
        // Redis away: answer from this node (off air) rather than fail the page.
        this.#deps.log.warn({ err: error, roomId }, 'room owner lookup failed');
        this.#owners.delete(roomId);
        return null;
      },
    );
    this.#owners.set(roomId, { at: now, owner });
    return owner;
  }

  /**
   * True when the request came from another node (a header signed with the nodes' secret).
   * SECURITY: such a request is answered here and never sent on (one hop at most, no loops);
   * a client cannot make one, it would need the secret.
   */
  async fromNode(headers: Record<string, unknown>): Promise<boolean> {
    if (!this.shared || headers[NODE_LINK_HEADER] === undefined) return false;
    const key = await this.#deps.secret();
    return openNodeLink(key, headers[NODE_LINK_HEADER], Date.now()) !== null;
  }

  /**
   * GETs `path` (built by the caller from validated parameters; SECURITY: never a client's URL)
   * from the owner, as coming from `clientAddress`. Rejects when the owner is not reached or
   * does not answer in time; the body then has OWNER_BODY_TIMEOUT_MS, and stops when `gone`
   * (the client left) aborts.
   */
  async get(
    owner: RoomOwner,
    path: string,
    clientAddress: string,
    headers: Record<string, string>,
    gone?: AbortSignal,
  ): Promise<OwnerAnswer> {
    const key = await this.#deps.secret();
    const controller = new AbortController();
    const abort = () => controller.abort();
    gone?.addEventListener('abort', abort, { once: true });
    let timer = setTimeout(abort, OWNER_HEADERS_TIMEOUT_MS);
    const release = () => {
      clearTimeout(timer);
      gone?.removeEventListener('abort', abort);
    };
    try {
      const response = await fetch(new URL(path, owner.url), {
        headers: {
          ...headers,
          // The owner's bytes as they are (no compression to undo and redo).
          'accept-encoding': 'identity',
          [NODE_LINK_HEADER]: signNodeLink(key, clientAddress, Date.now()),
        },
        redirect: 'manual',
        signal: controller.signal,
      });
      clearTimeout(timer);
      timer = setTimeout(abort, OWNER_BODY_TIMEOUT_MS);
      return { response, release };
    } catch (error) {
      release();
      throw error;
    }
  }
}
