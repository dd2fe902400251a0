import {
  PROTOCOL_VERSION,
  parseReply,
  serverMessage,
  signalingMessages,
  type ClientMessageInput,
  type ClientMessageType,
  type ReplyDataFor,
  type ServerEvent,
} from '@podium/protocol';
import { Emitter } from '../emitter.ts';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff.ts';
import { SignalingRequestError } from './errors.ts';

/**
 * The browser's side of the signaling socket (`/socket/member/v1`), without React.
 *
 * connect(): credentials from `authenticate()` (POST /member/v1/auth), then the socket, then
 * `hello {protocol_version, credentials}`. `request(type, payload)` sends one client message and
 * resolves with its `reply` data or rejects with a SignalingRequestError carrying the server's
 * code and i18n key. Server events are emitted as `event`.
 *
 * A dropped socket is reconnected with backoff; once the participant has joined (a `welcome`
 * went by) the new socket sends `resume {session_id}` so the server gives back the same
 * participant, role included. Requests made while reconnecting wait for the connection (their
 * timeout still runs); requests in flight when the socket dropped fail with `disconnected`,
 * because the server may or may not have acted on them.
 */

export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'closed';

/** The payload of a request of `type`: the message without its envelope. */
export type RequestPayload<T extends ClientMessageType> = Omit<
  Extract<ClientMessageInput, { type: T }>,
  'type' | 'id' | 'v'
>;
/** The `data` of a successful reply to `type`, as its reply schema in the protocol says. */
export type ReplyOf<T extends ClientMessageType> = ReplyDataFor<T>;

/**
 * The reply's data checked against the schema the protocol names for `type` (unknown fields
 * dropped); a reply that does not match is the server's fault (`internal`).
 */
function replyOf<T extends ClientMessageType>(type: T, data: unknown): ReplyOf<T> {
  const parsed = parseReply(type, data);
  if (parsed.ok) return parsed.data;
  throw new SignalingRequestError(
    'internal',
    'errors.internal',
    signalingMessages.en['errors.internal'],
    type,
  );
}

export interface OpenInfo {
  sessionId: string;
  /** The server gave back the participant the dropped socket had. */
  resumed: boolean;
  /** Set when a resume was tried and refused (grace over): the owner must join again. */
  resumeError: SignalingRequestError | null;
}

export interface SignalingEvents {
  state: ConnectionState;
  /** Every server event (not replies/errors), validated against the protocol. */
  event: ServerEvent;
  /** The connection is (again) usable. */
  open: OpenInfo;
  /** The client closed for good; `null` when closed on purpose by `close()`. */
  closed: SignalingRequestError | null;
  /** An `error` without a correlation id (the server could not read one of our frames). */
  protocolError: SignalingRequestError;
}

export interface SignalingClientOptions {
  url: string;
  /** Socket credentials for `hello` (POST /member/v1/auth with the join ticket). */
  authenticate: () => Promise<string>;
  createSocket?: (url: string) => WebSocket;
  requestTimeoutMs?: number;
  /** How often a heartbeat goes out; a heartbeat left unanswered this long closes the socket. */
  heartbeatMs?: number;
  /** Opening the socket and saying hello must finish within this. */
  connectTimeoutMs?: number;
  backoff?: BackoffOptions;
  /** Reconnecting stops after this long when the server did not say (hello's resume_grace_ms). */
  defaultGraceMs?: number;
  random?: () => number;
  now?: () => number;
}

interface Pending {
  type: string;
  resolve: (data: Record<string, unknown>) => void;
  reject: (error: SignalingRequestError) => void;
  timer: ReturnType<typeof setTimeout>;
  /** Whether the frame went out on the current socket (queued ones have not). */
  sent: boolean;
  frame: string;
}

const OPEN = 1;
/** Close code the server uses after repeated abuse: reconnecting would only repeat it. */
const POLICY_VIOLATION = 1008;

function isAuthRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
}

export class SignalingClient {
  #options: Required<Omit<SignalingClientOptions, 'createSocket'>> & {
    createSocket: (url: string) => WebSocket;
  };
  #events = new Emitter<SignalingEvents>();
  #state: ConnectionState = 'idle';
  #socket: WebSocket | null = null;
  #credentials: string | null = null;
  #sessionId: string | null = null;
  /** A participant exists on the server for `#sessionId` (a welcome went by). */
  #joined = false;
  #graceMs: number;
  #pending = new Map<string, Pending>();
  #nextId = 1;
  #heartbeat: ReturnType<typeof setInterval> | null = null;
  #reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  #reconnectAttempt = 0;
  #reconnectDeadline = 0;

  constructor(options: SignalingClientOptions) {
    this.#options = {
      requestTimeoutMs: 10_000,
      heartbeatMs: 15_000,
      connectTimeoutMs: 10_000,
      backoff: DEFAULT_BACKOFF,
      defaultGraceMs: 60_000,
      random: Math.random,
      now: Date.now,
      createSocket: (url) => new WebSocket(url),
      ...options,
    };
    this.#graceMs = this.#options.defaultGraceMs;
  }

  get state(): ConnectionState {
    return this.#state;
  }

  get sessionId(): string | null {
    return this.#sessionId;
  }

  on<K extends keyof SignalingEvents>(
    name: K,
    listener: (payload: SignalingEvents[K]) => void,
  ): () => void {
    return this.#events.on(name, listener);
  }

  /** Opens the connection once; rejects (and closes) if the first attempt fails. */
  async connect(): Promise<OpenInfo> {
    if (this.#state !== 'idle') throw new Error('SignalingClient.connect() may be called once');
    this.#setState('connecting');
    try {
      const info = await this.#establish();
      this.#opened(info);
      return info;
    } catch (error) {
      const failure = toFailure(error);
      this.#finish(failure);
      throw failure;
    }
  }

  /**
   * Sends a request and resolves with its reply's data. While reconnecting the request waits
   * for the connection; the timeout runs from now either way.
   */
  request<T extends ClientMessageType>(
    type: T,
    payload: RequestPayload<T>,
    timeoutMs: number = this.#options.requestTimeoutMs,
  ): Promise<ReplyOf<T>> {
    if (this.#state === 'closed' || this.#state === 'idle') {
      return Promise.reject(SignalingRequestError.client('closed', type));
    }
    return this.#send(type, payload as Record<string, unknown>, timeoutMs, true).then((data) =>
      replyOf(type, data),
    );
  }

  /** Closes for good: pending requests fail with `closed`. Safe to call more than once. */
  close(): void {
    this.#finish(null);
  }

  // -------------------------------------------------------------------------------------------

  #setState(state: ConnectionState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.#events.emit('state', state);
  }

  #send(
    type: string,
    payload: Record<string, unknown>,
    timeoutMs: number,
    queueable: boolean,
    socket: WebSocket | null = this.#socket,
  ): Promise<Record<string, unknown>> {
    const id = `c${this.#nextId++}`;
    const frame = JSON.stringify({ v: PROTOCOL_VERSION, id, type, ...payload });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.#pending.delete(id)) reject(SignalingRequestError.client('timeout', type));
      }, timeoutMs);
      const entry: Pending = { type, resolve, reject, timer, sent: false, frame };
      this.#pending.set(id, entry);
      const ready = queueable ? this.#state === 'connected' : true;
      if (ready && socket && socket.readyState === OPEN) {
        socket.send(frame);
        entry.sent = true;
      } else if (!queueable) {
        this.#pending.delete(id);
        clearTimeout(timer);
        reject(SignalingRequestError.client('disconnected', type));
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

  /** Opens a socket, says hello, and resumes the participant when there is one. */
  async #establish(): Promise<OpenInfo> {
    if (this.#credentials === null) this.#credentials = await this.#authenticate();
    const socket = await this.#openSocket();
    let hello: Record<string, unknown>;
    try {
      hello = await this.#hello(socket);
    } catch (error) {
      if (error instanceof SignalingRequestError && error.code === 'unauthorized') {
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
    const greeting = parseReply('hello', hello);
    const grace = greeting.ok ? greeting.data.resume_grace_ms : 0;
    if (grace > 0) this.#graceMs = grace;
    const helloSession = greeting.ok ? greeting.data.session_id : null;

    if (this.#joined && this.#sessionId) {
      try {
        const data = await this.#send(
          'resume',
          { session_id: this.#sessionId },
          this.#options.requestTimeoutMs,
          false,
        );
        replyOf('resume', data);
        // The server moves the participant onto this socket's session, the one hello named (the
        // resume reply carries only the participant id): the next drop resumes with it.
        this.#sessionId = helloSession ?? this.#sessionId;
        return { sessionId: this.#sessionId, resumed: true, resumeError: null };
      } catch (error) {
        const failure = toFailure(error);
        // A resume refused by the room (grace over, removed meanwhile) leaves a working socket:
        // the owner may join again on it. A transport failure is retried like any other.
        if (failure.code === 'disconnected' || failure.code === 'timeout') throw failure;
        this.#joined = false;
        this.#sessionId = helloSession;
        return { sessionId: helloSession ?? '', resumed: false, resumeError: failure };
      }
    }
    this.#sessionId = helloSession;
    return { sessionId: helloSession ?? '', resumed: false, resumeError: null };
  }

  async #authenticate(): Promise<string> {
    try {
      return await this.#options.authenticate();
    } catch (error) {
      throw SignalingRequestError.client(isAuthRefusal(error) ? 'auth_failed' : 'network');
    }
  }

  #hello(socket: WebSocket): Promise<Record<string, unknown>> {
    return this.#send(
      'hello',
      { protocol_version: PROTOCOL_VERSION, credentials: this.#credentials ?? '' },
      this.#options.connectTimeoutMs,
      false,
      socket,
    );
  }

  #openSocket(): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      let socket: WebSocket;
      try {
        socket = this.#options.createSocket(this.#options.url);
      } catch {
        reject(SignalingRequestError.client('network'));
        return;
      }
      let settled = false;
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        safeClose(socket);
        reject(SignalingRequestError.client('network'));
      }, this.#options.connectTimeoutMs);
      socket.addEventListener('open', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (this.#state === 'closed') {
          safeClose(socket);
          reject(SignalingRequestError.client('closed'));
          return;
        }
        this.#socket = socket;
        resolve(socket);
      });
      socket.addEventListener('message', (event: MessageEvent) => {
        if (socket === this.#socket) this.#onFrame(event.data);
      });
      socket.addEventListener('close', (event: CloseEvent) => {
        if (!settled) {
          settled = true;
          clearTimeout(timer);
          reject(SignalingRequestError.client('network'));
          return;
        }
        this.#onSocketClosed(socket, event.code);
      });
      // 'error' is always followed by 'close', which does the work.
      socket.addEventListener('error', () => undefined);
    });
  }

  #opened(info: OpenInfo): void {
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
    const parsed = serverMessage.safeParse(json);
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
        const failure = new SignalingRequestError(message.code, message.key, message.message, null);
        const entry = message.id ? this.#take(message.id) : undefined;
        if (entry) {
          entry.reject(
            new SignalingRequestError(message.code, message.key, message.message, entry.type),
          );
        } else this.#events.emit('protocolError', failure);
        return;
      }
      default:
        this.#observe(message);
        this.#events.emit('event', message);
    }
  }

  /** What the connection itself must know from room events: whether there is a participant to resume. */
  #observe(event: ServerEvent): void {
    if (event.type === 'welcome') {
      this.#joined = true;
      this.#sessionId = event.session_id;
    } else if (event.type === 'ended' || event.type === 'removed') {
      this.#joined = false;
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
          if (error instanceof SignalingRequestError && error.code === 'timeout') {
            this.#dropSocket(socket);
            this.#onSocketClosed(socket, 4000);
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
      entry.reject(SignalingRequestError.client('disconnected', entry.type));
    }
  }

  #onSocketClosed(socket: WebSocket, code: number): void {
    // A socket replaced meanwhile (heartbeat timeout, re-auth) closing late changes nothing.
    if (this.#socket !== null && this.#socket !== socket) return;
    this.#socket = null;
    this.#stopHeartbeat();
    this.#failInFlight();
    // While connecting or reconnecting, the attempt in progress sees the failure itself.
    if (this.#state !== 'connected') return;
    if (code === POLICY_VIOLATION) {
      this.#finish(SignalingRequestError.client('closed'));
      return;
    }
    this.#reconnectDeadline = this.#options.now() + this.#graceMs;
    this.#reconnectAttempt = 0;
    this.#setState('reconnecting');
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    const delay = backoffDelay(this.#reconnectAttempt, this.#options.backoff, this.#options.random);
    if (this.#options.now() + delay > this.#reconnectDeadline) {
      this.#finish(SignalingRequestError.client('gave_up'));
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
      if ((this.#state as ConnectionState) === 'closed') return;
      this.#opened(info);
    } catch (error) {
      if ((this.#state as ConnectionState) === 'closed') return;
      const failure = toFailure(error);
      if (failure.terminal) this.#finish(failure);
      else this.#scheduleReconnect();
    }
  }

  #finish(reason: SignalingRequestError | null): void {
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
      entry.reject(SignalingRequestError.client('closed', entry.type));
    }
    this.#pending.clear();
    this.#events.emit('closed', reason);
    this.#events.clear();
  }
}

function safeClose(socket: WebSocket, code?: number): void {
  try {
    socket.close(code);
  } catch {
    // Already closing or closed.
  }
}

function toFailure(error: unknown): SignalingRequestError {
  if (error instanceof SignalingRequestError) return error;
  return SignalingRequestError.client('network');
}
