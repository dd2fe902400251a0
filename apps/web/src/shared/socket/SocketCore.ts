import { PROTOCOL_VERSION, type ServerEvent } from '@podium/protocol';
import type { serverMessage as ServerMessageSchema } from '@podium/protocol/signaling';
import { Emitter } from '../emitter.ts';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff.ts';
import { isAuthRefusal, SocketRequestError } from './errors.ts';

/**
 * The browser's end of the signaling socket (`/socket/member/v1`), without React and without
 * knowing what runs over it: the room client (features/room/signaling) and the account channel
 * (shared/account-channel) are both built on it.
 *
 * A connection is: credentials from `authenticate()` (POST /member/v1/auth), the socket, then
 * `hello {protocol_version, credentials}`; credentials the server refuses in `hello` are asked
 * for once more on a fresh socket. Then the owner's own set-up runs (`greeted`: the room resumes
 * its participant there). `request(type, payload)` sends one client message and resolves with its
 * `reply` data or rejects with a SocketRequestError carrying the server's code and i18n key.
 * Server events are emitted as `event`.
 *
 * A heartbeat request goes out every `heartbeatMs`; one left unanswered that long drops the
 * socket, because a browser never sees the server's pings and a dead link would stay silent. A
 * dropped socket is reconnected with exponential, jittered backoff for as long as
 * `reconnectWindowMs()` allows. Requests made while reconnecting wait for the connection (their
 * timeout still runs); requests in flight when the socket dropped fail with `disconnected`,
 * because the server may or may not have acted on them. A refused credentials call (4xx), a
 * protocol mismatch or a close code in `finalCloseCodes` ends the connection for good.
 */

/**
 * The schema every server frame is checked against: all signaling messages and zod, about 40 KB
 * of gzip. Loaded with the first socket rather than with every page (issue 11: first load), and
 * fetched while the credentials are asked for, so a connection waits for it at most that long.
 */
let serverMessageSchema: Promise<typeof ServerMessageSchema> | null = null;

function loadServerMessageSchema(): Promise<typeof ServerMessageSchema> {
  serverMessageSchema ??= import('@podium/protocol/signaling').then(
    (m) => m.serverMessage,
    (error: unknown) => {
      // A failed chunk fetch (offline) is retried by the next connection attempt.
      serverMessageSchema = null;
      throw error;
    },
  );
  return serverMessageSchema;
}

/**
 * Loads the schema ahead of the first socket (the join page calls it while the pre-join page is
 * shown): verify-call's answer carries the credentials now, so nothing else would hide the fetch.
 */
export function prefetchServerMessageSchema(): void {
  loadServerMessageSchema().catch(() => undefined);
}

export type SocketState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'closed';

/** Sends one request on the socket being set up, before anything queued goes out. */
export type SetupSend = (
  type: string,
  payload: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

export interface SocketCoreOptions<Open> {
  url: string;
  /** Socket credentials for `hello`; a 4xx error (other than 429) ends the connection. */
  authenticate: () => Promise<string>;
  /**
   * The owner's set-up on each new socket after `hello` answered (its reply data); what it
   * returns is reported by `open` and by `connect()`.
   */
  greeted: (hello: Record<string, unknown>, send: SetupSend) => Promise<Open>;
  createSocket?: (url: string) => WebSocket;
  requestTimeoutMs?: number;
  /** How often a heartbeat goes out; a heartbeat left unanswered this long drops the socket. */
  heartbeatMs?: number;
  /** Opening the socket, and then the hello reply, must each come within this. */
  connectTimeoutMs?: number;
  backoff?: BackoffOptions;
  /**
   * What a hello presents instead of credentials while there are none yet — a join link, which
   * the server admits (issue 11 item 3) —, asked once; the owner's `greeted` takes the
   * credentials from the reply (`setCredentials`). Null: `authenticate` as usual.
   */
  introduce?: () => Record<string, unknown> | null;
  /** Ask for credentials on every connection (account) instead of keeping them until refused (room). */
  freshCredentials?: boolean;
  /** When the first connection fails, keep trying as after a drop instead of rejecting `connect()`. */
  retryFirstConnect?: boolean;
  /** How long reconnecting may go on after a drop; Infinity (the default) until `close()`. */
  reconnectWindowMs?: () => number;
  /** Close codes after which reconnecting would only repeat the refusal. */
  finalCloseCodes?: readonly number[];
  /** The correlation id of the `seq`-th request (default `c<seq>`); the server echoes it back. */
  requestId?: (type: string, seq: number) => string;
  random?: () => number;
  now?: () => number;
}

export interface SocketCoreEvents<Open> {
  state: SocketState;
  /** Every server event (not replies/errors), validated against the protocol. */
  event: ServerEvent;
  /** The connection is (again) usable. */
  open: Open;
  /** Closed for good; `null` when closed on purpose by `close()`. */
  closed: SocketRequestError | null;
  /** An `error` without a correlation id (the server could not read one of our frames). */
  protocolError: SocketRequestError;
}

interface Pending {
  type: string;
  resolve: (data: Record<string, unknown>) => void;
  reject: (error: SocketRequestError) => void;
  timer: ReturnType<typeof setTimeout>;
  /** Whether the frame went out on the current socket (queued ones have not). */
  sent: boolean;
  frame: string;
  /** Sent right behind a hello still unanswered (`request` with behindHello). */
  behindHello: boolean;
}

type Resolved<Open> = Required<
  Omit<SocketCoreOptions<Open>, 'createSocket' | 'finalCloseCodes' | 'reconnectWindowMs'>
> & {
  createSocket: (url: string) => WebSocket;
  finalCloseCodes: readonly number[];
  reconnectWindowMs: () => number;
};

/** WebSocket.OPEN (the DOM constant is not on the test sockets). */
export const OPEN = 1;

export class SocketCore<Open> {
  readonly #options: Resolved<Open>;
  readonly #events = new Emitter<SocketCoreEvents<Open>>();
  #state: SocketState = 'idle';
  #socket: WebSocket | null = null;
  #credentials: string | null = null;
  #pending = new Map<string, Pending>();
  #nextId = 1;
  #heartbeat: ReturnType<typeof setInterval> | null = null;
  #reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  #reconnectAttempt = 0;
  #reconnectDeadline = 0;
  /** Set before the first socket opens (#establish), so every frame is checked. */
  #serverMessage: typeof ServerMessageSchema | null = null;
  /** The socket whose hello went out and is not answered yet. */
  #greeting: WebSocket | null = null;

  constructor(options: SocketCoreOptions<Open>) {
    this.#options = {
      requestTimeoutMs: 10_000,
      heartbeatMs: 15_000,
      connectTimeoutMs: 10_000,
      backoff: DEFAULT_BACKOFF,
      freshCredentials: false,
      retryFirstConnect: false,
      random: Math.random,
      now: Date.now,
      requestId: (_type, seq) => `c${seq}`,
      createSocket: (url) => new WebSocket(url),
      introduce: () => null,
      ...options,
      finalCloseCodes: options.finalCloseCodes ?? [],
      reconnectWindowMs: options.reconnectWindowMs ?? (() => Infinity),
    };
  }

  get state(): SocketState {
    return this.#state;
  }

  on<K extends keyof SocketCoreEvents<Open>>(
    name: K,
    listener: (payload: SocketCoreEvents<Open>[K]) => void,
  ): () => void {
    return this.#events.on(name, listener);
  }

  /**
   * Opens the connection once. Without `retryFirstConnect` a failed first attempt rejects and
   * closes; with it, the promise waits for the first success or the end.
   */
  async connect(): Promise<Open> {
    if (this.#state !== 'idle') throw new Error('SocketCore.connect() may be called once');
    this.#setState('connecting');
    try {
      const info = await this.#establish();
      if ((this.#state as SocketState) === 'closed') throw SocketRequestError.client('closed');
      this.#opened(info);
      return info;
    } catch (error) {
      const failure = toFailure(error);
      if (
        this.#options.retryFirstConnect &&
        !failure.terminal &&
        (this.#state as SocketState) !== 'closed'
      ) {
        const settled = this.#nextOpen();
        this.#startReconnecting();
        return settled;
      }
      this.#finish(failure);
      throw failure;
    }
  }

  /**
   * Sends a request and resolves with its reply's data. While reconnecting the request waits
   * for the connection; the timeout runs from now either way.
   *
   * `behindHello`: while a new socket's hello is unanswered the request goes out on that socket
   * at once, behind the hello, instead of after its answer — the server answers a connection's
   * requests in order, so it takes this one as soon as the hello is through (the room's first
   * join, one round trip less; issue 11 item 3). Made before the hello went out, it goes out
   * with it. Should that hello be refused or its socket drop, it fails with `disconnected` and
   * is not sent again: the owner asks again once connected.
   */
  request(
    type: string,
    payload: Record<string, unknown>,
    timeoutMs: number = this.#options.requestTimeoutMs,
    { behindHello = false }: { behindHello?: boolean } = {},
  ): Promise<Record<string, unknown>> {
    if (this.#state === 'closed' || this.#state === 'idle') {
      return Promise.reject(SocketRequestError.client('closed', type));
    }
    const early = behindHello && this.#state !== 'connected';
    const sent = this.#send(type, payload, timeoutMs, true, this.#socket, early);
    if (early) this.#sendBehindHello();
    return sent;
  }

  /**
   * Checks the link now instead of at the next heartbeat: a heartbeat left unanswered for
   * `timeoutMs` drops the socket and reconnecting starts, as when a heartbeat times out. For
   * owners that see the network fail elsewhere first (the room's media connections notice a
   * dead path within seconds; a heartbeat only every `heartbeatMs`). No-op unless connected.
   */
  probe(timeoutMs: number): void {
    const socket = this.#socket;
    if (this.#state !== 'connected' || !socket) return;
    this.#send('heartbeat', {}, timeoutMs, false, socket).catch((error: unknown) => {
      if (error instanceof SocketRequestError && error.code === 'timeout') {
        this.#dropSocket(socket);
        this.#onSocketClosed(socket, null);
      }
    });
  }

  /**
   * Credentials for the hellos of the sockets to come (renewed ones: the room renews its own so
   * a long call can still join anew after a drop). The open socket keeps its greeting.
   */
  setCredentials(credentials: string): void {
    if (this.#state !== 'closed') this.#credentials = credentials;
  }

  /** The newest credentials: from the last authentication, or renewed since. */
  get credentials(): string | null {
    return this.#credentials;
  }

  /** Closes for good: pending requests fail with `closed`. Safe to call more than once. */
  close(): void {
    this.#finish(null);
  }

  // -------------------------------------------------------------------------------------------

  #setState(state: SocketState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.#events.emit('state', state);
  }

  /** Resolves with the next `open`, rejects with the end. */
  #nextOpen(): Promise<Open> {
    return new Promise((resolve, reject) => {
      const offOpen = this.#events.on('open', (info) => {
        offOpen();
        offClosed();
        resolve(info);
      });
      const offClosed = this.#events.on('closed', (reason) => {
        offOpen();
        offClosed();
        reject(reason ?? SocketRequestError.client('closed'));
      });
    });
  }

  #send(
    type: string,
    payload: Record<string, unknown>,
    timeoutMs: number,
    queueable: boolean,
    socket: WebSocket | null = this.#socket,
    behindHello = false,
  ): Promise<Record<string, unknown>> {
    const id = this.#options.requestId(type, this.#nextId++);
    const frame = JSON.stringify({ v: PROTOCOL_VERSION, id, type, ...payload });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.#pending.delete(id)) reject(SocketRequestError.client('timeout', type));
      }, timeoutMs);
      const entry: Pending = { type, resolve, reject, timer, sent: false, frame, behindHello };
      this.#pending.set(id, entry);
      const ready = queueable ? this.#state === 'connected' : true;
      if (ready && socket && socket.readyState === OPEN) {
        socket.send(frame);
        entry.sent = true;
      } else if (!queueable) {
        this.#pending.delete(id);
        clearTimeout(timer);
        reject(SocketRequestError.client('disconnected', type));
      }
    });
  }

  /** Sends the requests that waited for the connection, in the order they were made. */
  #flushQueue(): void {
    const socket = this.#socket;
    if (!socket || socket.readyState !== OPEN) return;
    for (const entry of this.#pending.values()) {
      if (entry.sent) continue;
      socket.send(entry.frame);
      entry.sent = true;
    }
  }

  /** Sends the requests waiting to go behind the unanswered hello, in the order they were made. */
  #sendBehindHello(): void {
    const socket = this.#greeting;
    if (!socket || socket.readyState !== OPEN) return;
    for (const entry of this.#pending.values()) {
      if (!entry.behindHello || entry.sent) continue;
      socket.send(entry.frame);
      entry.sent = true;
    }
  }

  /** The hello they went behind was refused or lost: they fail, and are not sent again. */
  #failBehindHello(): void {
    for (const [id, entry] of this.#pending) {
      if (!entry.behindHello || !entry.sent) continue;
      this.#pending.delete(id);
      clearTimeout(entry.timer);
      entry.reject(SocketRequestError.client('disconnected', entry.type));
    }
  }

  /** Opens a socket, says hello, and runs the owner's set-up. */
  async #establish(): Promise<Open> {
    const schema = this.#serverMessage ? null : loadServerMessageSchema();
    // Handled below; without this a rejection while authenticating would go unobserved.
    schema?.catch(() => undefined);
    const introduction = this.#credentials === null ? this.#options.introduce() : null;
    if (!introduction && (this.#credentials === null || this.#options.freshCredentials)) {
      this.#credentials = await this.#authenticate();
    }
    // The socket connects while the schema arrives; nothing comes from the server before hello.
    const opening = this.#openSocket();
    opening.catch(() => undefined);
    if (schema) {
      try {
        this.#serverMessage = await schema;
      } catch {
        void opening.then((socket) => this.#dropSocket(socket)).catch(() => undefined);
        throw SocketRequestError.client('network');
      }
    }
    const socket = await opening;
    let hello: Record<string, unknown>;
    try {
      hello = await this.#hello(socket, introduction);
    } catch (error) {
      if (!introduction && error instanceof SocketRequestError && error.code === 'unauthorized') {
        // The credentials expired while we were away: get new ones once, on a fresh socket.
        this.#dropSocket(socket);
        this.#credentials = await this.#authenticate();
        const retry = await this.#openSocket();
        hello = await this.#hello(retry);
      } else {
        this.#dropSocket(socket);
        throw error;
      }
    }
    return this.#options.greeted(hello, (type, payload) =>
      this.#send(type, payload, this.#options.requestTimeoutMs, false),
    );
  }

  async #authenticate(): Promise<string> {
    try {
      return await this.#options.authenticate();
    } catch (error) {
      throw SocketRequestError.client(isAuthRefusal(error) ? 'auth_failed' : 'network');
    }
  }

  async #hello(
    socket: WebSocket,
    introduction: Record<string, unknown> | null = null,
  ): Promise<Record<string, unknown>> {
    const hello = this.#send(
      'hello',
      {
        protocol_version: PROTOCOL_VERSION,
        ...(introduction ?? { credentials: this.#credentials ?? '' }),
      },
      this.#options.connectTimeoutMs,
      false,
      socket,
    );
    this.#greeting = socket;
    this.#sendBehindHello();
    try {
      return await hello;
    } catch (error) {
      this.#failBehindHello();
      throw error;
    } finally {
      if (this.#greeting === socket) this.#greeting = null;
    }
  }

  #openSocket(): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      let socket: WebSocket;
      try {
        socket = this.#options.createSocket(this.#options.url);
      } catch {
        reject(SocketRequestError.client('network'));
        return;
      }
      let settled = false;
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        safeClose(socket);
        reject(SocketRequestError.client('network'));
      }, this.#options.connectTimeoutMs);
      const opened = (): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (this.#state === 'closed') {
          safeClose(socket);
          reject(SocketRequestError.client('closed'));
          return;
        }
        this.#socket = socket;
        resolve(socket);
      };
      socket.addEventListener('open', opened);
      socket.addEventListener('message', (event: MessageEvent) => {
        if (socket === this.#socket) this.#onFrame(event.data);
      });
      socket.addEventListener('close', (event: CloseEvent) => {
        if (!settled) {
          settled = true;
          clearTimeout(timer);
          reject(SocketRequestError.client('network'));
          return;
        }
        this.#onSocketClosed(socket, event.code);
      });
      // 'error' is always followed by 'close', which does the work.
      socket.addEventListener('error', () => undefined);
      // A socket opened ahead (shared/socket/preopen.ts) may be open already.
      if (socket.readyState === OPEN) opened();
    });
  }

  #opened(info: Open): void {
    this.#reconnectAttempt = 0;
    this.#setState('connected');
    this.#startHeartbeat();
    this.#events.emit('open', info);
    this.#flushQueue();
  }

  #onFrame(data: unknown): void {
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = this.#serverMessage?.safeParse(json);
    // No schema: cannot happen (#establish has it before it says hello, and the server sends
    // nothing before the hello); dropped like an unknown frame.
    if (!parsed) return;
    // A message this version does not know (a newer server) is ignored rather than fatal.
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.type) {
      case 'reply': {
        const entry = this.#take(message.id);
        entry?.resolve(message.data ?? {});
        return;
      }
      case 'error': {
        const entry = message.id ? this.#take(message.id) : undefined;
        if (entry) {
          entry.reject(
            new SocketRequestError(
              message.code,
              message.key,
              message.message,
              entry.type,
              message.refusal,
            ),
          );
        } else {
          this.#events.emit(
            'protocolError',
            new SocketRequestError(message.code, message.key, message.message, null),
          );
        }
        return;
      }
      default:
        this.#events.emit('event', message);
    }
  }

  #take(id: string): Pending | undefined {
    const entry = this.#pending.get(id);
    if (!entry) return undefined;
    this.#pending.delete(id);
    clearTimeout(entry.timer);
    return entry;
  }

  #startHeartbeat(): void {
    this.#stopHeartbeat();
    const socket = this.#socket;
    this.#heartbeat = setInterval(() => {
      if (!socket || socket !== this.#socket) return;
      this.#send('heartbeat', {}, this.#options.heartbeatMs, false, socket).catch(
        (error: unknown) => {
          // An unanswered heartbeat means the path is dead even if TCP has not noticed yet.
          if (error instanceof SocketRequestError && error.code === 'timeout') {
            this.#dropSocket(socket);
            this.#onSocketClosed(socket, null);
          }
        },
      );
    }, this.#options.heartbeatMs);
  }

  #stopHeartbeat(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
  }

  #dropSocket(socket: WebSocket): void {
    if (this.#socket === socket) this.#socket = null;
    safeClose(socket);
  }

  /** Fails the requests that went out on the lost socket; queued ones keep waiting. */
  #failInFlight(): void {
    for (const [id, entry] of this.#pending) {
      if (!entry.sent) continue;
      this.#pending.delete(id);
      clearTimeout(entry.timer);
      entry.reject(SocketRequestError.client('disconnected', entry.type));
    }
  }

  /** `code` is the socket's close code, or null when we gave up on a silent link ourselves. */
  #onSocketClosed(socket: WebSocket, code: number | null): void {
    // A socket replaced meanwhile (heartbeat timeout, re-auth) closing late changes nothing.
    if (this.#socket !== null && this.#socket !== socket) return;
    this.#socket = null;
    this.#stopHeartbeat();
    this.#failInFlight();
    // While connecting or reconnecting, the attempt in progress sees the failure itself.
    if (this.#state !== 'connected') return;
    if (code !== null && this.#options.finalCloseCodes.includes(code)) {
      this.#finish(SocketRequestError.client('closed'));
      return;
    }
    this.#startReconnecting();
  }

  #startReconnecting(): void {
    this.#reconnectDeadline = this.#options.now() + this.#options.reconnectWindowMs();
    this.#reconnectAttempt = 0;
    this.#setState('reconnecting');
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    const delay = backoffDelay(this.#reconnectAttempt, this.#options.backoff, this.#options.random);
    if (this.#options.now() + delay > this.#reconnectDeadline) {
      this.#finish(SocketRequestError.client('gave_up'));
      return;
    }
    this.#reconnectAttempt += 1;
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = null;
      void this.#reconnect();
    }, delay);
  }

  async #reconnect(): Promise<void> {
    if (this.#state !== 'reconnecting') return;
    try {
      const info = await this.#establish();
      if ((this.#state as SocketState) === 'closed') return;
      this.#opened(info);
    } catch (error) {
      if ((this.#state as SocketState) === 'closed') return;
      const failure = toFailure(error);
      if (failure.terminal) this.#finish(failure);
      else this.#scheduleReconnect();
    }
  }

  #finish(reason: SocketRequestError | null): void {
    if (this.#state === 'closed') return;
    this.#setState('closed');
    this.#stopHeartbeat();
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = null;
    const socket = this.#socket;
    this.#socket = null;
    if (socket) safeClose(socket, 1000);
    for (const entry of this.#pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(SocketRequestError.client('closed', entry.type));
    }
    this.#pending.clear();
    this.#events.emit('closed', reason);
    this.#events.clear();
  }
}

/** Closes `socket`, whatever state it is in. */
export function safeClose(socket: WebSocket, code?: number): void {
  try {
    socket.close(code);
  } catch {
    // Already closing or closed.
  }
}

function toFailure(error: unknown): SocketRequestError {
  if (error instanceof SocketRequestError) return error;
  return SocketRequestError.client('network');
}
