import WebSocket, { type RawData } from 'ws';
import { apiPaths } from '@podium/protocol';
import { NODE_LINK_HEADER } from '../cluster/node-auth.ts';

export { NODE_LINK_HEADER, openNodeLink, signNodeLink } from '../cluster/node-auth.ts';

/**
 * The direct node link (issue 16 item 1, cluster/README.md): a participant whose socket reached
 * a node that does not run its room (the edge) is carried over one WebSocket from the edge to
 * the owner's `/socket/member/v1`. The edge forwards the client's frames (starting with its
 * `hello`) and the owner's frames back, unchanged; the owner runs the socket as a local one.
 */

/** Frames a client may send before the owner accepted the link (a browser sends one: hello). */
const MAX_PENDING_FRAMES = 64;
/** Unsent bytes towards the owner beyond which the link (and so the client) is cut off. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** What the edge hears from the owner's end of a link. */
export interface NodeLinkHandlers {
  message(text: string): void;
  closed(code: number): void;
}

/** The edge's end of one link: frames sent before the socket opens wait, in order. */
export class NodeLink {
  readonly #ws: WebSocket;
  #pending: string[] | null = [];
  #alive = true;
  /** true once the owner accepted the socket; false if it closed (refused, unreachable) first. */
  readonly ready: Promise<boolean>;

  constructor(ownerUrl: string, header: string, maxPayload: number, handlers: NodeLinkHandlers) {
    const url = new URL(apiPaths.signal.socket, ownerUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    this.#ws = new WebSocket(url, {
      headers: { [NODE_LINK_HEADER]: header },
      maxPayload,
      handshakeTimeout: 5_000,
    });
    this.ready = new Promise((resolve) => {
      this.#ws.once('open', () => resolve(true));
      this.#ws.once('close', () => resolve(false));
    });
    this.#ws.on('open', () => {
      const pending = this.#pending ?? [];
      this.#pending = null;
      for (const text of pending) this.#ws.send(text);
    });
    this.#ws.on('message', (data: RawData) => handlers.message(textOf(data)));
    this.#ws.on('pong', () => {
      this.#alive = true;
    });
    this.#ws.on('close', (code: number) => handlers.closed(code));
    // The close event follows every error (refused connection, reset): nothing else to do.
    this.#ws.on('error', () => undefined);
  }

  /**
   * A client whose frames the owner does not take as fast as they come is cut off, as a slow
   * socket is (Connection.send): the owner's own limits answer the rest.
   */
  send(text: string): void {
    if (this.#pending) {
      this.#pending.push(text);
      if (this.#pending.length > MAX_PENDING_FRAMES) this.#ws.terminate();
    } else if (this.#ws.readyState === WebSocket.OPEN) {
      if (this.#ws.bufferedAmount > MAX_BUFFERED_BYTES) this.#ws.terminate();
      else this.#ws.send(text);
    }
  }

  /**
   * Called with the edge's heartbeat: an owner that answered no ping since the last beat is gone
   * (a partition sends no reset), so the link is dropped and the client told to reconnect.
   */
  heartbeat(judge: boolean): void {
    if (this.#ws.readyState !== WebSocket.OPEN) return;
    if (!this.#alive && judge) {
      this.#ws.terminate();
      return;
    }
    this.#alive = false;
    this.#ws.ping();
  }

  close(): void {
    if (this.#ws.readyState === WebSocket.CONNECTING) this.#ws.terminate();
    else this.#ws.close(1000);
  }
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
