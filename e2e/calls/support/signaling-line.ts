import type { Page, WebSocketRoute } from '@playwright/test';

const SIGNALING_PATH = '/socket/member/v1';
/** What a page sees when the network takes its socket away (no close frame). */
const ABNORMAL = 1006;
const DOWN = 'network down (test)';

/**
 * A page's signaling socket, routed through the runner so a spec can cut it.
 *
 * Playwright's WebSocket routing keeps the page's own socket to the server (the page opens it,
 * inside the test namespace, as it would without the route) and lets the runner close it: the
 * app gets a `close` event and the server sees the connection go, exactly as when a network
 * drops a connection. While the line is `cut`, new sockets of the page close at once, as they
 * would with the network still down; `restore()` lets them through again.
 *
 * Frames the server sent are kept (parsed), so a spec can tell what the page was told.
 */
export class SignalingLine {
  /** Sockets of the page that are open to the server now. */
  readonly #open = new Set<WebSocketRoute>();
  #connections = 0;
  #refusing = false;
  #refused = 0;
  /** Every frame the server sent to this page, over all its sockets, in order. */
  readonly received: Array<{ type: string } & Record<string, unknown>> = [];

  private constructor() {}

  /** Routes the page's signaling sockets opened from now on. */
  static async tap(page: Page): Promise<SignalingLine> {
    const line = new SignalingLine();
    await page.routeWebSocket(
      (url) => url.pathname === SIGNALING_PATH,
      (ws) => line.#route(ws),
    );
    return line;
  }

  #route(ws: WebSocketRoute): void {
    if (this.#refusing) {
      this.#refused += 1;
      void ws.close({ code: ABNORMAL, reason: DOWN });
      return;
    }
    this.#connections += 1;
    this.#open.add(ws);
    const server = ws.connectToServer();
    // The page's side closing (the app's own close, or `cut`): close the server's side too. A
    // browser may only send 1000 or 3000-4999, so a cut (1006 in the page) goes out as 3000.
    ws.onClose((code, reason) => {
      this.#open.delete(ws);
      const valid = code === 1000 || (code !== undefined && code >= 3000 && code <= 4999);
      void server.close({ code: valid ? code : 3000, reason: reason ?? DOWN });
    });
    server.onClose((code, reason) => {
      this.#open.delete(ws);
      void ws.close({ code, reason });
    });
    // Reading the server's frames means forwarding them ourselves (the page's go through as is).
    server.onMessage((message) => {
      if (typeof message === 'string') {
        try {
          this.received.push(JSON.parse(message) as { type: string });
        } catch {
          // Not JSON: the app ignores it too.
        }
      }
      ws.send(message);
    });
  }

  /** Sockets that reached the server so far. */
  get connections(): number {
    return this.#connections;
  }

  /** Reconnection attempts refused while the line was cut. */
  get refused(): number {
    return this.#refused;
  }

  /** Drops the page's open sockets (both ends) and refuses new ones until `restore()`. */
  async cut(): Promise<void> {
    this.#refusing = true;
    if (this.#open.size === 0) throw new Error('no signaling socket to cut');
    await Promise.all([...this.#open].map((ws) => ws.close({ code: ABNORMAL, reason: DOWN })));
  }

  restore(): void {
    this.#refusing = false;
  }

  /** Server events of a type received so far. */
  events(type: string): Array<Record<string, unknown>> {
    return this.received.filter((m) => m.type === type);
  }
}
