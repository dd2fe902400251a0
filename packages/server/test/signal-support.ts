import WebSocket from 'ws';
import { z } from 'zod';
import {
  PROTOCOL_VERSION,
  replySchemas,
  serverMessage,
  apiPaths,
  type ClientMessageInput,
  type ServerMessage,
  type ServerMessageOf,
  type ServerMessageType,
} from '@podium/protocol';
import type { GatewayOptions } from '../src/realtime/gateway.ts';
import type { ApiLike } from '../src/test-support/api.ts';
import type { StoreKind } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';

export {
  createEvent,
  joinTicket,
  socketCredentials,
  type ApiLike,
} from '../src/test-support/api.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type RequestInput = DistributiveOmit<ClientMessageInput, 'id' | 'v'>;
export type Answer = ServerMessageOf<'reply'> | ServerMessageOf<'error'>;

const DEFAULT_WAIT_MS = 5000;

/**
 * A signaling client over a real WebSocket, as a browser would use it. Every frame the server
 * sends is checked against the protocol's server schema; messages are kept in arrival order and
 * handed out once each by `next`.
 */
export class SignalClient {
  readonly ws: WebSocket;
  readonly received: ServerMessage[] = [];
  /** Frames that did not match the server schema (must stay empty). */
  readonly invalid: string[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  #consumed = new Set<number>();
  #waiters = new Set<() => void>();
  #seq = 0;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.#wake();
      });
    });
    ws.on('message', (data, isBinary) => {
      const text = data.toString();
      // Every server message is a JSON text frame (a browser gets a Blob for a binary one): fan-outs
      // send one encoded Buffer to many sockets, so a binary frame counts as invalid here.
      if (isBinary) {
        this.invalid.push(`binary frame: ${text}`);
        this.#wake();
        return;
      }
      const parsed = serverMessage.safeParse(JSON.parse(text));
      if (parsed.success) this.received.push(parsed.data as ServerMessage);
      else this.invalid.push(text);
      this.#wake();
    });
  }

  static connect(server: ApiLike): Promise<SignalClient> {
    const ws = new WebSocket(server.url.replace(/^http/, 'ws') + apiPaths.signal.socket);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new SignalClient(ws)));
      ws.once('error', reject);
    });
  }

  #wake(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  sendRaw(data: string | Buffer): void {
    this.ws.send(data);
  }

  /**
   * Sends a request and resolves with its reply or error. A reply's `data` must match the reply
   * schema the protocol names for the request, exactly (no missing, no extra fields): every
   * gateway test checks the server's replies against `replySchemas` this way.
   */
  async request(message: RequestInput, waitMs = DEFAULT_WAIT_MS): Promise<Answer> {
    this.#seq += 1;
    const id = `r${this.#seq}`;
    this.ws.send(JSON.stringify({ ...message, id }));
    const answer = (await this.next(
      (m) => (m.type === 'reply' || m.type === 'error') && m.id === id,
      waitMs,
    )) as Answer;
    if (answer.type === 'reply') {
      const schema = z.strictObject(replySchemas[message.type].shape);
      const checked = schema.safeParse(answer.data ?? {});
      if (!checked.success) {
        throw new Error(
          `${message.type} reply does not match its schema: ${JSON.stringify(answer.data)} — ${checked.error.message}`,
        );
      }
    }
    return answer;
  }

  /** Like request, but throws unless the answer is a reply. */
  async ok(message: RequestInput): Promise<Record<string, unknown>> {
    const answer = await this.request(message);
    if (answer.type !== 'reply') throw new Error(`${message.type} refused: ${answer.message}`);
    return answer.data ?? {};
  }

  /** The first not yet consumed message matching `match`, waiting for it if needed. */
  next(match: (m: ServerMessage) => boolean, waitMs = DEFAULT_WAIT_MS): Promise<ServerMessage> {
    return new Promise((resolve, reject) => {
      const look = (): boolean => {
        for (let i = 0; i < this.received.length; i++) {
          if (this.#consumed.has(i) || !match(this.received[i]!)) continue;
          this.#consumed.add(i);
          resolve(this.received[i]!);
          return true;
        }
        return false;
      };
      if (look()) return;
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`no matching message in ${waitMs} ms; got ${this.describe()}`));
      }, waitMs);
      const check = (): void => {
        if (!look()) return;
        clearTimeout(timer);
        this.#waiters.delete(check);
      };
      this.#waiters.add(check);
    });
  }

  nextOf<T extends ServerMessageType>(
    type: T,
    match: (m: ServerMessageOf<T>) => boolean = () => true,
    waitMs = DEFAULT_WAIT_MS,
  ): Promise<ServerMessageOf<T>> {
    return this.next((m) => m.type === type && match(m as ServerMessageOf<T>), waitMs) as Promise<
      ServerMessageOf<T>
    >;
  }

  /** Resolves once `done()` holds or the socket closed; rejects after `waitMs`. */
  until(done: () => boolean, waitMs = DEFAULT_WAIT_MS): Promise<void> {
    return new Promise((resolve, reject) => {
      const finished = (): boolean => done() || this.ws.readyState === WebSocket.CLOSED;
      if (finished()) return resolve();
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`condition not met in ${waitMs} ms; got ${this.describe()}`));
      }, waitMs);
      const check = (): void => {
        if (!finished()) return;
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve();
      };
      this.#waiters.add(check);
    });
  }

  /** Replies and errors received so far. */
  get answers(): number {
    let n = 0;
    for (const m of this.received) if (m.type === 'reply' || m.type === 'error') n += 1;
    return n;
  }

  /** Every message of a type received so far (consumed or not). */
  all<T extends ServerMessageType>(type: T): ServerMessageOf<T>[] {
    return this.received.filter((m) => m.type === type) as ServerMessageOf<T>[];
  }

  describe(): string {
    return this.received.map((m) => m.type).join(',');
  }

  close(): void {
    this.ws.close();
  }
}

export interface Joined {
  client: SignalClient;
  participantId: string;
  sessionId: string;
  welcome: ServerMessageOf<'welcome'>;
}

/** Opens a socket and greets with the credentials. */
export async function greet(server: ApiLike, credentials: string): Promise<SignalClient> {
  const client = await SignalClient.connect(server);
  await client.ok({ type: 'hello', protocol_version: PROTOCOL_VERSION, credentials });
  return client;
}

/** Greets and joins; waits for the welcome (the room must let the joiner straight in). */
export async function joinRoom(server: ApiLike, credentials: string): Promise<Joined> {
  const client = await greet(server, credentials);
  const data = await client.ok({ type: 'join', has_mic: true, has_camera: true });
  const welcome = await client.nextOf('welcome');
  return {
    client,
    participantId: data.participant_id as string,
    sessionId: welcome.session_id,
    welcome,
  };
}

/** Resolves after `ms`. */
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A test server whose signaling socket has these options (a media backend, a short grace period). */
export function startSignalServer(kind: StoreKind, signaling: GatewayOptions): Promise<TestServer> {
  return startTestServer(kind, {}, { signaling });
}
