import {
  parseReply,
  signalingMessages,
  type ClientMessageInput,
  type ClientMessageType,
  type HelloAdmission,
  type HelloJoinLink,
  type ReplyDataFor,
  type ServerEvent,
} from '@podium/protocol';
import { SocketCore, type SocketState } from '../../../shared/socket/SocketCore.ts';
import type { BackoffOptions } from '../../../shared/socket/backoff.ts';
import { SignalingRequestError } from './errors.ts';

/**
 * The room's side of the signaling socket (`/socket/member/v1`), without React, on the shared
 * socket core (shared/socket/SocketCore.ts: hello, heartbeat, backoff, auth refusal).
 *
 * connect(): credentials from `authenticate()` (POST /member/v1/auth with the join ticket), then
 * the socket, then `hello`. `request(type, payload)` sends one client message and resolves with
 * its `reply` data or rejects with a SignalingRequestError carrying the server's code and i18n
 * key. Server events are emitted as `event`.
 *
 * What the room adds to the core: once the participant has joined (a `welcome` went by) a new
 * socket sends `resume {session_id}` so the server gives back the same participant, role
 * included; the server closing for abuse (1008) ends the connection.
 *
 * Reconnecting goes on for the server's grace period (hello's `resume_grace_ms`) and
 * `rejoinWindowMs` more: a socket back after the grace finds the participant gone (the resume is
 * refused, `resumeError`) and the room joins anew. A joined participant renews its socket
 * credentials every `renewCredentialsMs` (`renew_credentials`): they last 10 minutes, like the
 * join ticket they came from, and joining anew needs unexpired ones. Without both, a participant
 * dropped at a load peak 19 minutes into the soak (bench/README) never came back: its one slow
 * reconnect attempt used up the grace, and a join with 19-minute-old credentials is refused.
 */

export type ConnectionState = SocketState;

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

/**
 * The first hello admits this join link instead of presenting credentials (issue 11 item 3):
 * the server answers as verify-call would, with the socket's credentials, so the room's first
 * join goes right behind it. `refused`: the first connection failed before an admission (a
 * refusal carries what verify-call would have answered, `refusal`).
 */
export interface JoinLinkGreeting {
  link: HelloJoinLink;
  admitted(admission: HelloAdmission): void;
  refused(error: SignalingRequestError): void;
}

export interface SignalingClientOptions {
  url: string;
  /** Socket credentials for `hello` (POST /member/v1/auth with the join ticket). */
  authenticate: () => Promise<string>;
  joinLink?: JoinLinkGreeting;
  createSocket?: (url: string) => WebSocket;
  requestTimeoutMs?: number;
  /** How often a heartbeat goes out; a heartbeat left unanswered this long closes the socket. */
  heartbeatMs?: number;
  /** Opening the socket and saying hello must finish within this. */
  connectTimeoutMs?: number;
  backoff?: BackoffOptions;
  /** The server's grace period when it did not say (hello's resume_grace_ms). */
  defaultGraceMs?: number;
  /** How long reconnecting goes on after the grace period, to join anew (default 20 s). */
  rejoinWindowMs?: number;
  /** How often a joined participant's credentials are renewed (default 4 min; they last 10). */
  renewCredentialsMs?: number;
  random?: () => number;
  now?: () => number;
}

/** Close code the server uses after repeated abuse: reconnecting would only repeat it. */
const POLICY_VIOLATION = 1008;

export class SignalingClient {
  readonly #core: SocketCore<OpenInfo>;
  #graceMs: number;
  #sessionId: string | null = null;
  /** A participant exists on the server for `#sessionId` (a welcome went by). */
  #joined = false;
  readonly #renewEveryMs: number;
  /** The join link the first hello admits, until its admission came. */
  #joinLink: JoinLinkGreeting | null;
  #renewTimer: ReturnType<typeof setInterval> | null = null;

  constructor(options: SignalingClientOptions) {
    const {
      defaultGraceMs = 60_000,
      rejoinWindowMs = 20_000,
      renewCredentialsMs = 4 * 60_000,
      joinLink,
      ...socket
    } = options;
    this.#joinLink = joinLink ?? null;
    this.#graceMs = defaultGraceMs;
    this.#renewEveryMs = renewCredentialsMs;
    this.#core = new SocketCore<OpenInfo>({
      ...socket,
      finalCloseCodes: [POLICY_VIOLATION],
      reconnectWindowMs: () => this.#graceMs + rejoinWindowMs,
      greeted: (hello, send) => this.#greeted(hello, send),
      // Until admitted: a first connection that fails tells the join page (connect), which
      // closes the room; the sockets after an admission greet with its credentials.
      introduce: () => (this.#joinLink ? { join_link: this.#joinLink.link } : null),
    });
    // Registered before anyone else's listener: the connection knows about the participant
    // before the room reacts to the event.
    this.#core.on('event', (event) => this.#observe(event));
    this.#core.on('closed', () => this.#stopRenewing());
  }

  get state(): ConnectionState {
    return this.#core.state;
  }

  /**
   * The socket credentials as renewed while joined (null before the first authentication):
   * what HTTP calls on behalf of the room (chat uploads, file links) send after the first ones
   * expired.
   */
  get credentials(): string | null {
    return this.#core.credentials;
  }

  get sessionId(): string | null {
    return this.#sessionId;
  }

  on<K extends keyof SignalingEvents>(
    name: K,
    listener: (payload: SignalingEvents[K]) => void,
  ): () => void {
    return this.#core.on(name, listener as never);
  }

  /** Opens the connection once; rejects (and closes) if the first attempt fails. */
  async connect(): Promise<OpenInfo> {
    if (this.#core.state !== 'idle') {
      throw new Error('SignalingClient.connect() may be called once');
    }
    const connected = this.#core.connect();
    const greeting = this.#joinLink;
    if (greeting) {
      connected.catch((error: unknown) => {
        // Not admitted (an admission already went to the page: this is the room's own failure).
        if (this.#joinLink !== greeting) return;
        this.#joinLink = null;
        greeting.refused(
          error instanceof SignalingRequestError ? error : SignalingRequestError.client('network'),
        );
      });
    }
    return connected;
  }

  /**
   * Sends a request and resolves with its reply's data. While reconnecting the request waits
   * for the connection; the timeout runs from now either way. `behindHello`: sent right behind
   * a hello still unanswered rather than after its answer (the room's first join; see
   * SocketCore.request); it fails with `disconnected` should that hello be refused.
   */
  request<T extends ClientMessageType>(
    type: T,
    payload: RequestPayload<T>,
    timeoutMs?: number,
    options?: { behindHello?: boolean },
  ): Promise<ReplyOf<T>> {
    return this.#core
      .request(type, payload as Record<string, unknown>, timeoutMs, options)
      .then((data) => replyOf(type, data));
  }

  /**
   * Checks the socket at once (SocketCore.probe): unanswered within `timeoutMs`, it is dropped
   * and the room reconnects and resumes.
   */
  probe(timeoutMs: number): void {
    this.#core.probe(timeoutMs);
  }

  /** Closes for good: pending requests fail with `closed`. Safe to call more than once. */
  close(): void {
    this.#core.close();
  }

  // -------------------------------------------------------------------------------------------

  /** After each hello: learn the grace period, and resume the participant when there is one. */
  async #greeted(
    hello: Record<string, unknown>,
    send: (type: string, payload: Record<string, unknown>) => Promise<Record<string, unknown>>,
  ): Promise<OpenInfo> {
    const greeting = parseReply('hello', hello);
    const admitted = this.#joinLink;
    if (admitted && greeting.ok && greeting.data.admission) {
      // Greeted with the join link: these credentials greet the sockets to come.
      this.#joinLink = null;
      this.#core.setCredentials(greeting.data.admission.credentials);
      admitted.admitted(greeting.data.admission);
    }
    const grace = greeting.ok ? greeting.data.resume_grace_ms : 0;
    this.#graceMs = grace > 0 ? grace : this.#graceMs;
    const helloSession = greeting.ok ? greeting.data.session_id : null;

    // A welcome for this very socket may be in already: its first join went behind the hello,
    // and both answers can come in one read. That participant is this socket's own (the welcome
    // names the session the hello did): nothing to resume.
    if (this.#joined && this.#sessionId && this.#sessionId !== helloSession) {
      try {
        replyOf('resume', await send('resume', { session_id: this.#sessionId }));
        // The server moves the participant onto this socket's session, the one hello named (the
        // resume reply carries only the participant id): the next drop resumes with it.
        this.#sessionId = helloSession ?? this.#sessionId;
        return { sessionId: this.#sessionId, resumed: true, resumeError: null };
      } catch (error) {
        const failure =
          error instanceof SignalingRequestError ? error : SignalingRequestError.client('network');
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

  /** What the connection itself must know from room events: whether there is a participant to resume. */
  #observe(event: ServerEvent): void {
    if (event.type === 'welcome') {
      this.#joined = true;
      this.#sessionId = event.session_id;
      this.#renewTimer ??= setInterval(() => void this.#renew(), this.#renewEveryMs);
    } else if (event.type === 'ended' || event.type === 'removed') {
      this.#joined = false;
      this.#stopRenewing();
    }
  }

  /** New credentials for the sockets to come; a failed renewal is tried again next time. */
  async #renew(): Promise<void> {
    if (!this.#joined || this.#core.state !== 'connected') return;
    try {
      const { credentials } = await this.request('renew_credentials', {});
      this.#core.setCredentials(credentials);
    } catch {
      // Dropped meanwhile, or the participant is gone: nothing to keep.
    }
  }

  #stopRenewing(): void {
    if (this.#renewTimer) clearInterval(this.#renewTimer);
    this.#renewTimer = null;
  }
}
