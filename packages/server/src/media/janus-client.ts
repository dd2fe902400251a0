// A typed client for Janus's JSON API over one WebSocket: transactions with timeouts, sessions
// with keepalives, plugin handles, and Janus's asynchronous events routed to their handle.
//
// Nothing outside src/media sees Janus's wire format: callers get JanusSession and
// VideoRoomHandle (janus-videoroom.ts), which speak in rooms, feeds and session descriptions.
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import WebSocket from 'ws';
import { coreError, MediaError, videoRoomError } from './janus-errors.ts';
import { VideoRoomHandle } from './janus-videoroom.ts';
import { HandleCore, type JanusLink, type SessionCloseReason } from './janus-handle.ts';
import { TypedEvents } from '../shared/typed-events.ts';
import { type Expect, type WireMessage, type WireRequest, wireMessage } from './janus-wire.ts';

export type { HandleGoneReason, SessionCloseReason } from './janus-handle.ts';

export interface JanusClientOptions {
  /** ws://address:port of Janus's WebSocket API. */
  url: string;
  apiSecret: string;
  /** VideoRoom admin key, added to the requests that need it (room creation, RTP forwarding). */
  roomAdminKey?: string;
  logger: Logger;
  /** How long a request may wait for its answer (default 10 s). */
  requestTimeoutMs?: number;
  /** Session keepalive period (default 25 s; Janus drops a silent session after 60 s). */
  keepaliveIntervalMs?: number;
  /** How long opening the socket may take (default 5 s). */
  connectTimeoutMs?: number;
}

export interface JanusServerInfo {
  name: string;
  version: string;
  plugins: string[];
  transports: string[];
}

export interface JanusClientEvents {
  /** The socket is gone; every session and handle of this client is gone with it. */
  closed: { reason: string; expected: boolean };
}

export interface JanusSessionEvents {
  closed: { reason: SessionCloseReason };
}

// ---------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------

export class JanusSession {
  readonly #id: number;
  readonly #link: JanusLink;
  readonly #logger: Logger;
  readonly #events: TypedEvents<JanusSessionEvents>;
  readonly #handles = new Set<HandleCore>();
  #keepalive: NodeJS.Timeout | undefined;
  #closed: SessionCloseReason | undefined;
  #closing: Promise<void> | undefined;

  /** @internal Sessions come from JanusClient.createSession(). */
  constructor(link: JanusLink, id: number, keepaliveIntervalMs: number) {
    this.#link = link;
    this.#id = id;
    this.#logger = link.logger.child({ janusSession: id });
    this.#events = new TypedEvents(this.#logger);
    this.#keepalive = setInterval(() => void this.#sendKeepalive(), keepaliveIntervalMs);
    this.#keepalive.unref();
  }

  /** Opaque identifier, for logs. */
  get id(): string {
    return String(this.#id);
  }

  get isClosed(): boolean {
    return this.#closed !== undefined;
  }

  on<K extends keyof JanusSessionEvents>(
    event: K,
    listener: (payload: JanusSessionEvents[K]) => void,
  ): () => void {
    return this.#events.on(event, listener);
  }

  once<K extends keyof JanusSessionEvents>(
    event: K,
    listener: (payload: JanusSessionEvents[K]) => void,
  ): () => void {
    return this.#events.once(event, listener);
  }

  async #sendKeepalive(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#link.request({ janus: 'keepalive', session_id: this.#id }, 'ack');
    } catch (error) {
      if (error instanceof MediaError && error.kind === 'gone') this.markClosed('timeout');
      else this.#logger.warn({ err: error }, 'Janus keepalive failed');
    }
  }

  /** Attaches a new handle to the VideoRoom plugin. */
  async attachVideoRoom(options: { opaqueId?: string } = {}): Promise<VideoRoomHandle> {
    const core = await this.#attach('janus.plugin.videoroom', options.opaqueId);
    return new VideoRoomHandle(core);
  }

  async #attach(plugin: string, opaqueId: string | undefined): Promise<HandleCore> {
    if (this.#closed) throw new MediaError('gone', `Janus session is closed (${this.#closed})`);
    const reply = await this.#link.request(
      {
        janus: 'attach',
        session_id: this.#id,
        plugin,
        ...(opaqueId ? { opaque_id: opaqueId } : {}),
      },
      'success',
    );
    const id = reply.data?.id;
    if (typeof id !== 'number') throw new MediaError('other', 'Janus attach returned no handle id');
    const core = new HandleCore(this.#link, this.#id, id, this.#logger.child({ janusHandle: id }));
    if (this.#closed) {
      core.markGone(this.#closed);
      throw new MediaError('gone', `Janus session is closed (${this.#closed})`);
    }
    this.#handles.add(core);
    core.events.on('gone', () => this.#handles.delete(core));
    this.#link.registerHandle(core);
    return core;
  }

  /** Destroys the session and all its handles in Janus; idempotent. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#closed) return;
      this.markClosed('destroyed');
      try {
        await this.#link.request({ janus: 'destroy', session_id: this.#id }, 'success');
      } catch (error) {
        if (!(error instanceof MediaError && ['gone', 'closed'].includes(error.kind))) {
          this.#logger.warn({ err: error }, 'destroying the Janus session failed');
        }
      }
    })();
    return this.#closing;
  }

  /** @internal */
  markClosed(reason: SessionCloseReason): void {
    if (this.#closed) return;
    this.#closed = reason;
    clearInterval(this.#keepalive);
    this.#keepalive = undefined;
    for (const handle of [...this.#handles]) handle.markGone(reason);
    this.#handles.clear();
    this.#link.unregisterSession(this.#id);
    if (reason !== 'destroyed') this.#logger.info({ reason }, 'Janus session closed');
    this.#events.emit('closed', { reason });
    this.#events.removeAll();
  }
}

// ---------------------------------------------------------------------------------------------
// The client
// ---------------------------------------------------------------------------------------------

interface Pending {
  expect: Expect;
  resolve: (message: WireMessage) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  kind: string;
}

export class JanusClient {
  readonly #ws: WebSocket;
  readonly #options: Required<Omit<JanusClientOptions, 'roomAdminKey'>> & {
    roomAdminKey: string | undefined;
  };
  readonly #logger: Logger;
  readonly #events: TypedEvents<JanusClientEvents>;
  readonly #pending = new Map<string, Pending>();
  readonly #sessions = new Map<number, JanusSession>();
  readonly #handles = new Map<number, HandleCore>();
  readonly #transactionPrefix = crypto.randomBytes(6).toString('base64url');
  #nextTransaction = 0;
  #closed = false;
  #closing: Promise<void> | undefined;
  readonly #link: JanusLink;

  private constructor(ws: WebSocket, options: JanusClientOptions) {
    this.#ws = ws;
    this.#options = {
      requestTimeoutMs: 10_000,
      keepaliveIntervalMs: 25_000,
      connectTimeoutMs: 5_000,
      ...options,
      roomAdminKey: options.roomAdminKey,
    };
    this.#logger = options.logger;
    this.#events = new TypedEvents(this.#logger);
    this.#link = {
      request: (message, expect) => this.#request(message, expect),
      roomAdminKey: this.#options.roomAdminKey,
      logger: this.#logger,
      registerHandle: (handle) => this.#handles.set(handle.id, handle),
      unregisterHandle: (id) => this.#handles.delete(id),
      unregisterSession: (id) => this.#sessions.delete(id),
    };
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      this.#onMessage(data.toString());
    });
    ws.on('close', (code, reason) => {
      this.#shutdown(`socket closed (${code}${reason.length ? ` ${reason.toString()}` : ''})`);
    });
    ws.on('error', (error) => this.#logger.warn({ err: error }, 'Janus socket error'));
  }

  /** Opens the socket. Resolves once it is open; rejects when Janus is unreachable. */
  static async connect(options: JanusClientOptions): Promise<JanusClient> {
    const timeout = options.connectTimeoutMs ?? 5_000;
    const ws = new WebSocket(options.url, 'janus-protocol', {
      handshakeTimeout: timeout,
      perMessageDeflate: false,
    });
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        ws.removeAllListeners();
        ws.on('error', () => {});
        ws.terminate();
        reject(new MediaError('closed', `cannot reach Janus at ${options.url}: ${error.message}`));
      };
      ws.once('open', () => {
        ws.removeAllListeners();
        resolve();
      });
      ws.once('error', fail);
      ws.once('unexpected-response', (_req, res) =>
        fail(new Error(`unexpected HTTP ${res.statusCode}`)),
      );
    });
    return new JanusClient(ws, options);
  }

  get isClosed(): boolean {
    return this.#closed;
  }

  on<K extends keyof JanusClientEvents>(
    event: K,
    listener: (payload: JanusClientEvents[K]) => void,
  ): () => void {
    return this.#events.on(event, listener);
  }

  once<K extends keyof JanusClientEvents>(
    event: K,
    listener: (payload: JanusClientEvents[K]) => void,
  ): () => void {
    return this.#events.once(event, listener);
  }

  async info(): Promise<JanusServerInfo> {
    const reply = await this.#request({ janus: 'info' }, 'success');
    return {
      name: reply.name ?? 'janus',
      version: reply.version_string ?? 'unknown',
      plugins: Object.keys(reply.plugins ?? {}),
      transports: Object.keys(reply.transports ?? {}),
    };
  }

  async createSession(): Promise<JanusSession> {
    const reply = await this.#request({ janus: 'create' }, 'success');
    const id = reply.data?.id;
    if (typeof id !== 'number')
      throw new MediaError('other', 'Janus create returned no session id');
    const session = new JanusSession(this.#link, id, this.#options.keepaliveIntervalMs);
    if (this.#closed) {
      session.markClosed('disconnected');
      throw new MediaError('closed', 'the Janus client is closed');
    }
    this.#sessions.set(id, session);
    return session;
  }

  /** Closes the socket; Janus then drops every session of this client. Idempotent. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (!this.#closed) this.#shutdown('closed by the server', true);
      if (this.#ws.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.#ws.terminate();
          resolve();
        }, 1_000);
        this.#ws.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        this.#ws.close(1000);
      });
    })();
    return this.#closing;
  }

  #shutdown(reason: string, expected = false): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const [transaction, pending] of this.#pending) {
      clearTimeout(pending.timer);
      pending.reject(new MediaError('closed', `Janus connection closed: ${reason}`));
      this.#pending.delete(transaction);
    }
    for (const session of [...this.#sessions.values()]) session.markClosed('disconnected');
    this.#sessions.clear();
    this.#handles.clear();
    if (expected) this.#logger.debug({ reason }, 'Janus client closed');
    else this.#logger.warn({ reason }, 'Janus connection lost');
    this.#events.emit('closed', { reason, expected });
    this.#events.removeAll();
  }

  #request(message: WireRequest, expect: Expect): Promise<WireMessage> {
    if (this.#closed || this.#ws.readyState !== WebSocket.OPEN) {
      return Promise.reject(new MediaError('closed', 'the Janus connection is closed'));
    }
    const transaction = `${this.#transactionPrefix}-${++this.#nextTransaction}`;
    const kind = message.janus === 'message' ? String(message.body.request) : message.janus;
    return new Promise<WireMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(transaction);
        reject(new MediaError('timeout', `Janus did not answer ${kind} in time`));
      }, this.#options.requestTimeoutMs);
      this.#pending.set(transaction, { expect, resolve, reject, timer, kind });
      // SECURITY: the API secret goes on every request; Janus refuses requests without it.
      const payload = JSON.stringify({
        ...message,
        transaction,
        apisecret: this.#options.apiSecret,
      });
      this.#ws.send(payload, (error) => {
        if (!error) return;
        clearTimeout(timer);
        this.#pending.delete(transaction);
        reject(new MediaError('closed', `sending to Janus failed: ${error.message}`));
      });
    });
  }

  #onMessage(text: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.#logger.warn('Janus sent invalid JSON');
      return;
    }
    const result = wireMessage.safeParse(parsed);
    if (!result.success) {
      this.#logger.warn({ issues: result.error.issues }, 'Janus sent an unexpected message');
      return;
    }
    const message = result.data;
    if (message.transaction !== undefined) {
      const pending = this.#pending.get(message.transaction);
      if (pending && this.#settle(message.transaction, pending, message)) return;
    }
    this.#route(message);
  }

  /** Returns true when the message belonged to the pending request. */
  #settle(transaction: string, pending: Pending, message: WireMessage): boolean {
    const finish = (outcome: () => void) => {
      clearTimeout(pending.timer);
      this.#pending.delete(transaction);
      outcome();
      return true;
    };
    if (message.janus === 'error') {
      const { code, reason } = message.error ?? { code: 0, reason: 'unknown error' };
      return finish(() => pending.reject(coreError(code, reason)));
    }
    switch (pending.expect) {
      case 'ack':
        if (message.janus === 'ack' || message.janus === 'success') {
          return finish(() => pending.resolve(message));
        }
        return false;
      case 'success':
        if (message.janus === 'success' || message.janus === 'server_info') {
          return finish(() => pending.resolve(message));
        }
        return false;
      case 'plugin': {
        // An ack only says the plugin got the request; its answer follows as an event.
        if (message.janus === 'ack') return true;
        if (message.janus !== 'success' && message.janus !== 'event') return false;
        const data = message.plugindata?.data;
        const code = data?.error_code;
        if (typeof code === 'number') {
          const reason = typeof data?.error === 'string' ? data.error : 'error';
          return finish(() => pending.reject(videoRoomError(code, reason)));
        }
        return finish(() => pending.resolve(message));
      }
      default: {
        const never: never = pending.expect;
        throw new Error(`unknown expectation ${String(never)}`);
      }
    }
  }

  #route(message: WireMessage): void {
    if (message.janus === 'timeout' && message.session_id !== undefined) {
      this.#sessions.get(message.session_id)?.markClosed('timeout');
      return;
    }
    if (message.sender !== undefined) {
      const handle = this.#handles.get(message.sender);
      if (handle) {
        handle.dispatch(message);
        return;
      }
    }
    this.#logger.debug(
      { janus: message.janus, sender: message.sender },
      'Janus message for no known request or handle',
    );
  }
}
