import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CHAT_DOCUMENT_MAX_BYTES,
  CHAT_OTHER_MAX_BYTES,
  QR_CALL_RING_TIMEOUT_MS,
  VERIFY_CALL_EVENT_BACKOFF_MS,
  VERIFY_CALL_EVENT_MAX_FAILURES,
} from '@podium/protocol';
import { loadOAuthConfig, type OAuthConfig } from './services/social-signin/config.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  /** The address people use to reach Podium; links in mail and invitations start with it. */
  publicUrl: string;
  /** PostgreSQL connection string; when absent, embedded PGlite in `dataDir` is used. */
  databaseUrl: string | undefined;
  /**
   * REDIS_URL (redis://host:port): several nodes share limiters and a bus through it (issue 16,
   * src/cluster). Unset: everything stays in this process.
   */
  redisUrl: string | undefined;
  /**
   * NODE_URL (http://host:port): where the other nodes reach this one (room ownership, issue 16);
   * unset: the server's own listening address (loopback when it listens on every interface).
   */
  nodeUrl: string | undefined;
  dataDir: string;
  /** SMTP relay (smtp://user:pass@host:port); when absent, mail goes to the dev outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  /** Built web app to serve; skipped when the folder does not exist (API-only runs). */
  webDist: string;
  /** Development-only pages (the outbox viewer) are served only when true. */
  devTools: boolean;
  /**
   * Which X-Forwarded-For hops are believed (TRUST_PROXY): false, a number of proxies in front
   * (`1`: one nginx), or the proxies' addresses. SECURITY: off by default, since a client
   * talking to the server directly could otherwise fake its address and slip past the
   * per-address limits. Never "trust every hop": a proxy appends the peer it saw to whatever
   * X-Forwarded-For the client sent, so the first entry is the client's own word; counting hops
   * from the right takes the address the nearest trusted proxy saw.
   */
  trustProxy: TrustProxy;
  /** Failed logins allowed per account and per client address in `loginWindowMs`. */
  loginMaxAttempts: number;
  loginWindowMs: number;
  accessTokenTtlSeconds: number;
  /**
   * Failed passcodes per event from all addresses (VERIFY_CALL_EVENT_MAX_FAILURES) before the
   * event's passcode rests for `eventBackoffMs` (VERIFY_CALL_EVENT_BACKOFF_MS) and its owner is told.
   */
  verifyCall: { eventMaxFailures: number; eventBackoffMs: number };
  /** Invitation mails one account may send per UTC day (INVITATIONS_PER_DAY). */
  invitationsPerDay: number;
  /** The media server (Janus); see src/media. */
  media: MediaConfig;
  /** The egress (composed recording, RTMP, HLS of a room); see src/media/egress. */
  egress: EgressConfig;
  /** Live streaming to RTMP servers (services/streaming, realtime/features/streaming). */
  streaming: StreamingConfig;
  /** Chat file sharing limits (decisions.md "Chat and files"); see src/services/storage. */
  uploads: UploadsConfig;
  /** Google and Facebook sign-in (OAUTH_*); see src/services/social-signin. */
  oauth: OAuthConfig;
  /** ICE servers handed to browsers by POST /config; see src/services/call-config. */
  ice: IceConfig;
  /** How long a QR call rings its agents before the visitor hears 'agents busy' (QR_RING_TIMEOUT_MS). */
  qrRingTimeoutMs: number;
  /** GraphQL at /graphql/v1 (GRAPHQL_*); the cost limits are in src/graphql/limits.ts. */
  graphql: GraphQLConfig;
  /**
   * Origins allowed to show Podium in a frame (FRAME_ANCESTORS, comma-separated); empty: none
   * (`frame-ancestors 'none'`, X-Frame-Options DENY). See src/http/security-headers.ts.
   */
  frameAncestors: string[];
}

export interface GraphQLConfig {
  /** GRAPHQL_INTROSPECTION: `__schema`/`__type` answered; off by default when NODE_ENV=production. */
  introspection: boolean;
  /** Requests per minute per signed-in account (GRAPHQL_RATE_LIMIT_ACCOUNT; default 120). */
  ratePerMinuteAccount: number;
  /** Requests per minute per client address (GRAPHQL_RATE_LIMIT_ADDRESS; default 600). */
  ratePerMinuteAddress: number;
}

export interface IceConfig {
  /** STUN_URLS: stun:/stuns: URLs, comma-separated. */
  stunUrls: string[];
  /**
   * TURN_URLS (turn:/turns:, comma-separated) with TURN_SECRET, the coturn `static-auth-secret`;
   * credentials last TURN_TTL_SECONDS. Absent: no TURN server.
   */
  turn: { urls: string[]; secret: string; ttlSeconds: number } | undefined;
}

export interface UploadsConfig {
  /** Images and documents, in bytes (UPLOAD_DOCUMENT_MAX_BYTES; default 5 MB). */
  documentMaxBytes: number;
  /** Every other file, in bytes (UPLOAD_OTHER_MAX_BYTES; default 100 MB). */
  otherMaxBytes: number;
}

export interface MediaConfig {
  /** MEDIA_ENABLED=0 runs Podium without Janus (API-only runs, tests that need no media). */
  enabled: boolean;
  /** Janus executable (JANUS_BIN). */
  janusBin: string;
  /** Port of Janus's WebSocket API on its private address (JANUS_WS_PORT). */
  wsPort: number;
  /** UDP ports for media (JANUS_RTP_PORT_MIN / JANUS_RTP_PORT_MAX). */
  rtpPortRange: { min: number; max: number };
  /**
   * MEDIA_NETNS: run Janus inside this network namespace (created when missing, needs root),
   * joined to the host by a veth pair with MEDIA_NETNS_HOST_IP / MEDIA_NETNS_IP (one /30).
   */
  netns: { name: string; hostIp: string; nsIp: string } | undefined;
  /** Without a namespace: the interface ICE uses (MEDIA_ICE_INTERFACE; default-route one). */
  iceInterface: string | undefined;
  /** Public address of a 1:1 NAT in front of the host (MEDIA_PUBLIC_IP). */
  publicIp: string | undefined;
  /**
   * JANUS_EDGES (default 0): further Janus instances this node supervises, cascaded from the
   * first (src/media/README.md). They take the next API ports and equal shares of the RTP range.
   */
  edges: number;
}

export interface EgressConfig {
  /**
   * EGRESS_ENABLED (default on when media is on): run the egress process that renders a room's
   * stage in headless Chromium and encodes it with ffmpeg. Off: recording and streaming are
   * refused clearly (NO_EGRESS).
   */
  enabled: boolean;
  /** RECORDINGS_DIR: where recordings are written (default DATA_DIR/recordings). */
  recordingsDir: string;
  /** HLS_DIR: where the rooms' HLS playlists and segments are written (default DATA_DIR/hls). */
  hlsDir: string;
  /** Chromium executable of the recorder page (EGRESS_CHROMIUM; default /usr/bin/chromium). */
  chromiumBin: string;
  /** ffmpeg executable (EGRESS_FFMPEG; default ffmpeg on the PATH). */
  ffmpegBin: string;
}

export interface StreamingConfig {
  /**
   * STREAM_KEY_SECRET: 32 bytes (base64 or hex) that encrypt saved stream keys. Unset: made once
   * and kept in DATA_DIR/stream-key.secret (in memory for a `memory://` data dir).
   * SECURITY: kept out of the database, so a database dump alone does not reveal the keys.
   */
  keySecret: string | undefined;
  /** Where the generated secret is kept, or undefined for an in-memory data dir. */
  keySecretFile: string | undefined;
  /**
   * STREAM_ALLOW_PRIVATE_HOSTS=1 lets stream URLs point at loopback, private and link-local
   * addresses (tests, a private RTMP relay). Off by default: the server would otherwise push to
   * its own network on a host's say-so.
   */
  allowPrivateHosts: boolean;
  /** STREAM_RETRY_MAX: tries after a dropped connection before a destination fails (default 5). */
  retryMax: number;
  /** STREAM_RETRY_BASE_MS: the first retry's delay, doubled each time (default 2000). */
  retryBaseMs: number;
}

/** Which proxies are believed: a number of hops counted from the socket, or their addresses. */
export type TrustProxy = false | number | string[];

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count is given as a function of the hop's
 * position (0 = the socket's peer): Fastify itself turns a plain number into "trust nobody",
 * since a count cannot tell a proxy from a client that reached the node directly — so a count
 * is only for nodes that nothing but the proxy can reach; addresses are checked per hop.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * TRUST_PROXY: unset/`0`/`false` → off; `N` → N proxies in front (`true` is read as 1, one
 * proxy: it used to trust every hop, which let a client behind nginx choose its address);
 * `10.0.0.5,10.0.1.0/24` → the hops from these addresses are believed.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v === 'false') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) return Number(v);
  const addresses = v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  for (const a of addresses) {
    const [ip, bits, ...rest] = a.split('/');
    const kind = net.isIP(ip ?? '');
    const maxBits = kind === 6 ? 128 : 32;
    if (
      !kind ||
      rest.length ||
      (bits !== undefined && (!/^\d+$/.test(bits) || Number(bits) > maxBits))
    ) {
      throw new Error(
        `TRUST_PROXY must be 0, a number of proxies, or proxy addresses (10.0.0.5,10.0.1.0/24); "${a}" is none`,
      );
    }
  }
  return addresses;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer`);
  return n;
}

function urlList(value: string | undefined, schemes: RegExp, name: string): string[] {
  const urls = (value ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const url of urls) {
    if (!schemes.test(url)) throw new Error(`${name}: "${url}" is not a ${schemes.source} URL`);
  }
  return urls;
}

function flag(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new Error(`${name} must be 1/true or 0/false`);
}

/** FRAME_ANCESTORS: origins only (scheme, host, port), so nothing else reaches the CSP header. */
function originList(value: string | undefined, name: string): string[] {
  return (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      let url: URL;
      try {
        url = new URL(o);
      } catch {
        throw new Error(`${name}: "${o}" is not an origin such as https://intranet.example`);
      }
      if (
        (url.protocol !== 'https:' && url.protocol !== 'http:') ||
        url.origin !== o.replace(/\/$/, '')
      ) {
        throw new Error(`${name}: "${o}" is not an origin such as https://intranet.example`);
      }
      return url.origin;
    });
}

function loadIceConfig(env: NodeJS.ProcessEnv): IceConfig {
  const stunUrls = urlList(env.STUN_URLS, /^stuns?:/, 'STUN_URLS');
  const turnUrls = urlList(env.TURN_URLS, /^turns?:/, 'TURN_URLS');
  if (turnUrls.length && !env.TURN_SECRET) {
    throw new Error("TURN_URLS needs TURN_SECRET (the TURN server's static-auth-secret)");
  }
  const ttlSeconds = int(env.TURN_TTL_SECONDS, 24 * 3600, 'TURN_TTL_SECONDS');
  if (ttlSeconds < 60) throw new Error('TURN_TTL_SECONDS must be at least 60');
  return {
    stunUrls,
    turn:
      turnUrls.length && env.TURN_SECRET
        ? { urls: turnUrls, secret: env.TURN_SECRET, ttlSeconds }
        : undefined,
  };
}

function loadMediaConfig(env: NodeJS.ProcessEnv): MediaConfig {
  const min = int(env.JANUS_RTP_PORT_MIN, 20000, 'JANUS_RTP_PORT_MIN');
  const max = int(env.JANUS_RTP_PORT_MAX, 40000, 'JANUS_RTP_PORT_MAX');
  if (min < 1024 || max > 65535 || min > max) {
    throw new Error(
      'JANUS_RTP_PORT_MIN..JANUS_RTP_PORT_MAX must be a port range within 1024-65535',
    );
  }
  const wsPort = int(env.JANUS_WS_PORT, 8288, 'JANUS_WS_PORT');
  if (wsPort < 1 || wsPort > 65535) throw new Error('JANUS_WS_PORT must be a port number');
  const edges = int(env.JANUS_EDGES, 0, 'JANUS_EDGES');
  if (edges < 0 || edges > 8 || wsPort + edges > 65535) {
    throw new Error('JANUS_EDGES must be 0-8 (and leave room for their API ports)');
  }
  // Each instance needs room for its ICE ports, an edge also for its forwards' port pairs.
  if (edges > 0 && (max - min + 1) / (edges + 1) < 40) {
    throw new Error('JANUS_RTP_PORT_MIN..MAX leaves fewer than 40 ports per Janus instance');
  }
  return {
    enabled: env.MEDIA_ENABLED !== '0' && env.MEDIA_ENABLED !== 'false',
    janusBin: env.JANUS_BIN || 'janus',
    wsPort,
    rtpPortRange: { min, max },
    netns: env.MEDIA_NETNS
      ? {
          name: env.MEDIA_NETNS,
          hostIp: env.MEDIA_NETNS_HOST_IP || '198.18.0.1',
          nsIp: env.MEDIA_NETNS_IP || '198.18.0.2',
        }
      : undefined,
    iceInterface: env.MEDIA_ICE_INTERFACE || undefined,
    publicIp: env.MEDIA_PUBLIC_IP || undefined,
    edges,
  };
}

function loadEgressConfig(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  media: MediaConfig,
): EgressConfig {
  // With an in-memory data dir (tests) files still need a real place: the system temp folder.
  const base = dataDir.startsWith('memory://') ? path.join(os.tmpdir(), 'podium-data') : dataDir;
  return {
    enabled: flag(env.EGRESS_ENABLED, media.enabled, 'EGRESS_ENABLED'),
    recordingsDir: path.resolve(env.RECORDINGS_DIR || path.join(base, 'recordings')),
    hlsDir: path.resolve(env.HLS_DIR || path.join(base, 'hls')),
    chromiumBin: env.EGRESS_CHROMIUM || '/usr/bin/chromium',
    ffmpegBin: env.EGRESS_FFMPEG || 'ffmpeg',
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 8080, 'PORT');
  const host = env.HOST ?? '0.0.0.0';
  // `memory://` keeps everything in memory (tests); anything else is a folder.
  const dataDir = env.DATA_DIR?.startsWith('memory://')
    ? env.DATA_DIR
    : path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const media = loadMediaConfig(env);
  return {
    port,
    host,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    nodeUrl: env.NODE_URL ? env.NODE_URL.replace(/\/+$/, '') : undefined,
    dataDir,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Podium <no-reply@podium.local>',
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    devTools: (env.NODE_ENV ?? 'development') !== 'production' && env.DEV_TOOLS !== '0',
    loginMaxAttempts: int(env.LOGIN_MAX_ATTEMPTS, 10, 'LOGIN_MAX_ATTEMPTS'),
    loginWindowMs: int(env.LOGIN_WINDOW_MS, 15 * 60_000, 'LOGIN_WINDOW_MS'),
    accessTokenTtlSeconds: int(
      env.ACCESS_TOKEN_TTL_SECONDS,
      30 * 24 * 3600,
      'ACCESS_TOKEN_TTL_SECONDS',
    ),
    verifyCall: {
      eventMaxFailures: Math.max(
        1,
        int(
          env.VERIFY_CALL_EVENT_MAX_FAILURES,
          VERIFY_CALL_EVENT_MAX_FAILURES,
          'VERIFY_CALL_EVENT_MAX_FAILURES',
        ),
      ),
      eventBackoffMs: int(
        env.VERIFY_CALL_EVENT_BACKOFF_MS,
        VERIFY_CALL_EVENT_BACKOFF_MS,
        'VERIFY_CALL_EVENT_BACKOFF_MS',
      ),
    },
    invitationsPerDay: int(env.INVITATIONS_PER_DAY, 200, 'INVITATIONS_PER_DAY'),
    media,
    egress: loadEgressConfig(env, dataDir, media),
    streaming: {
      keySecret: env.STREAM_KEY_SECRET || undefined,
      keySecretFile: dataDir.startsWith('memory://')
        ? undefined
        : path.join(dataDir, 'stream-key.secret'),
      allowPrivateHosts: flag(env.STREAM_ALLOW_PRIVATE_HOSTS, false, 'STREAM_ALLOW_PRIVATE_HOSTS'),
      retryMax: int(env.STREAM_RETRY_MAX, 5, 'STREAM_RETRY_MAX'),
      retryBaseMs: int(env.STREAM_RETRY_BASE_MS, 2000, 'STREAM_RETRY_BASE_MS'),
    },
    oauth: loadOAuthConfig(env),
    ice: loadIceConfig(env),
    qrRingTimeoutMs: int(env.QR_RING_TIMEOUT_MS, QR_CALL_RING_TIMEOUT_MS, 'QR_RING_TIMEOUT_MS'),
    graphql: {
      introspection: flag(
        env.GRAPHQL_INTROSPECTION,
        (env.NODE_ENV ?? 'development') !== 'production',
        'GRAPHQL_INTROSPECTION',
      ),
      ratePerMinuteAccount: int(env.GRAPHQL_RATE_LIMIT_ACCOUNT, 120, 'GRAPHQL_RATE_LIMIT_ACCOUNT'),
      ratePerMinuteAddress: int(env.GRAPHQL_RATE_LIMIT_ADDRESS, 600, 'GRAPHQL_RATE_LIMIT_ADDRESS'),
    },
    frameAncestors: originList(env.FRAME_ANCESTORS, 'FRAME_ANCESTORS'),
    uploads: {
      documentMaxBytes: int(
        env.UPLOAD_DOCUMENT_MAX_BYTES,
        CHAT_DOCUMENT_MAX_BYTES,
        'UPLOAD_DOCUMENT_MAX_BYTES',
      ),
      otherMaxBytes: int(
        env.UPLOAD_OTHER_MAX_BYTES,
        CHAT_OTHER_MAX_BYTES,
        'UPLOAD_OTHER_MAX_BYTES',
      ),
    },
  };
}
