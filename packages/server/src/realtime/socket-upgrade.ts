import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import proxyAddr from '@fastify/proxy-addr';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import { requestId } from '../http/request-id.ts';

/** What the gateway needs of the upgrade request a socket came from. */
export interface UpgradeRequest {
  /** The request id its log lines carry (X-Request-Id when well-formed, else a fresh UUID). */
  id: string;
  /** The client's address as Fastify's `request.ip` gives it under the same TRUST_PROXY. */
  ip: string;
  headers: IncomingMessage['headers'];
  /** The TCP socket under the WebSocket. */
  socket: Socket;
}

/** The trust function or list of Fastify's `trustProxy` option (config.fastifyTrustProxy). */
export type ProxyTrust = false | string[] | ((address: string, hop: number) => boolean);

/** `request.ip` as Fastify computes it for this `trustProxy` (fastify/lib/request.js). */
export function clientAddress(trust: ProxyTrust): (request: IncomingMessage) => string {
  if (trust === false) return (request) => request.socket.remoteAddress ?? '';
  const trusted = typeof trust === 'function' ? trust : proxyAddr.compile(trust);
  return (request) => proxyAddr(request, trusted);
}

interface SocketUpgradeOptions {
  app: FastifyInstance;
  /** The socket's path: upgrades there become signaling sockets. */
  path: string;
  maxPayload: number;
  trustProxy: ProxyTrust;
  log: Logger;
  /** True once the gateway shuts down: new upgrades then get Fastify's answer (a 503). */
  closing: () => boolean;
  accept: (ws: WebSocket, request: UpgradeRequest) => void;
}

/**
 * The signaling socket's upgrades, taken on the Node server's 'upgrade' event instead of being
 * routed through Fastify (@fastify/websocket built a ServerResponse, ran the router and every
 * hook for each upgrade: ~10 % of a join's CPU in bench/signaling). The common upgrade — a GET
 * of exactly the socket's path — is upgraded here with what Fastify would have given the route
 * (the request id, `request.ip` under TRUST_PROXY; the app's hooks do nothing for this path:
 * no security headers (`helmet: false`), no X-Requested-With (not an API path), no rate limit).
 * Every other upgrade still goes through Fastify with all its checks: an encoded variant of the
 * path, a query holding NUL (refused with 400), another method (404), any other path (answered
 * as a plain request, then the connection is closed), and anything while the server closes
 * (503). The route registered here for the path upgrades what Fastify routes to it, and answers
 * a plain GET with 404 as before.
 */
export function handleSocketUpgrades(options: SocketUpgradeOptions): { close(): void } {
  const { app, path, log } = options;
  const server: Server = app.server;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxPayload,
    // The gateway keeps its own set of connections; ws's would be a second one.
    clientTracking: false,
  });
  const ipOf = clientAddress(options.trustProxy);
  /** Upgrades handed to Fastify, and their socket and first bytes. */
  const pending = new WeakMap<
    IncomingMessage,
    { socket: Duplex; head: Buffer; onError: () => void }
  >();

  const upgrade = (
    raw: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    request: Omit<UpgradeRequest, 'socket'>,
  ): void => {
    // ws checks the handshake (Upgrade, Sec-WebSocket-Key and -Version) and answers a bad one
    // with 400 itself; the first subprotocol offered is chosen, as before.
    wss.handleUpgrade(raw, socket, head, (ws) => {
      // As @fastify/websocket did: an error on the socket (a frame over maxPayload, a broken
      // frame) is logged with the request's id and ends the socket.
      ws.on('error', (error: Error) => {
        log.error({ reqId: request.id, err: error }, error.message);
        ws.terminate();
      });
      // (accept catches its own failures: logged, and the socket terminated.)
      options.accept(ws, { ...request, socket: raw.socket });
    });
  };

  const onUpgrade = (raw: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = raw.url ?? '';
    const query = url.indexOf('?');
    const pathname = query === -1 ? url : url.slice(0, query);
    if (
      raw.method === 'GET' &&
      pathname === path &&
      // SECURITY: a NUL in the query is refused by the app's preValidation hook (400): such an
      // upgrade takes Fastify's way, like everything this fast path does not cover.
      (query === -1 || !url.includes('%00', query)) &&
      !options.closing()
    ) {
      upgrade(raw, socket, head, { id: requestId(raw), ip: ipOf(raw), headers: raw.headers });
      return;
    }
    // Through Fastify, as @fastify/websocket dispatched every upgrade: Node removed its own
    // socket error listener before emitting 'upgrade'; keep the socket guarded meanwhile.
    const onError = (): void => {
      socket.destroy();
    };
    socket.on('error', onError);
    pending.set(raw, { socket, head, onError });
    const response = new ServerResponse(raw);
    // Nothing but an upgrade may follow on this connection: close it once answered.
    response.once('finish', () => {
      if (pending.delete(raw)) socket.destroy();
    });
    try {
      response.assignSocket(socket as Socket);
      app.routing(raw, response);
    } catch (error) {
      log.warn({ err: error }, 'websocket upgrade failed');
      socket.destroy();
    }
  };
  server.on('upgrade', onUpgrade);

  // SECURITY: no helmet headers on the upgrade: they are for documents a browser renders, and a
  // 101 Switching Protocols renders nothing (building the CSP per socket was ~7 % of a join's CPU).
  app.get(path, { helmet: false }, (request, reply) => {
    const upgrading = pending.get(request.raw);
    if (!upgrading) return reply.code(404).send();
    pending.delete(request.raw);
    reply.hijack();
    // ws installs its own error listener on the socket from here.
    upgrading.socket.off('error', upgrading.onError);
    upgrade(request.raw, upgrading.socket, upgrading.head, {
      id: request.id,
      ip: request.ip,
      headers: request.headers,
    });
  });

  return {
    close() {
      server.off('upgrade', onUpgrade);
      wss.close();
    },
  };
}
