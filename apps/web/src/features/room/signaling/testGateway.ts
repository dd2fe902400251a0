import { WebSocket as WsClient, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { PROTOCOL_VERSION, type ParticipantView, type ServerEvent } from '@podium/protocol';

/**
 * Test support (not shipped): a small gateway on a real loopback socket: enough of the server's side of the protocol to
 * drive the client (hello, join → welcome, resume, heartbeats, errors with i18n keys). The
 * client side is the `ws` package's WebSocket, which implements the browser's WebSocket API
 * (addEventListener, MessageEvent.data as text, CloseEvent.code); jsdom's own WebSocket mixes
 * Node's and jsdom's Event classes and cannot dispatch.
 */
export const browserLikeSocket = (url: string) =>
  // The cast only bridges the DOM typings: ws implements the WebSocket interface the client uses.
  new WsClient(url) as unknown as WebSocket;
export interface Frame {
  id: string;
  type: string;
  v?: number;
  [key: string]: unknown;
}

export interface Answers {
  reply: (data?: Record<string, unknown>) => void;
  error: (code: string, key: string) => void;
}

export const SELF: ParticipantView = {
  id: 'p1',
  name: 'Ann',
  role: 'host',
  guest: false,
  state: 'connected',
  audio: false,
  video: false,
  screen: false,
  hand_raised_at: null,
  invisible: false,
  interpreter_channel: null,
  can_publish: { audio: true, video: true, screen: true },
};

export class Gateway {
  readonly frames: Frame[] = [];
  readonly sockets = new Set<ServerSocket>();
  /** Sessions that can still be resumed. */
  readonly sessions = new Set<string>();
  credentials = 'cred-1';
  graceMs = 5_000;
  helloError: { code: string; key: string } | null = null;
  /** Requests of these types get no answer at all. */
  readonly silent = new Set<string>();
  /** Custom answers by request type; they replace the built-in ones. */
  readonly handlers = new Map<
    string,
    (frame: Frame, socket: ServerSocket, answer: Answers) => void
  >();
  #server: WebSocketServer;
  #sessionCount = 0;
  readonly #helloSession = new Map<ServerSocket, string>();

  private constructor(server: WebSocketServer) {
    this.#server = server;
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('message', (data) => this.#onFrame(socket, String(data)));
    });
  }

  static async start(): Promise<Gateway> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    return new Gateway(server);
  }

  welcome(sessionId: string, participants: ParticipantView[] = [SELF]): ServerEvent {
    return {
      type: 'welcome',
      session_id: sessionId,
      participant: SELF,
      room: {
        mode: 'meeting',
        locked: false,
        waiting_room: false,
        pinned: null,
        participants,
        waiting: [],
      },
    };
  }

  /** The session id this socket's hello got. */
  sessionOf(socket: ServerSocket): string {
    return this.#helloSession.get(socket) ?? 'none';
  }

  get url(): string {
    const address = this.#server.address();
    if (typeof address === 'string' || !address) throw new Error('no address');
    return `ws://127.0.0.1:${address.port}/socket/member/v1`;
  }

  of(type: string): Frame[] {
    return this.frames.filter((f) => f.type === type);
  }

  send(socket: ServerSocket, message: unknown): void {
    socket.send(JSON.stringify(message));
  }

  broadcast(message: ServerEvent): void {
    for (const socket of this.sockets) this.send(socket, message);
  }

  /** Cuts every connection without a closing handshake, like a lost network. */
  dropAll(): void {
    for (const socket of this.sockets) socket.terminate();
  }

  #onFrame(socket: ServerSocket, text: string): void {
    const frame = JSON.parse(text) as Frame;
    this.frames.push(frame);
    if (this.silent.has(frame.type)) return;
    const reply = (data: Record<string, unknown> = {}) =>
      this.send(socket, { type: 'reply', id: frame.id, ok: true, data });
    const error = (code: string, key: string) =>
      this.send(socket, { type: 'error', id: frame.id, code, key, message: key });
    const custom = this.handlers.get(frame.type);
    if (custom) return custom(frame, socket, { reply, error });
    switch (frame.type) {
      case 'hello':
        if (this.helloError) return error(this.helloError.code, this.helloError.key);
        if (frame.protocol_version !== PROTOCOL_VERSION) {
          return error('protocol_mismatch', 'errors.protocol_version');
        }
        if (frame.credentials !== this.credentials) {
          return error('unauthorized', 'errors.unauthorized');
        }
        this.#helloSession.set(socket, `hello-${++this.#sessionCount}`);
        return reply({
          session_id: this.#helloSession.get(socket),
          protocol_version: PROTOCOL_VERSION,
          resume_grace_ms: this.graceMs,
        });
      case 'join': {
        const sessionId = this.#helloSession.get(socket) ?? 'none';
        this.sessions.add(sessionId);
        reply({ participant_id: SELF.id });
        return this.send(socket, this.welcome(sessionId));
      }
      case 'resume':
        if (typeof frame.session_id === 'string' && this.sessions.has(frame.session_id)) {
          // As the real gateway does: the participant now lives on this socket's session.
          this.sessions.delete(frame.session_id);
          this.sessions.add(this.#helloSession.get(socket) ?? 'none');
          return reply({ participant_id: SELF.id });
        }
        return error('session_expired', 'room.session_expired');
      case 'heartbeat':
        return reply();
      case 'lock':
        return error('permission', 'errors.permission');
      case 'publish_offer':
        return error('not_allowed', 'errors.media_unavailable');
      case 'chat':
        return reply({ message_id: 'm1' });
      default:
        return reply();
    }
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
