import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import WebSocket, { type RawData } from 'ws';
import {
  PROTOCOL_VERSION,
  errorMessage,
  isFeatureRequest,
  isRoomRequest,
  parseClientFrame,
  type AdmissionRefusal,
  type ClientMessage,
  type ClientMessageOf,
  type HelloAdmission,
  type HelloJoinLink,
  type ServerMessage,
  type SignalingErrorCode,
  type SignalingMessageKey,
} from '@podium/protocol';
import { assertNever, roomError, type RoomError } from '../rooms/index.ts';
import { admissionRefusal } from '../services/events/admit-call.ts';
import type { AccountChannel } from '../services/account-channel.ts';
import type {
  OpenedAccountCredentials,
  OpenedCredentials,
  SocketCredentials,
} from '../services/signal-auth/index.ts';
import { SlidingWindow, TokenBucket } from './rate.ts';
import {
  RoomClosedError,
  type Answer,
  type MediaRequest,
  type Outcome,
  type Peer,
  type ReleaseReason,
  type RoomHost,
} from './room-host.ts';
import { RoomElsewhereError, RoomUnavailableError, type RoomRegistry } from './room-registry.ts';
import { SerialQueue } from '../shared/serial-queue.ts';
import { WireFrame } from './wire-frame.ts';
import type { NodeLink, NodeLinkHandlers } from './node-link.ts';
import { LEASE_MS } from '../cluster/leases.ts';
import { randomToken } from '../shared/random-token.ts';

/** Close codes of the signaling socket (also listed in realtime/README.md). */
export const CLOSE_CODES = {
  /** The room ended, or the server closed the socket on purpose. */
  normal: 1000,
  /** The server is shutting down. */
  goingAway: 1001,
  /** Repeated bad or excessive messages. */
  policy: 1008,
  /** `hello` named another protocol version: reload the app. */
  protocolMismatch: 4000,
  /** The credentials in `hello` were refused: ask `POST /member/v1/auth` again. */
  unauthorized: 4001,
  /** The session was resumed on another socket. */
  takenOver: 4002,
  /** No `hello` in time. */
  helloTimeout: 4003,
  /**
   * Another node runs the room now, or its owner node went away (issue 16): reconnect (the
   * browser's resume, refused by a room that restarted, joins anew with the same credentials).
   */
  moved: 1012,
} as const;

export interface GatewayLimits {
  /** Bad frames tolerated in `badFrameWindowMs`; one more closes the socket with 1008. */
  maxBadFrames: number;
  badFrameWindowMs: number;
  /** Sustained messages per second one socket may send, and the burst above it. */
  messagesPerSecond: number;
  messageBurst: number;
  /** Requests of one socket waiting for their turn, and media requests the media server has. */
  maxQueued: number;
  helloTimeoutMs: number;
  /** Server pings this often; a socket that missed the previous pong is dropped. */
  heartbeatMs: number;
  /** A socket with more unsent data than this is cut off (it cannot keep up). */
  maxBufferedBytes: number;
}

export const DEFAULT_GATEWAY_LIMITS: GatewayLimits = {
  maxBadFrames: 20,
  badFrameWindowMs: 10_000,
  messagesPerSecond: 50,
  messageBurst: 100,
  maxQueued: 64,
  helloTimeoutMs: 10_000,
  // A dead link is found 4-8 s after it died; with the room's 10 s grace (DEFAULT_GRACE_MS)
  // others see a vanished participant leave within 20 s (issue 17). A ping is a few bytes.
  heartbeatMs: 4_000,
  maxBufferedBytes: 8 * 1024 * 1024,
};

export interface ConnectionDeps {
  registry: RoomRegistry;
  openCredentials(token: string): Promise<OpenedCredentials>;
  /** Account-scope credentials (the account channel); without it only rooms can be greeted. */
  openAccountCredentials?(token: string): Promise<OpenedAccountCredentials>;
  /** The same credentials with a new expiry (`renew_credentials`); absent: refused. */
  renewCredentials?(
    credentials: SocketCredentials,
  ): Promise<{ credentials: string; expires_at: string }>;
  accountChannel?: AccountChannel;
  /**
   * `hello {join_link}`: the join link admitted as verify-call admits it (services/events/
   * admit-call.ts), with this socket's credentials; absent: such a hello is refused.
   */
  admitJoinLink?(link: HelloJoinLink): Promise<{ admission: HelloAdmission; credentials: string }>;
  log: Logger;
  /** What this socket's log lines carry besides `log`'s own (the upgrade request's id). */
  logBindings?: Readonly<Record<string, string>>;
  /**
   * The TCP socket under the WebSocket (the upgrade request's), corked while one request's
   * answer and the events it causes are written, so they leave in one write, not one each.
   */
  socket?: Socket;
  limits: GatewayLimits;
  graceMs: number;
  now: () => number;
  onClosed(connection: Connection): void;
  /**
   * Cluster (issue 16): where the room of a greeting runs when another node runs it (null: here).
   * Absent with REDIS_URL unset, and for a socket that came over a node link (never linked on).
   */
  route?(roomId: string): Promise<{ url: string } | null>;
  /** Opens the link to the owner node at `url` for this client (realtime/node-link.ts). */
  openLink?(url: string, handlers: NodeLinkHandlers): NodeLink;
}

/**
 * `account`: greeted with account credentials; the socket only receives the account's pushes.
 * `linked`: the room runs on another node; frames go both ways over the node link unchanged.
 */
type Phase = 'greeting' | 'ready' | 'joined' | 'account' | 'linked' | 'closed';

/**
 * Close codes of the owner's end of a link that the client must see as they are (they say what
 * to do: give up, get new credentials, …); any other close (the owner node went away or shut
 * down) tells the client to reconnect (`moved`).
 */
const FORWARDED_CLOSE_CODES: ReadonlySet<number> = new Set([
  CLOSE_CODES.normal,
  CLOSE_CODES.policy,
  CLOSE_CODES.protocolMismatch,
  CLOSE_CODES.unauthorized,
  CLOSE_CODES.takenOver,
  CLOSE_CODES.helloTimeout,
]);

/** Error codes that mean the client broke the protocol (they count towards the 1008 close). */
const STRIKES: ReadonlySet<SignalingErrorCode> = new Set([
  'bad_message',
  'message_too_large',
  'rate_limited',
  'unauthorized',
]);

const OK: Outcome = { ok: true };
const fail = (code: SignalingErrorCode, key: SignalingMessageKey): Outcome => ({
  ok: false,
  error: roomError(code, key),
});
const NOT_JOINED = fail('not_joined', 'room.not_in_room');
/** What `#handle` returns for a request whose reply comes after its turn in the queue. */
const ANSWERED_LATER = Symbol('answered later');

/** A refused `hello {join_link}`: the error, and what verify-call would have answered. */
type Refused = {
  readonly ok: false;
  readonly error: RoomError;
  readonly refusal: AdmissionRefusal;
};

/** An answer given at most once, which says whether it was given and runs work after it. */
interface AnswerState {
  answered: boolean;
  afterAnswer(then: () => void): void;
}
type TrackedAnswer = ((outcome: Outcome | Refused) => void) & Readonly<AnswerState>;

/** The socket's error for a refused admission; the page reads `refusal`. */
function refused(refusal: AdmissionRefusal, message: string): Refused {
  const [code, key]: [SignalingErrorCode, SignalingMessageKey] =
    refusal.status === 429
      ? ['rate_limited', 'errors.too_many']
      : refusal.status === 410
        ? ['room_ended', 'room.ended']
        : ['not_allowed', 'errors.permission'];
  return { ok: false, error: { code, key, message }, refusal };
}

/**
 * How long a greeting waits for an unreachable owner node (until its lease expired and a node
 * here may take the room), and how often it asks again.
 */
const ROUTE_PATIENCE_MS = LEASE_MS + 1_500;
const ROUTE_RETRY_MS = 500;

/** Every server message is JSON text; `ws` copies its options, so one object serves all sends. */
const TEXT = { binary: false } as const;

/**
 * Flushes the one connection whose TCP socket is corked (Connection#cork), if any; it runs before
 * any other connection writes, so corking never reorders messages between sockets.
 */
let flushCorked: (() => void) | null = null;

const newSessionId = (): string => randomToken(16);

/**
 * The owner node's reply to a linked hello, given the admission this node made of its join link
 * (the owner only saw the credentials); null for any other frame.
 */
function withAdmission(
  frame: string,
  admitted: { id: string; admission: HelloAdmission },
): string | null {
  if (!frame.includes(admitted.id)) return null;
  let message: unknown;
  try {
    message = JSON.parse(frame);
  } catch {
    return null;
  }
  const reply = message as { type?: unknown; id?: unknown; data?: Record<string, unknown> };
  if (reply.type !== 'reply' || reply.id !== admitted.id) return null;
  return JSON.stringify({ ...reply, data: { ...reply.data, admission: admitted.admission } });
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/**
 * One signaling socket: greets (protocol version, credentials), then joins or resumes a room and
 * relays requests to its RoomHost. Frames are handled one at a time in arrival order; every
 * request gets exactly one `reply` or `error` with its id. Nothing a client sends can throw out
 * of here: bad frames get an error, and repeated abuse closes the socket with 1008.
 */
export class Connection implements Peer {
  readonly #ws: WebSocket;
  readonly #deps: ConnectionDeps;
  readonly #queue = new SerialQueue();
  readonly #strikes: SlidingWindow;
  readonly #bucket: TokenBucket;
  /**
   * Child loggers are built when something is logged, not per socket, hello and join: three
   * pino children per join were a measurable part of a join's CPU (issue 11 item 5).
   */
  #logBindings: Readonly<Record<string, string>>;
  #logger: Logger | null = null;
  #phase: Phase = 'greeting';
  #closing = false;
  #sessionId = newSessionId();
  #credentials: SocketCredentials | null = null;
  #expired = false;
  #binding: { host: RoomHost; participantId: string } | null = null;
  #alive = true;
  #helloTimer: NodeJS.Timeout | null;
  #leaveAccountChannel: (() => void) | null = null;
  #link: NodeLink | null = null;
  /** Media requests handed to the media room and not yet answered (they count as queued). */
  #mediaInFlight = 0;

  /** A method, not a narrowed field read: the phase changes across awaits. */
  get #linked(): boolean {
    return this.#phase === 'linked';
  }

  constructor(ws: WebSocket, deps: ConnectionDeps) {
    this.#ws = ws;
    this.#deps = deps;
    this.#logBindings = deps.logBindings ?? {};
    this.#strikes = new SlidingWindow(deps.limits.badFrameWindowMs);
    this.#bucket = new TokenBucket(
      deps.limits.messageBurst,
      deps.limits.messagesPerSecond,
      deps.now(),
    );
    ws.on('message', (data: RawData, isBinary: boolean) => this.#onFrame(data, isBinary));
    ws.on('close', () => this.#onClose());
    ws.on('error', (error: Error) => this.#log.debug({ err: error }, 'socket error'));
    ws.on('pong', () => {
      this.#alive = true;
    });
    this.#helloTimer = setTimeout(() => {
      if (this.#phase === 'greeting') this.#close(CLOSE_CODES.helloTimeout, 'hello timeout');
    }, deps.limits.helloTimeoutMs);
    this.#helloTimer.unref();
  }

  get #log(): Logger {
    this.#logger ??= this.#deps.log.child(this.#logBindings);
    return this.#logger;
  }

  #logWith(bindings: Readonly<Record<string, string>>): void {
    this.#logBindings = { ...this.#logBindings, ...bindings };
    this.#logger = null;
  }

  /**
   * Holds this socket's writes until the current turn is over, or until another socket writes:
   * a join's reply, welcome and what the features send a joiner (chat history, recording
   * state, …) go out in one write.
   */
  #cork(): void {
    const socket = this.#deps.socket;
    if (!socket || flushCorked === this.#uncorkSoon) return;
    if (flushCorked !== null) flushCorked();
    flushCorked = this.#uncorkSoon;
    socket.cork();
    process.nextTick(this.#uncorkSoon);
  }

  /** Uncorks this socket if it is the corked one (one function per connection: its identity). */
  readonly #uncorkSoon = (): void => {
    if (flushCorked !== this.#uncorkSoon) return;
    flushCorked = null;
    this.#deps.socket?.uncork();
  };

  // ---------------------------------------------------------------------------------------------
  // Peer (called by the room)

  send(frame: string | WireFrame): void {
    const ws = this.#ws;
    if (ws.readyState !== WebSocket.OPEN) return;
    // Messages leave in the order they were sent, across sockets too: a joiner's welcome before
    // the host hears of the join.
    if (flushCorked !== null && flushCorked !== this.#uncorkSoon) flushCorked();
    if (ws.bufferedAmount > this.#deps.limits.maxBufferedBytes) {
      // A client this far behind would only fall further; it resumes after reconnecting.
      this.#log.warn({ buffered: ws.bufferedAmount }, 'slow socket cut off');
      ws.terminate();
      return;
    }
    try {
      const socket = this.#deps.socket;
      if (socket && ws.extensions === '') {
        // The frame is complete (no extension such as compression transforms it), so it goes
        // to the TCP socket as is, behind whatever ws wrote before it, in order; a text for
        // this socket alone is framed here too (one buffer and one write; ws writes two).
        socket.write((typeof frame === 'string' ? new WireFrame(frame) : frame).frame);
      } else {
        ws.send(typeof frame === 'string' ? frame : frame.payload, TEXT);
      }
    } catch (error) {
      this.#log.debug({ err: error }, 'send failed');
    }
  }

  released(reason: ReleaseReason): void {
    this.#binding = null;
    if (this.#phase === 'joined') this.#phase = 'ready';
    this.#sessionId = newSessionId();
    if (reason === 'ended') this.#close(CLOSE_CODES.normal, 'ended');
    else if (reason === 'taken_over') this.#close(CLOSE_CODES.takenOver, 'resumed elsewhere');
    else if (reason === 'moved') this.#close(CLOSE_CODES.moved, 'room moved');
  }

  // ---------------------------------------------------------------------------------------------
  // Gateway

  /**
   * Called on every heartbeat tick: drops a socket that did not answer the previous ping,
   * unless `judge` is false (this process stalled since that ping: the answer may be unread).
   */
  heartbeat(judge = true): void {
    if (this.#phase === 'closed') return;
    this.#link?.heartbeat(judge);
    if (!this.#alive && judge) {
      this.#log.debug('heartbeat missed; socket dropped');
      this.#ws.terminate();
      return;
    }
    this.#alive = false;
    try {
      this.#ws.ping();
    } catch {
      // Not open any more: the close event follows.
    }
  }

  /** Server shutdown. */
  shutdown(): void {
    this.#close(CLOSE_CODES.goingAway, 'server shutting down');
  }

  // ---------------------------------------------------------------------------------------------
  // Incoming frames

  #onFrame(data: RawData, isBinary: boolean): void {
    try {
      if (this.#phase === 'closed' || this.#closing) return;
      if (this.#phase === 'linked') {
        // Behind the frames still queued from before the link, so the owner gets them in order.
        const text = textOf(data);
        void this.#queue.run(() => Promise.resolve(this.#link?.send(text)));
        return;
      }
      if (isBinary) {
        this.#sendError(null, roomError('bad_message', 'errors.bad_message'));
        return;
      }
      const text = textOf(data);
      const parsed = parseClientFrame(text);
      if (!parsed.ok) {
        this.#sendError(parsed.error.id, parsed.error);
        return;
      }
      const message = parsed.message;
      const { limits, now } = this.#deps;
      if (!this.#bucket.take(now()) || this.#queue.size + this.#mediaInFlight >= limits.maxQueued) {
        this.#sendError(message.id, roomError('rate_limited', 'errors.too_many'));
        return;
      }
      const answer = this.#answerFor(message);
      this.#queue
        .run(async () => {
          if (this.#phase === 'linked') {
            this.#link?.send(text);
            return;
          }
          const handled = await this.#handle(message, answer, text);
          // A hello that linked this socket is answered by the owner node.
          if (handled !== ANSWERED_LATER && !answer.answered && !this.#linked) {
            this.#log.error({ type: message.type }, 'request left without an answer');
            answer(fail('internal', 'errors.internal'));
          }
        })
        .catch((error: unknown) => {
          if (error instanceof RoomClosedError) {
            answer(fail('room_ended', 'room.ended'));
            return;
          }
          this.#log.error({ err: error, type: message.type }, 'request failed');
          answer(fail('internal', 'errors.internal'));
        });
    } catch (error) {
      this.#log.error({ err: error }, 'frame handling failed');
    }
  }

  #answerFor(message: ClientMessage): TrackedAnswer {
    const afterwards: (() => void)[] = [];
    // Plain properties on the function, not getters (defineProperties): three requests a join
    // pass here, and a getter per request was ~1.4 % of a join's CPU (issue 11 item 5).
    // Only this function marks the request answered; the rest of the socket reads it.
    const answer: ((outcome: Outcome | Refused) => void) & AnswerState = Object.assign(
      (outcome: Outcome | Refused): void => {
        if (answer.answered) return;
        answer.answered = true;
        this.#cork();
        if (outcome.ok) {
          this.#sendMessage({
            type: 'reply',
            id: message.id,
            ok: true,
            ...(outcome.data ? { data: { ...outcome.data } } : {}),
          });
        } else {
          this.#sendError(
            message.id,
            'refusal' in outcome ? { ...outcome.error, refusal: outcome.refusal } : outcome.error,
          );
        }
        for (const then of afterwards) then();
      },
      {
        answered: false,
        afterAnswer: (then: () => void) => {
          if (answer.answered) then();
          else afterwards.push(then);
        },
      },
    );
    return answer;
  }

  #sendMessage(message: ServerMessage): void {
    this.send(JSON.stringify(message));
  }

  #sendError(
    id: string | null,
    error: {
      code: SignalingErrorCode;
      key: SignalingMessageKey;
      message?: string;
      refusal?: AdmissionRefusal;
    },
  ): void {
    const message = errorMessage(id, error);
    // The protocol caps error texts; a validation path built from client input must not break it.
    this.#sendMessage({ ...message, message: message.message.slice(0, 500) });
    if (STRIKES.has(error.code)) this.#strike();
  }

  #strike(): void {
    const count = this.#strikes.add(this.#deps.now());
    if (count >= this.#deps.limits.maxBadFrames && !this.#closing) {
      this.#log.info({ count }, 'too many bad messages; socket closed');
      this.#close(CLOSE_CODES.policy, 'too many bad messages');
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Requests

  async #handle(
    message: ClientMessage,
    answer: TrackedAnswer,
    text: string,
  ): Promise<void | typeof ANSWERED_LATER> {
    if (this.#closing || this.#phase === 'closed') return answer(NOT_JOINED);
    if (message.type === 'heartbeat') return answer(OK);
    if (message.type === 'hello') return this.#hello(message, answer, text);
    if (this.#phase === 'greeting') return answer(fail('unauthorized', 'errors.unauthorized'));
    // SECURITY: an account-channel socket holds no room credentials: nothing room-related.
    if (this.#phase === 'account') return answer(fail('not_allowed', 'errors.permission'));
    if (isRoomRequest(message)) {
      const bound = this.#binding;
      if (!bound) return answer(NOT_JOINED);
      return bound.host.request(bound.participantId, message, answer);
    }
    // In-call features answer these themselves (realtime/features/index.ts, FEATURE_REQUESTS).
    if (isFeatureRequest(message)) {
      const bound = this.#binding;
      if (!bound) return answer(NOT_JOINED);
      return bound.host.featureRequest(bound.participantId, message, answer);
    }
    switch (message.type) {
      case 'join':
        return this.#join(message, answer);
      case 'resume':
        return this.#resume(message, answer);
      case 'renew_credentials': {
        // SECURITY: only for a participant in the room now, never the recorder
        // (SignalAuthService.renew): someone removed or blocked is unbound and gets nothing.
        const credentials = this.#credentials;
        const renew = this.#deps.renewCredentials;
        if (!this.#binding || !credentials || !renew || credentials.recorder) {
          return answer(NOT_JOINED);
        }
        return answer({ ok: true, data: await renew(credentials) });
      }
      case 'publish_offer':
      case 'unpublish':
      case 'subscribe':
      case 'receive_video':
      case 'receive_layer':
      case 'send_layer':
      case 'answer':
      case 'trickle':
      case 'ice_restart': {
        const bound = this.#binding;
        if (!bound) return answer(NOT_JOINED);
        return this.#media(bound.host, bound.participantId, message, answer);
      }
      default:
        return assertNever(message, 'client message');
    }
  }

  /**
   * SDP and ICE leave this socket's queue once the room has checked them and the media room has
   * them in its own per-connection order: the requests behind (the subscriber's `answer`, a
   * layer change) no longer wait for Janus's round trips, which held a join's subscription up
   * (issue 11 item 3). The reply follows when the media server answers.
   */
  async #media(
    host: RoomHost,
    participantId: string,
    message: MediaRequest,
    answer: TrackedAnswer,
  ): Promise<typeof ANSWERED_LATER> {
    // Counted until answered: by the media room, or by the queue's handler should the hand-over
    // throw (the room closed under it).
    this.#mediaInFlight += 1;
    answer.afterAnswer(() => {
      this.#mediaInFlight -= 1;
    });
    await host.media(participantId, message, answer);
    return ANSWERED_LATER;
  }

  async #hello(
    message: ClientMessageOf<'hello'>,
    answer: TrackedAnswer,
    text: string,
  ): Promise<void> {
    if (this.#phase !== 'greeting') {
      return answer({
        ok: false,
        error: { ...roomError('conflict', 'errors.bad_message'), message: 'Already greeted' },
      });
    }
    if (message.protocol_version !== PROTOCOL_VERSION) {
      answer(fail('protocol_mismatch', 'errors.protocol_version'));
      this.#close(CLOSE_CODES.protocolMismatch, 'protocol mismatch');
      return;
    }
    let credentials = message.credentials ?? '';
    let admission: HelloAdmission | undefined;
    if (message.join_link) {
      const admitted = await this.#admit(message.join_link);
      if (this.#phase !== 'greeting' || this.#closing) return answer(NOT_JOINED);
      if (!admitted.ok) return answer(admitted.refused);
      ({ admission, credentials } = admitted);
    }
    const opened = await this.#deps.openCredentials(credentials);
    if (this.#phase !== 'greeting' || this.#closing) return answer(NOT_JOINED);
    if (
      !opened.ok &&
      !admission &&
      this.#deps.openAccountCredentials &&
      this.#deps.accountChannel
    ) {
      const account = await this.#deps.openAccountCredentials(credentials);
      if (this.#phase !== 'greeting' || this.#closing) return answer(NOT_JOINED);
      // Nothing to resume on the account channel, so expired credentials are simply refused.
      if (account.ok && !account.expired) {
        return this.#greetAccount(account.credentials.accountId, this.#deps.accountChannel, answer);
      }
    }
    if (!opened.ok) {
      answer(fail('unauthorized', 'errors.unauthorized'));
      this.#close(CLOSE_CODES.unauthorized, 'credentials refused');
      return;
    }
    // SECURITY: only authentic room credentials open a link, so a stranger cannot make this
    // node open sockets to the others; the owner checks the credentials again. An admitted
    // join link reaches the owner as the credentials it was given (admitted here, once), and
    // the owner's answer is given the admission on its way back.
    const routed = await this.#route(
      opened.credentials.roomId,
      admission ? JSON.stringify({ ...message, join_link: undefined, credentials }) : text,
      admission && { id: message.id, admission },
    );
    if (routed === 'linked') return;
    if (this.#phase !== 'greeting' || this.#closing) return answer(NOT_JOINED);
    if (routed === 'unreachable') {
      this.#close(CLOSE_CODES.moved, 'room node unreachable');
      return answer(NOT_JOINED);
    }
    this.#credentials = opened.credentials;
    this.#expired = opened.expired;
    this.#phase = 'ready';
    if (this.#helloTimer) clearTimeout(this.#helloTimer);
    this.#helloTimer = null;
    this.#logWith({ roomId: opened.credentials.roomId });
    answer({
      ok: true,
      data: {
        session_id: this.#sessionId,
        protocol_version: PROTOCOL_VERSION,
        resume_grace_ms: this.#deps.graceMs,
        ...(admission ? { admission } : {}),
      },
    });
  }

  /**
   * `hello {join_link}`: admitted (the credentials to greet with), or refused as verify-call
   * would refuse it — the same status, code, key, field messages and Retry-After in `refusal`,
   * so the pre-join page shows the same message either way. The socket stays unGreeted, so the
   * page may try again on it (another passcode).
   */
  async #admit(
    link: HelloJoinLink,
  ): Promise<
    | { ok: true; admission: HelloAdmission; credentials: string }
    | { ok: false; refused: Outcome | Refused }
  > {
    const admit = this.#deps.admitJoinLink;
    if (!admit) return { ok: false, refused: fail('unauthorized', 'errors.unauthorized') };
    try {
      return { ok: true, ...(await admit(link)) };
    } catch (error) {
      const refusal = admissionRefusal(error);
      if (!refusal || !(error instanceof Error)) {
        this.#log.error({ err: error }, 'join link admission failed');
        return { ok: false, refused: fail('internal', 'errors.internal') };
      }
      return { ok: false, refused: refused(refusal, error.message) };
    }
  }

  /**
   * Cluster: where this greeting's room runs. `local`: here (or nobody runs it: the join takes
   * it). `linked`: the socket is carried to the owner node from now on (the owner answers the
   * hello). An owner that cannot be reached (it died, and its lease has not expired yet) is asked
   * again every half second for up to a lease's length, so the client's hello is answered as soon
   * as a node can take the room over instead of after the client's own backoff; `unreachable`
   * when that runs out.
   */
  async #route(
    roomId: string,
    hello: string,
    admitted?: { id: string; admission: HelloAdmission },
  ): Promise<'local' | 'linked' | 'unreachable'> {
    const { route, openLink } = this.#deps;
    if (!route || !openLink) return 'local';
    const deadline = this.#deps.now() + ROUTE_PATIENCE_MS;
    for (;;) {
      const remote = await route(roomId);
      if (!remote) return 'local';
      if (this.#phase !== 'greeting' || this.#closing) return 'unreachable';
      let admission = admitted;
      const link: NodeLink = openLink(remote.url, {
        message: (frame) => {
          const with_ = admission && withAdmission(frame, admission);
          if (with_) admission = undefined;
          this.send(with_ ?? frame);
        },
        closed: (code) => {
          if (this.#link !== link) return;
          this.#link = null;
          if (FORWARDED_CLOSE_CODES.has(code)) this.#close(code, 'closed by the room');
          else this.#close(CLOSE_CODES.moved, 'room node went away');
        },
      });
      if (await link.ready) {
        if (this.#phase !== 'greeting' || this.#closing) {
          link.close();
          return 'unreachable';
        }
        this.#phase = 'linked';
        if (this.#helloTimer) clearTimeout(this.#helloTimer);
        this.#helloTimer = null;
        this.#logWith({ linkedTo: remote.url });
        this.#link = link;
        link.send(hello);
        return 'linked';
      }
      if (this.#deps.now() >= deadline) return 'unreachable';
      await new Promise((resolve) => setTimeout(resolve, ROUTE_RETRY_MS));
    }
  }

  #greetAccount(accountId: string, channel: AccountChannel, answer: Answer): void {
    this.#phase = 'account';
    if (this.#helloTimer) clearTimeout(this.#helloTimer);
    this.#helloTimer = null;
    this.#logWith({ accountId });
    // The reply goes out before anything pushed, so the client knows the greeting worked first.
    answer({
      ok: true,
      data: {
        session_id: this.#sessionId,
        protocol_version: PROTOCOL_VERSION,
        resume_grace_ms: this.#deps.graceMs,
      },
    });
    this.#leaveAccountChannel = channel.add(accountId, this);
  }

  async #join(message: ClientMessageOf<'join'>, answer: Answer): Promise<void> {
    const credentials = this.#credentials;
    if (!credentials) return answer(fail('unauthorized', 'errors.unauthorized'));
    if (this.#binding) return answer(fail('already_joined', 'room.already_joined'));
    // Joining anew needs fresh credentials; resuming does not (the session id proves it).
    if (this.#expired) return answer(fail('session_expired', 'room.session_expired'));
    for (let attempt = 0; ; attempt++) {
      let host: RoomHost;
      try {
        host = await this.#deps.registry.acquire(credentials.roomId);
      } catch (error) {
        if (error instanceof RoomUnavailableError) return answer(fail('room_ended', 'room.ended'));
        if (error instanceof RoomElsewhereError) {
          // Another node took the room since this socket's hello: reconnect, and be linked there.
          this.#close(CLOSE_CODES.moved, 'room runs on another node');
          return answer(fail('internal', 'errors.internal'));
        }
        throw error;
      }
      try {
        const id = await host.join(
          this,
          {
            sessionId: this.#sessionId,
            identity: credentials.identity,
            name: credentials.name,
            ticketRole: credentials.ticketRole,
            hasMic: message.has_mic,
            hasCamera: message.has_camera,
            ...(credentials.recorder ? { recorder: true } : {}),
          },
          answer,
        );
        if (id) this.#bind(host, id);
        return;
      } catch (error) {
        // The room closed (it had emptied) between acquiring and joining: open it afresh.
        if (error instanceof RoomClosedError && attempt === 0) continue;
        throw error;
      }
    }
  }

  async #resume(message: ClientMessageOf<'resume'>, answer: Answer): Promise<void> {
    const credentials = this.#credentials;
    if (!credentials) return answer(fail('unauthorized', 'errors.unauthorized'));
    if (this.#binding) return answer(fail('already_joined', 'room.already_joined'));
    const expired = fail('session_expired', 'room.session_expired');
    const pending = this.#deps.registry.find(credentials.roomId);
    if (!pending) return answer(expired);
    try {
      const host = await pending;
      const id = await host.resume(
        this,
        {
          sessionId: message.session_id,
          newSessionId: this.#sessionId,
          identity: credentials.identity,
        },
        answer,
      );
      if (id) this.#bind(host, id);
    } catch (error) {
      if (error instanceof RoomClosedError || error instanceof RoomUnavailableError) {
        return answer(expired);
      }
      throw error;
    }
  }

  #bind(host: RoomHost, participantId: string): void {
    if (this.#phase === 'closed') {
      // The socket went away while the room was letting it in: that is a dropped connection.
      this.#disconnect(host, participantId);
      return;
    }
    this.#binding = { host, participantId };
    this.#phase = 'joined';
    this.#logWith({ peerId: participantId });
  }

  #disconnect(host: RoomHost, participantId: string): void {
    host.disconnect(participantId, this).catch((error: unknown) => {
      if (!(error instanceof RoomClosedError)) {
        this.#log.error({ err: error }, 'disconnect failed');
      }
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Closing

  #close(code: number, reason: string): void {
    if (this.#closing || this.#phase === 'closed') return;
    this.#closing = true;
    try {
      this.#ws.close(code, reason);
    } catch {
      this.#ws.terminate();
    }
  }

  #onClose(): void {
    if (this.#phase === 'closed') return;
    this.#phase = 'closed';
    if (this.#helloTimer) clearTimeout(this.#helloTimer);
    this.#helloTimer = null;
    const bound = this.#binding;
    this.#binding = null;
    if (bound) this.#disconnect(bound.host, bound.participantId);
    this.#leaveAccountChannel?.();
    this.#leaveAccountChannel = null;
    this.#link?.close();
    this.#link = null;
    this.#deps.onClosed(this);
  }
}
