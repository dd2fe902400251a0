import { WebSocket as WsClient } from 'ws';
import { apiPaths } from '@podium/protocol';
import {
  createEvent,
  joinTicket,
  signUpAndLogin,
  startTestServer,
  type SignedIn,
  type TestServer,
  type TestServerOptions,
} from '@podium/server/test-support';
import { createApiClient } from '../shared/api/client.ts';
import { createEventBus } from '../shared/api/events.ts';
import type { TokenStore } from '../shared/api/tokens.ts';
import { fetchSocketAuth, type SocketAuth } from '../features/room/session/auth.ts';

/**
 * Test support (not shipped) for the room's client code against the real Podium server, started
 * in this process (PGlite in memory, no media backend) on loopback.
 *
 * Sockets are the `ws` package's WebSocket, which implements the browser's WebSocket API
 * (addEventListener, MessageEvent.data as text, CloseEvent.code): Node 20 has no global
 * WebSocket, and jsdom's mixes Node's and jsdom's Event classes and cannot dispatch. Test files
 * using this run with `// @vitest-environment node`.
 */

/** One server start takes seconds on a loaded machine (migrations, module loading). */
export const LIVE_SERVER_TIMEOUT_MS = 90_000;

/** What the client sent, as the server received it (or would have: see `SocketTap.lose`). */
export interface SentFrame {
  id: string;
  type: string;
  [key: string]: unknown;
}

/**
 * The client's end of the network, for the faults a browser meets: the sockets it opens (and
 * what they send), a dropped connection, being offline for a while, a request lost on the way.
 * The server on the other end is real; nothing here answers in its place.
 */
export class SocketTap {
  readonly frames: SentFrame[] = [];
  /** What the server sent, in arrival order (parsed JSON). */
  readonly received: { type: string; [key: string]: unknown }[] = [];
  readonly sockets = new Set<WsClient>();
  /** Requests of these types never reach the server (lost on the way, so never answered). */
  readonly lose = new Set<string>();
  /** Sockets the client asked for so far. */
  opened = 0;
  /** While true, new connections fail as with no network. */
  offline = false;
  /** Changes a frame on its way out (e.g. another protocol version in hello). */
  rewrite: ((frame: SentFrame) => SentFrame) | null = null;
  readonly #held = new Map<string, (() => void)[]>();
  readonly #holding = new Set<string>();

  /** The `createSocket` to give the client. */
  readonly createSocket = (url: string): WebSocket => {
    // Port 1 on loopback refuses at once: the same failure as a missing network, locally.
    this.opened += 1;
    const socket = new WsClient(this.offline ? 'ws://127.0.0.1:1/' : url);
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('message', (data) => {
      try {
        this.received.push(JSON.parse(String(data)) as { type: string });
      } catch {
        // Only injected garbage is not JSON.
      }
    });
    const send = socket.send.bind(socket);
    socket.send = ((data: string) => {
      let frame = JSON.parse(data) as SentFrame;
      if (this.rewrite) frame = this.rewrite(frame);
      this.frames.push(frame);
      if (this.lose.has(frame.type)) return;
      const out = () => {
        if (socket.readyState === WsClient.OPEN) send(JSON.stringify(frame));
      };
      if (this.#holding.has(frame.type)) {
        this.#held.set(frame.type, [...(this.#held.get(frame.type) ?? []), out]);
      } else out();
    }) as WsClient['send'];
    // The cast only bridges the DOM typings: ws implements the WebSocket interface the client uses.
    return socket as unknown as WebSocket;
  };

  /** Frames the client sent, of one type. */
  of(type: string): SentFrame[] {
    return this.frames.filter((f) => f.type === type);
  }

  /** Frames the client sent, minus the connection's own (hello, heartbeat) and envelopes. */
  requests(): Record<string, unknown>[] {
    return this.frames
      .filter((f) => f.type !== 'hello' && f.type !== 'heartbeat')
      .map(({ id: _id, v: _v, ...rest }) => rest);
  }

  /** Keeps requests of `type` back until `release(type)` sends them. */
  hold(type: string): void {
    this.#holding.add(type);
  }

  release(type: string): void {
    this.#holding.delete(type);
    for (const send of this.#held.get(type) ?? []) send();
    this.#held.delete(type);
  }

  /** Cuts every connection without a closing handshake, like a lost network. */
  dropAll(): void {
    for (const socket of this.sockets) socket.terminate();
  }

  /** Delivers `data` to the client as if the server had sent it on `socket`. */
  inject(socket: WsClient, data: string): void {
    socket.emit('message', Buffer.from(data), false);
  }
}

/** Token store holding one signed-in person's token in memory (no cookies in these tests). */
function memoryTokens(access: string | null): TokenStore {
  let tokens = { access, renewal: null as string | null };
  return {
    read: () => tokens,
    save: (t) => {
      tokens = { access: t.authorization, renewal: t.renewal_token ?? null };
    },
    clear: () => {
      tokens = { access: null, renewal: null };
    },
  };
}

/** The app's own API client, pointed at the test server. */
function apiClient(baseUrl: string, token: string | null) {
  return createApiClient({ tokens: memoryTokens(token), events: createEventBus(), baseUrl });
}

export interface LiveServer {
  server: TestServer;
  /** The signaling socket's URL. */
  socketUrl: string;
  /** A signed-in account that owns the events `newRoom` creates. */
  owner: SignedIn;
  /** A new event (meeting mode, join before host); returns its alias. */
  newRoom(extra?: Record<string, unknown>): Promise<string>;
  /**
   * The page's own authentication against the real API: verify-call gives a join ticket, POST
   * /member/v1/auth turns it into socket credentials. The owner when `as` is 'host'.
   */
  roomAuth(alias: string, as: 'host' | { guest: string }): () => Promise<SocketAuth>;
  /** POST /member/v1/auth with this ticket, as the page sends it. */
  ticketAuth(ticket: string): Promise<SocketAuth>;
  close(): Promise<void>;
}

export async function startLiveServer(options: TestServerOptions = {}): Promise<LiveServer> {
  const server = await startTestServer('pglite', {}, options);
  try {
    const owner = await signUpAndLogin(server, 'host', 'Mai Trần');
    return {
      server,
      socketUrl: server.url.replace(/^http/, 'ws') + apiPaths.signal.socket,
      owner,
      async newRoom(extra = {}) {
        return (await createEvent(server, owner.token, extra)).name;
      },
      roomAuth(alias, as) {
        const token = as === 'host' ? owner.token : null;
        const client = apiClient(server.url, token);
        return async () => {
          const ticket = await joinTicket(server, alias, {
            ...(token ? { token } : {}),
            ...(as === 'host' ? {} : { name: as.guest }),
          });
          return fetchSocketAuth(ticket, client);
        };
      },
      ticketAuth: (ticket) => fetchSocketAuth(ticket, apiClient(server.url, null)),
      close: () => server.close(),
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** Polls `check` every 10 ms until it holds; rejects after `timeoutMs`. */
export function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (check()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error('condition not met in time'));
      else setTimeout(tick, 10);
    };
    tick();
  });
}
