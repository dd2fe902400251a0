import {
  PROTOCOL_VERSION,
  serverMessage,
  type ServerEvent,
  type ServerMessage,
  type ServerMessageOf,
  type ServerMessageType,
} from '@podium/protocol';

/**
 * The account channel in the browser, without React: while started it keeps one signaling
 * socket greeted with account credentials (`POST /member/v1/auth` with only the token), so the
 * server can push to the signed-in person outside any room (notifications, ringing QR calls).
 *
 * Every (re)connection asks for fresh credentials; a dropped socket comes back with exponential,
 * jittered backoff. A heartbeat request goes out regularly and an unanswered one closes the
 * socket, because a browser never sees the server's pings and a dead link would stay silent.
 */

export type AccountChannelState = 'stopped' | 'connecting' | 'connected' | 'reconnecting';

export interface AccountChannelOptions {
  url: string;
  /** Account credentials for `hello`; a 4xx error (other than 429) stops the channel. */
  authenticate: () => Promise<string>;
  createSocket?: (url: string) => WebSocket;
  heartbeatMs?: number;
  /** Opening the socket and the hello reply must come within this. */
  connectTimeoutMs?: number;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  random?: () => number;
}

type Handler<T extends ServerMessageType> = (message: ServerMessageOf<T>) => void;
type AnyHandler = (message: ServerMessage) => void;

const HELLO_ID = 'account-hello';
const OPEN = 1;
/** `hello` named another protocol version: only a reload helps. */
const PROTOCOL_MISMATCH = 4000;

/** Delay before reconnect attempt `attempt` (0-based): exponential, capped, ±30 % jitter. */
export function reconnectDelay(
  attempt: number,
  initialMs: number,
  maxMs: number,
  random: () => number,
): number {
  const base = Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.7 + 0.6 * random()));
}

/** ws(s)://host/socket/member/v1 of the page's own origin. */
export function accountSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/socket/member/v1`;
}

function isAuthRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
}

export class AccountChannelClient {
  readonly #options: Required<AccountChannelOptions>;
  readonly #handlers = new Map<ServerMessageType, Set<AnyHandler>>();
  readonly #stateListeners = new Set<(state: AccountChannelState) => void>();
  #state: AccountChannelState = 'stopped';
  #socket: WebSocket | null = null;
  /** Bumped on start/stop so work of an earlier run cannot touch the current one. */
  #run = 0;
  #attempt = 0;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #connectTimer: ReturnType<typeof setTimeout> | null = null;
  #heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  #heartbeatSeq = 0;
  #heartbeatPending: string | null = null;

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
    this.#run += 1;
    this.#attempt = 0;
    this.#setState('connecting');
    void this.#connect(this.#run);
  }

  /** Closes the socket and stops reconnecting (logout). Safe to call more than once. */
  stop(): void {
    this.#run += 1;
    this.#clearTimers();
    const socket = this.#socket;
    this.#socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      try {
        socket.close(1000, 'signed out');
      } catch {
        // Closing a socket that never opened may throw in some browsers; it is gone either way.
      }
    }
    this.#setState('stopped');
  }

  // -------------------------------------------------------------------------------------------

  #setState(state: AccountChannelState): void {
    if (this.#state === state) return;
    this.#state = state;
    for (const listener of [...this.#stateListeners]) listener(state);
  }

  #clearTimers(): void {
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    if (this.#connectTimer) clearTimeout(this.#connectTimer);
    if (this.#heartbeatTimer) clearInterval(this.#heartbeatTimer);
    this.#retryTimer = this.#connectTimer = this.#heartbeatTimer = null;
    this.#heartbeatPending = null;
  }

  async #connect(run: number): Promise<void> {
    let credentials: string;
    try {
      credentials = await this.#options.authenticate();
    } catch (error) {
      if (run !== this.#run) return;
      // Signed out or not allowed: the session logic takes over; retrying would only repeat it.
      if (isAuthRefusal(error)) this.stop();
      else this.#retry(run);
      return;
    }
    if (run !== this.#run) return;
    let socket: WebSocket;
    try {
      socket = this.#options.createSocket(this.#options.url);
    } catch {
      this.#retry(run);
      return;
    }
    this.#socket = socket;
    this.#connectTimer = setTimeout(() => this.#drop(run, socket), this.#options.connectTimeoutMs);
    socket.onopen = () => {
      socket.send(
        JSON.stringify({
          v: PROTOCOL_VERSION,
          id: HELLO_ID,
          type: 'hello',
          protocol_version: PROTOCOL_VERSION,
          credentials,
        }),
      );
    };
    socket.onmessage = (event: MessageEvent) => this.#onFrame(run, socket, event.data);
    socket.onerror = () => undefined;
    socket.onclose = (event: CloseEvent) => {
      if (run !== this.#run || this.#socket !== socket) return;
      this.#socket = null;
      this.#clearTimers();
      if (event.code === PROTOCOL_MISMATCH) {
        this.stop();
        return;
      }
      this.#retry(run);
    };
  }

  /** Gives up on a socket that stopped answering, without waiting for its close handshake. */
  #drop(run: number, socket: WebSocket): void {
    if (run !== this.#run || this.#socket !== socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close();
    } catch {
      // Already closing.
    }
    this.#socket = null;
    this.#clearTimers();
    this.#retry(run);
  }

  #retry(run: number): void {
    if (run !== this.#run) return;
    this.#setState('reconnecting');
    const { initialBackoffMs, maxBackoffMs, random } = this.#options;
    const delay = reconnectDelay(this.#attempt, initialBackoffMs, maxBackoffMs, random);
    this.#attempt += 1;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      void this.#connect(run);
    }, delay);
  }

  #onFrame(run: number, socket: WebSocket, data: unknown): void {
    if (run !== this.#run || typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = serverMessage.safeParse(json);
    // A message type this build does not know yet (newer server) is skipped, not fatal.
    if (!parsed.success) return;
    const message = parsed.data as ServerMessage;
    if (message.type === 'reply' || message.type === 'error') {
      this.#onAnswer(socket, message);
      return;
    }
    this.#dispatch(message);
  }

  #onAnswer(socket: WebSocket, message: ServerMessageOf<'reply'> | ServerMessageOf<'error'>): void {
    if (message.id === HELLO_ID) {
      if (this.#connectTimer) clearTimeout(this.#connectTimer);
      this.#connectTimer = null;
      // A refused hello is followed by the server closing the socket; onclose retries.
      if (message.type === 'error') return;
      this.#attempt = 0;
      this.#setState('connected');
      this.#heartbeatTimer = setInterval(() => this.#beat(socket), this.#options.heartbeatMs);
      return;
    }
    if (message.id !== null && message.id === this.#heartbeatPending) this.#heartbeatPending = null;
  }

  #beat(socket: WebSocket): void {
    if (socket.readyState !== OPEN) return;
    if (this.#heartbeatPending) {
      // The previous heartbeat never came back: the link is dead even if the socket looks open.
      this.#drop(this.#run, socket);
      return;
    }
    this.#heartbeatSeq += 1;
    const id = `account-heartbeat-${this.#heartbeatSeq}`;
    this.#heartbeatPending = id;
    socket.send(JSON.stringify({ v: PROTOCOL_VERSION, id, type: 'heartbeat' }));
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
