import { WebSocket as WsClient, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import type { AddressInfo } from 'node:net';
import { apiPaths, type ServerMessage } from '@podium/protocol';

/**
 * Test support (not shipped). A small stand-in for the server's account channel on a real loopback socket: hello with the
 * right credentials is answered, heartbeats too (unless told to stay silent), and it can push.
 */
export class TestChannel {
  readonly sockets = new Set<ServerSocket>();
  readonly hellos: string[] = [];
  silentHeartbeats = false;
  valid = new Set<string>();
  readonly #server: WebSocketServer;

  private constructor(server: WebSocketServer) {
    this.#server = server;
    server.on('connection', (socket) => {
      socket.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as { id: string; type: string; credentials?: string };
        if (frame.type === 'hello') {
          this.hellos.push(frame.credentials ?? '');
          if (!this.valid.has(frame.credentials ?? '')) {
            socket.send(
              JSON.stringify({
                type: 'error',
                id: frame.id,
                code: 'unauthorized',
                key: 'errors.unauthorized',
                message: 'no',
              }),
            );
            socket.close(4001, 'credentials refused');
            return;
          }
          this.sockets.add(socket);
          socket.on('close', () => this.sockets.delete(socket));
        } else if (frame.type === 'heartbeat' && this.silentHeartbeats) {
          return;
        }
        socket.send(JSON.stringify({ type: 'reply', id: frame.id, ok: true, data: {} }));
      });
    });
  }

  static async start(): Promise<TestChannel> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    return new TestChannel(server);
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.#server.address() as AddressInfo).port}${apiPaths.signal.socket}`;
  }

  push(message: ServerMessage): void {
    for (const socket of this.sockets) socket.send(JSON.stringify(message));
  }

  dropAll(): void {
    for (const socket of this.sockets) socket.terminate();
  }

  close(): Promise<void> {
    for (const socket of this.#server.clients) socket.terminate();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

// The ws package implements the browser's WebSocket API; jsdom's own cannot dispatch here.
export const createSocket = (url: string) => new WsClient(url) as unknown as WebSocket;
