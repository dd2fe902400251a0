import type { Logger } from 'pino';
import type { RoomLeases, RoomOwner } from './leases.ts';
import { NODE_LINK_HEADER, openNodeLink, signNodeLink } from './node-auth.ts';

/**
 * How a node reaches the node that runs a live room over HTTP (issue 16, README "HTTP about a
 * live room" and "The watch page on any node"): who owns the room, whether a request already
 * came from another node, and the signed request to the owner. Its callers decide what to send
 * and what to do with the answer (a gift buffers it, the watch page streams it). Exists only
 * with REDIS_URL set (one node sends nothing anywhere).
 */

/** How long a recent lease lookup is reused: a player asks about twice a second per viewer. */
const RECENT_OWNER_MS = 1_000;
const RECENT_OWNER_MAX = 1_000;

export interface RoomOwnerClientDeps {
  leases: RoomLeases;
  /** The secret every node shares (the one credentials and playback tokens are signed with). */
  secret(): Promise<Buffer>;
  log: Logger;
  now?: () => number;
}

/** One request to the owner. */
export interface OwnerRequest {
  /** The client the request is about: its address travels in the signed header. */
  address: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Aborts the request at any point (the client left, or the caller's own deadline). */
  signal?: AbortSignal;
  /** Time for the owner's answer's head; then `bodyTimeoutMs` for the rest (none when absent). */
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
}

/** The owner's answer, open; `release` ends its timers once the body is read or abandoned. */
export interface OwnerAnswer {
  response: Response;
  release(): void;
}

export class RoomOwnerClient {
  readonly #deps: RoomOwnerClientDeps;
  readonly #now: () => number;
  readonly #recent = new Map<string, { at: number; owner: Promise<RoomOwner | null> }>();

  constructor(deps: RoomOwnerClientDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
  }

  /**
   * The other node that runs the room, or null when this node should answer itself: nobody
   * runs the room, this node runs it, or its address is unknown. Rejects when the lookup fails.
   */
  async elsewhere(roomId: string): Promise<RoomOwner | null> {
    const { leases } = this.#deps;
    const found = await leases.owner(roomId);
    return found && found.nodeId !== leases.nodeId && found.url ? found : null;
  }

  /**
   * `elsewhere`, reused for a moment per room; a failed lookup (Redis away) is null, logged:
   * the caller answers from this node rather than fail.
   */
  recentlyElsewhere(roomId: string): Promise<RoomOwner | null> {
    const now = this.#now();
    const cached = this.#recent.get(roomId);
    if (cached && now - cached.at < RECENT_OWNER_MS) return cached.owner;
    if (this.#recent.size >= RECENT_OWNER_MAX) this.#recent.clear();
    const owner = this.elsewhere(roomId).catch((error: unknown) => {
      this.#deps.log.warn({ err: error, roomId }, 'room owner lookup failed');
      this.#recent.delete(roomId);
      return null;
    });
    this.#recent.set(roomId, { at: now, owner });
    return owner;
  }

  /**
   * True when the request came from another node (a header signed with the nodes' secret).
   * SECURITY: such a request is answered here and never sent on (one hop at most, no loops);
   * a client cannot make one, it would need the secret.
   */
  async fromNode(headers: Record<string, unknown>): Promise<boolean> {
    if (headers[NODE_LINK_HEADER] === undefined) return false;
    const key = await this.#deps.secret();
    return openNodeLink(key, headers[NODE_LINK_HEADER], Date.now()) !== null;
  }

  /**
   * Sends `path` (built by the caller from validated parameters; SECURITY: never a client's
   * URL) to the owner, signed as coming from `request.address`. Rejects when the owner is not
   * reached or its head does not come in time; the body then has `bodyTimeoutMs`.
   */
  async fetch(owner: RoomOwner, path: string, request: OwnerRequest): Promise<OwnerAnswer> {
    const key = await this.#deps.secret();
    const controller = new AbortController();
    const abort = () => controller.abort();
    const { signal, headersTimeoutMs, bodyTimeoutMs } = request;
    const stop = () => controller.abort(signal?.reason);
    if (signal?.aborted) stop();
    signal?.addEventListener('abort', stop, { once: true });
    let timer = headersTimeoutMs === undefined ? undefined : setTimeout(abort, headersTimeoutMs);
    const release = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    };
    try {
      const response = await fetch(new URL(path, owner.url), {
        method: request.method ?? 'GET',
        headers: {
          ...request.headers,
          // The owner's bytes as they are (no compression to undo and redo).
          'accept-encoding': 'identity',
          [NODE_LINK_HEADER]: signNodeLink(key, request.address, Date.now()),
        },
        ...(request.body === undefined ? {} : { body: request.body }),
        // SECURITY: the signed header goes to the owner and nowhere it might redirect to.
        redirect: 'manual',
        signal: controller.signal,
      });
      clearTimeout(timer);
      if (bodyTimeoutMs !== undefined) timer = setTimeout(abort, bodyTimeoutMs);
      return { response, release };
    } catch (error) {
      release();
      throw error;
    }
  }
}
