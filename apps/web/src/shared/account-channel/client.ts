import type {
  ServerEvent,
  ServerMessage,
  ServerMessageOf,
  ServerMessageType,
} from '@podium/protocol';
import { backoffDelay, socketUrl } from '../socket/backoff.ts';
import { SocketCore, type SocketState } from '../socket/SocketCore.ts';

/**
 * The account channel in the browser, without React: while started it keeps one signaling
 * socket greeted with account credentials (`POST /member/v1/auth` with only the token), so the
 * server can push to the signed-in person outside any room (notifications, ringing QR calls).
 *
 * The connection is the shared socket core (shared/socket/SocketCore.ts: hello, heartbeat,
 * backoff, auth refusal) with the account's policy: fresh credentials for every connection, keep
 * trying for as long as the person is signed in (a first failure included), and stop for good
 * when the credentials call is refused (signed out) or the server speaks another protocol.
 */

export type AccountChannelState = 'stopped' | 'connecting' | 'connected' | 'reconnecting';

export interface AccountChannelOptions {
  url: string;
  /** Account credentials for `hello`; a 4xx error (other than 429) stops the channel. */
  authenticate: () => Promise<string>;
  createSocket?: (url: string) => WebSocket;
  heartbeatMs?: number;
  /** Opening the socket, and then the hello reply, must each come within this. */
  connectTimeoutMs?: number;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  random?: () => number;
}

type Handler<T extends ServerMessageType> = (message: ServerMessageOf<T>) => void;
type AnyHandler = (message: ServerMessage) => void;

/** `hello` named another protocol version: only a reload helps. */
const PROTOCOL_MISMATCH = 4000;

/** Delay before reconnect attempt `attempt` (0-based): exponential, capped, ±30 % jitter. */
export function reconnectDelay(
  attempt: number,
  initialMs: number,
  maxMs: number,
  random: () => number,
): number {
  return backoffDelay(attempt, { initialMs, maxMs, factor: 2, jitter: 0.3 }, random);
}

/** ws(s)://host/socket/member/v1 of the page's own origin. */
export const accountSocketUrl = socketUrl;

function stateOf(state: SocketState): AccountChannelState {
  return state === 'idle' || state === 'closed' ? 'stopped' : state;
}

export class AccountChannelClient {
  readonly #options: Required<AccountChannelOptions>;
  readonly #handlers = new Map<ServerMessageType, Set<AnyHandler>>();
  readonly #stateListeners = new Set<(state: AccountChannelState) => void>();
  #state: AccountChannelState = 'stopped';
  /** The running connection; a new one for every start (a closed core stays closed). */
  #core: SocketCore<void> | null = null;

  constructor(options: AccountChannelOptions) {
    this.#options = {
      createSocket: (url) => new WebSocket(url),
      heartbeatMs: 25_000,
      connectTimeoutMs: 10_000,
      initialBackoffMs: 500,
      maxBackoffMs: 15_000,
      random: Math.random,
      ...options,
    };
  }

  get state(): AccountChannelState {
    return this.#state;
  }

  /** Listens to one server message type; returns the unsubscribe function. */
  on<T extends ServerMessageType>(type: T, handler: Handler<T>): () => void {
    let set = this.#handlers.get(type);
    if (!set) {
      set = new Set();
      this.#handlers.set(type, set);
    }
    const entry = handler as AnyHandler;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  onState(listener: (state: AccountChannelState) => void): () => void {
    this.#stateListeners.add(listener);
    return () => {
      this.#stateListeners.delete(listener);
    };
  }

  /** Connects (idempotent while running). */
  start(): void {
    if (this.#state !== 'stopped') return;
    const { url, authenticate, createSocket, heartbeatMs, connectTimeoutMs, random } =
      this.#options;
    const core = new SocketCore<void>({
      url,
      authenticate,
      createSocket,
      heartbeatMs,
      connectTimeoutMs,
      random,
      backoff: {
        initialMs: this.#options.initialBackoffMs,
        maxMs: this.#options.maxBackoffMs,
        factor: 2,
        jitter: 0.3,
      },
      freshCredentials: true,
      retryFirstConnect: true,
      finalCloseCodes: [PROTOCOL_MISMATCH],
      // Named so the account's frames stand out from a room's on the same page (and in traces).
      requestId: (type, seq) => (type === 'hello' ? 'account-hello' : `account-${type}-${seq}`),
      greeted: async () => undefined,
    });
    this.#core = core;
    core.on('state', (state) => {
      if (this.#core === core) this.#setState(stateOf(state));
    });
    core.on('event', (message) => this.#dispatch(message));
    // Signed out, refused or closed: the session logic takes over; nothing to report here.
    core.connect().catch(() => undefined);
  }

  /** Closes the socket and stops reconnecting (logout). Safe to call more than once. */
  stop(): void {
    const core = this.#core;
    this.#core = null;
    core?.close();
    this.#setState('stopped');
  }

  // -------------------------------------------------------------------------------------------

  #setState(state: AccountChannelState): void {
    if (this.#state === state) return;
    this.#state = state;
    for (const listener of [...this.#stateListeners]) listener(state);
  }

  #dispatch(message: ServerEvent): void {
    for (const handler of [...(this.#handlers.get(message.type) ?? [])]) {
      try {
        handler(message);
      } catch (error) {
        globalThis.reportError?.(error);
      }
    }
  }
}
