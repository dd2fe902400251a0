import crypto from 'node:crypto';
import WebSocket, { type RawData } from 'ws';
import { apiPaths } from '@podium/protocol';

/**
 * The direct node link (issue 16 item 1, cluster/README.md): a participant whose socket reached
 * a node that does not run its room (the edge) is carried over one WebSocket from the edge to
 * the owner's `/socket/member/v1`. The edge forwards the client's frames (starting with its
 * `hello`) and the owner's frames back, unchanged; the owner runs the socket as a local one.
 */

/** The header an edge sends on its link: who the client is, signed with the nodes' secret. */
export const NODE_LINK_HEADER = 'x-podium-node-link';

/**
 * SECURITY: the link's own purpose label inside the MAC, so neither credentials nor tickets
 * (same secret) can be replayed as a link header, nor a link header as either of them.
 */
const PURPOSE = 'node-link';
/** A header older (or newer) than this is refused: a captured one is short-lived. */
const MAX_SKEW_MS = 30_000;

function mac(key: Buffer, at: string, address: string): string {
  return crypto
    .createHmac('sha256', key)
    .update(`${PURPOSE}\0${at}\0${address}`)
    .digest('base64url');
}

/** The header value for a link carrying the client at `address`. */
export function signNodeLink(key: Buffer, address: string, now: number): string {
  const at = String(now);
  return `v1.${at}.${Buffer.from(address).toString('base64url')}.${mac(key, at, address)}`;
}

/**
 * The client address a link header carries, or null when the header is absent, malformed,
 * stale or not signed with the nodes' secret (then the socket is an ordinary client's: its own
 * address, and it may be linked onward like any other).
 */
export function openNodeLink(key: Buffer, header: unknown, now: number): string | null {
  if (typeof header !== 'string' || header.length > 512) return null;
  const parts = header.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') return null;
  const [, at = '', encoded = '', given = ''] = parts;
  if (!/^\d{1,15}$/.test(at) || Math.abs(now - Number(at)) > MAX_SKEW_MS) return null;
  const address = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(mac(key, at, address));
  const actual = Buffer.from(given);
  // SECURITY: constant-time comparison of equal-length MACs.
  if (actual.length !== expected.length || !crypto.timingSafeEqual(actual, expected)) return null;
  return address;
}

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

  constructor(ownerUrl: string, header: string, maxPayload: number, handlers: NodeLinkHandlers) {
    const url = new URL(apiPaths.signal.socket, ownerUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    this.#ws = new WebSocket(url, {
      headers: { [NODE_LINK_HEADER]: header },
      maxPayload,
      handshakeTimeout: 5_000,
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

  send(text: string): void {
    if (this.#pending) this.#pending.push(text);
    else if (this.#ws.readyState === WebSocket.OPEN) this.#ws.send(text);
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
