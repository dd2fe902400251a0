import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type WebSocket from 'ws';
import { apiPaths } from '@podium/protocol';
import { fastifyTrustProxy } from '../config.ts';
import { DEFAULT_GRACE_MS } from '../rooms/index.ts';
import type { Services } from '../services/index.ts';
import { RoomDirectory } from '../services/rooms/directory.ts';
import {
  CLOSE_CODES,
  Connection,
  DEFAULT_GATEWAY_LIMITS,
  type GatewayLimits,
} from './connection.ts';
import { NoMediaBackend, type RoomMedia } from './room-media.ts';
import { NO_EGRESS, type RoomEgress } from './room-egress.ts';
import { RoomRegistry } from './room-registry.ts';
import { NODE_LINK_HEADER, NodeLink, openNodeLink, signNodeLink } from './node-link.ts';
import { handleSocketUpgrades, type UpgradeRequest } from './socket-upgrade.ts';
import { admitJoinLink } from '../services/events/admit-call.ts';

/**
 * Frames above the protocol's 64 KiB limit but below this get an error reply; above this the
 * socket library closes the connection with 1009 before reading further.
 */
const MAX_FRAME_BYTES = 1024 * 1024;

export interface GatewayOptions {
  limits?: Partial<GatewayLimits>;
  /** How long a dropped participant keeps identity and role (default 30 s). */
  graceMs?: number;
  /** An empty room closes after this long (default 60 s). */
  idleCloseMs?: number;
  /** An ended room answers joins with "ended" this long before it closes (default 60 s). */
  endedLingerMs?: number;
  /** The media backend (default: none; media requests answer 'errors.media_unavailable'). */
  media?: RoomMedia;
  /** The egress of live rooms (default: none; recording and streaming are refused). */
  egress?: RoomEgress;
}

interface GatewayDeps {
  services: Services;
  log: Logger;
  options: GatewayOptions;
  /**
   * The nodes' shared secret for node links (realtime/node-link.ts); null with REDIS_URL unset
   * (one node: nothing is linked, and a link header is ignored).
   */
  linkKey?: Buffer | null;
}

/** The signaling socket `/socket/member/v1`: accepts sockets and owns the live rooms. */
export class SignalingGateway {
  readonly #connections = new Set<Connection>();
  readonly #registry: RoomRegistry;
  readonly #services: Services;
  readonly #log: Logger;
  readonly #limits: GatewayLimits;
  readonly #graceMs: number;
  readonly #heartbeat: NodeJS.Timeout;
  readonly #linkKey: Buffer | null;
  #closing: Promise<void> | null = null;

  constructor(deps: GatewayDeps) {
    const { services, options } = deps;
    this.#services = services;
    this.#log = deps.log.child({ domain: 'signaling' });
    this.#limits = { ...DEFAULT_GATEWAY_LIMITS, ...options.limits };
    this.#graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
    this.#linkKey = deps.linkKey ?? null;
    this.#registry = new RoomRegistry({
      directory: new RoomDirectory(services.store.db),
      features: {
        chat: services.chat,
        egress: options.egress ?? NO_EGRESS,
        audience: services.live,
        recordings: services.recordings,
        streaming: services.streaming,
        whiteboards: services.whiteboards,
        studio: services.studio,
      },
      media: options.media ?? new NoMediaBackend(),
      leases: services.cluster.leases,
      log: this.#log,
      graceMs: this.#graceMs,
      idleCloseMs: options.idleCloseMs ?? 60_000,
      endedLingerMs: options.endedLingerMs ?? 60_000,
    });
    let lastTick = Date.now();
    this.#heartbeat = setInterval(() => {
      const now = Date.now();
      // A tick that comes late means this process stalled (a loaded machine, a long GC): the
      // pongs of that time may still wait unread in the sockets, and the timers run before
      // sockets are read, so judging now would drop healthy clients. Ping and judge next tick.
      const punctual = now - lastTick < this.#limits.heartbeatMs * 1.5;
      lastTick = now;
      // After the poll phase, so the pongs that arrived by now are counted.
      setImmediate(() => {
        for (const connection of this.#connections) connection.heartbeat(punctual);
      });
    }, this.#limits.heartbeatMs);
    this.#heartbeat.unref();
  }

  get registry(): RoomRegistry {
    return this.#registry;
  }

  get connections(): number {
    return this.#connections.size;
  }

  /** True from the start of `close()`. */
  get closing(): boolean {
    return this.#closing !== null;
  }

  accept(ws: WebSocket, request: UpgradeRequest): void {
    try {
      if (this.#closing) {
        ws.close(CLOSE_CODES.goingAway, 'server shutting down');
        return;
      }
      const key = this.#linkKey;
      // SECURITY: a link header counts only when signed with the nodes' secret; otherwise this is
      // an ordinary client at its own address (and may itself be linked to the owner).
      const linkedFrom = key
        ? openNodeLink(key, request.headers[NODE_LINK_HEADER], Date.now())
        : null;
      const address = linkedFrom ?? request.ip;
      const routing =
        key && linkedFrom === null
          ? {
              route: (roomId: string) => this.#route(roomId),
              openLink: (url: string, handlers: ConstructorParameters<typeof NodeLink>[3]) =>
                new NodeLink(
                  url,
                  signNodeLink(key, address, Date.now()),
                  MAX_FRAME_BYTES,
                  handlers,
                ),
            }
          : {};
      const connection = new Connection(ws, {
        ...routing,
        registry: this.#registry,
        openCredentials: (token) => this.#services.signal.open(token),
        openAccountCredentials: (token) => this.#services.signal.openAccount(token),
        renewCredentials: (credentials) => this.#services.signal.renew(credentials),
        admitJoinLink: (link) => admitJoinLink(this.#services, link, address),
        accountChannel: this.#services.accountChannel,
        log: this.#log,
        logBindings:
          linkedFrom === null ? { reqId: request.id } : { reqId: request.id, ip: address },
        socket: request.socket,
        limits: this.#limits,
        graceMs: this.#graceMs,
        now: Date.now,
        onClosed: (c) => this.#connections.delete(c),
      });
      this.#connections.add(connection);
    } catch (error) {
      this.#log.error({ err: error }, 'socket could not be accepted');
      ws.terminate();
    }
  }

  /**
   * Where a room greeted on this node runs: null when here (open here, or nobody runs it: the
   * join takes it), else the owner node's address (the socket is linked there).
   */
  async #route(roomId: string): Promise<{ url: string } | null> {
    const leases = this.#services.cluster.leases;
    if (!leases.shared || this.#registry.find(roomId)) return null;
    const owner = await leases.owner(roomId);
    return owner && owner.nodeId !== leases.nodeId && owner.url ? { url: owner.url } : null;
  }

  /** Closes every socket (1001) and every room; idempotent. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      clearInterval(this.#heartbeat);
      for (const connection of this.#connections) connection.shutdown();
      await this.#registry.close();
    })();
    return this.#closing;
  }
}

/** The server's own address as another node on this machine reaches it. */
function listeningUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') return '';
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Registers the signaling socket on the app (its upgrades: realtime/socket-upgrade.ts).
 * SECURITY: the socket carries no cookie-based authority (credentials come inside `hello`), so a
 * page on another origin opening it gains nothing; no Origin check is needed.
 */
export async function registerSignaling(
  app: FastifyInstance,
  services: Services,
  options: GatewayOptions = {},
): Promise<SignalingGateway> {
  // Node links need the secret every node shares (the one credentials are signed with).
  const linkKey = services.cluster.leases.shared
    ? await services.secrets.get('join_ticket_key')
    : null;
  const gateway = new SignalingGateway({ services, log: services.log, options, linkKey });
  const upgrades = handleSocketUpgrades({
    app,
    path: apiPaths.signal.socket,
    maxPayload: MAX_FRAME_BYTES,
    trustProxy: fastifyTrustProxy(services.config.trustProxy),
    log: services.log,
    closing: () => gateway.closing,
    accept: (ws, request) => gateway.accept(ws, request),
  });
  // Clients hear 1001 (and app.ts bounds the shutdown: sockets that never finish closing are
  // destroyed after a grace); then upgrades are no longer taken.
  app.addHook('preClose', async () => {
    await gateway.close();
    upgrades.close();
  });
  // Where the other nodes reach this one for the rooms it runs (cluster/leases.ts).
  app.addHook('onListen', () => {
    services.cluster.leases.advertise(services.config.nodeUrl ?? listeningUrl(app));
  });
  return gateway;
}
