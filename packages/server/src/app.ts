import fs from 'node:fs';
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
} from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import pino, { type Logger } from 'pino';
import { apiPaths, ErrorCode, serverMessages } from '@podium/protocol';
import { fastifyTrustProxy, type Config } from './config.ts';
import { openStore, type Store } from './store/db.ts';
import { createMailer, type Mailer } from './services/mail.ts';
import { createServices, type Services } from './services/index.ts';
import { openCluster } from './cluster/index.ts';
import { AppError } from './shared/errors.ts';
import { routeModules } from './http/index.ts';
import { graphqlModules } from './graphql/modules.ts';
import { isStorageDownload } from './http/storage/paths.ts';
import { isRecordingDownload } from './http/recordings/paths.ts';
import { rejectNulCharacters } from './http/nul-guard.ts';
import { requestId } from './http/request-id.ts';
import { PINO_LEVELS, requestLogger } from './http/request-logger.ts';
import { boundShutdown } from './http/shutdown.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { webStaticOptions } from './http/web-static.ts';
import { registerGraphQL } from './graphql/index.ts';
import { startMediaRuntime } from './media/runtime.ts';
import { egressIngestHost, startEgressRuntime } from './media/egress/runtime.ts';
import { allowRecorderIngest } from './media/egress/recorder-csp.ts';
import type { JanusRoomMedia, MediaServer } from './media/index.ts';
import {
  registerSignaling,
  type GatewayOptions,
  type SignalingGateway,
} from './realtime/gateway.ts';
import { giftRooms } from './realtime/features/index.ts';

/** Paths that are the API: they need X-Requested-With and answer JSON errors, never the SPA. */
const API_PREFIXES = ['/api/', '/apis/', '/apiv1/', '/graphql/', '/member/', '/v1/', '/1-1/'];
const API_EXACT = ['/config'];

/**
 * What a GET outside the API names in the built web app: a file on disk, a file-like path that
 * does not exist (anything with an extension in its last segment, or under /assets/), or a route
 * of the single-page app.
 */
export function webAsset(
  root: string,
  url: string,
): { kind: 'file'; relative: string } | { kind: 'missing' } | { kind: 'route' } {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return { kind: 'missing' };
  }
  const last = pathname.split('/').pop() ?? '';
  const fileLike = pathname.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(last);
  if (!fileLike) return { kind: 'route' };
  // SECURITY: resolve inside the web root only; '..' or NUL never reaches the file system.
  const absolute = path.resolve(root, `.${pathname}`);
  if (pathname.includes('\0') || !absolute.startsWith(path.resolve(root) + path.sep)) {
    return { kind: 'missing' };
  }
  try {
    if (fs.statSync(absolute).isFile()) {
      return { kind: 'file', relative: path.relative(root, absolute) };
    }
  } catch {
    // Not there.
  }
  return { kind: 'missing' };
}

export function isApiPath(url: string): boolean {
  const p = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => p.startsWith(prefix)) || API_EXACT.includes(p);
}

export interface Podium {
  app: FastifyInstance;
  services: Services;
  /** The live-room socket and its rooms. */
  signaling: SignalingGateway;
  /** The media server (Janus) this server runs; undefined when media is off or failed to start. */
  media: MediaServer | undefined;
  /** The live rooms' media over it (and its edge Janus instances: `cascadeStats()`). */
  mediaRooms: JanusRoomMedia | undefined;
  /** Stops accepting requests, then closes the database and mail transport. Idempotent. */
  close(): Promise<void>;
}

export interface BuildOptions {
  config: Config;
  /** Supply to share one store (tests); otherwise one is opened from the config. */
  store?: Store;
  mailer?: Mailer;
  logger?: Logger;
  /** Signaling socket settings (grace period, limits, media backend). */
  signaling?: GatewayOptions;
}

export async function buildPodium(options: BuildOptions): Promise<Podium> {
  const { config } = options;
  const log = options.logger ?? pino({ level: config.logLevel });
  const store =
    options.store ??
    (await openStore({
      databaseUrl: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'db'),
    }));
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxFile: config.dataDir.startsWith('memory://')
        ? undefined
        : path.join(config.dataDir, 'outbox.jsonl'),
      log,
    });
  // REDIS_URL: limiters and the bus shared with the other nodes (src/cluster); else in-process.
  const cluster = await openCluster(config.redisUrl, log);
  const services = createServices({ config, store, mailer, log, cluster });

  const app: FastifyInstance = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    genReqId: requestId,
    // The request id is bound to a request's logger only when it writes a line.
    childLoggerFactory: requestLogger,
    bodyLimit: 1024 * 1024,
    // Fastify's own logging writes two lines per request, each with a serialized request or
    // response object; the onResponse hook below writes one compact line instead.
    // (through a LogController: the top-level option is deprecated in Fastify 5).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A URL the router refuses (bad encoding, a path parameter over 100 characters) is
    // answered in the error shape of the API too, not Fastify's own.
    frameworkErrors: (error, request, frameworkReply) => {
      // Typed for the default route generics; this answer is not a route's.
      const reply = frameworkReply as unknown as FastifyReply;
      const status = error.statusCode ?? 400;
      // No onRequest hook runs for these (see the one that sets it below).
      reply.header('x-request-id', request.id);
      return reply.code(status).send({
        error: {
          code: ErrorCode.BadRequest,
          message: status === 414 ? 'The request address is too long' : 'Malformed request',
        },
      });
    },
    // Requests Node's parser refuses (oversized headers, broken framing) never reach the routes;
    // answer them in the same error shape as everything else.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) {
        socket.destroy(error);
        return;
      }
      const tooLarge = (error as NodeJS.ErrnoException).code === 'HPE_HEADER_OVERFLOW';
      const body = JSON.stringify({
        error: tooLarge
          ? { code: ErrorCode.HeadersTooLarge, message: 'Request headers are too large' }
          : { code: ErrorCode.BadRequest, message: 'Malformed request' },
      });
      socket.end(
        `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
    },
  });

  // First of the preClose hooks: the grace for open connections starts as the shutdown does.
  const shutdown = boundShutdown(app.server);
  app.addHook('preClose', async () => shutdown.begin());

  // One line per answered request; `request.log` carries the request id (reqId). The path
  // only: SECURITY: a query string may hold a code or a signed link's signature. Answers that
  // went well and fast are written at debug only (a line per request costs more than many
  // requests themselves); errors and slow answers stay visible at the default level.
  // Hooks here take `done` rather than being async: no promise and no extra turn per request.
  app.addHook('onResponse', (request, reply, done) => {
    const level = requestLogLevel(reply.statusCode, reply.elapsedTime);
    // Skips building the line at all when its level is off (pino's numeric levels).
    if ((PINO_LEVELS[level] ?? 0) >= (PINO_LEVELS[request.log.level] ?? 0)) {
      request.log[level](
        {
          method: request.method,
          url: request.url.split('?', 1)[0],
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
    }
    done();
  });

  // First, so answers that an earlier hook refuses (a missing X-Requested-With) carry them too.
  await registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    frameAncestors: config.frameAncestors,
    webDist: config.webDist,
  });

  app.addHook('onRequest', (request, reply, done) => {
    // On the raw answer, as the security headers are: it stays on every answer, error
    // answers included, without an onSend hook per request.
    reply.raw.setHeader('x-request-id', request.id);
    // SECURITY: a custom header cannot be sent cross-site without a CORS preflight, so requiring
    // it blocks form-post CSRF against the API.
    if (request.method === 'OPTIONS' || !isApiPath(request.url)) return done();
    // SECURITY: shared-file downloads are plain links (`<a href>` cannot send the header). That
    // is safe: a GET/HEAD of one file has no side effect for CSRF to abuse, and its URL holds an
    // unguessable random id; every other method and path keeps the check.
    if (isStorageDownload(request.method, request.url)) return done();
    // The same holds for a recording's file (signed link or the owner's token, no side effect).
    if (isRecordingDownload(request.method, request.url)) return done();
    if (!request.headers['x-requested-with']) {
      return done(AppError.fromKey(400, ErrorCode.MissingRequestedWith, 'errors.requested_with'));
    }
    done();
  });

  app.addHook('preValidation', rejectNulCharacters);

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).send(error.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({
        error: {
          code: ErrorCode.TooManyRequests,
          message: serverMessages['errors.too_many'],
          key: 'errors.too_many',
        },
      });
    }
    if (status >= 400 && status < 500) {
      const code =
        status === 413
          ? ErrorCode.PayloadTooLarge
          : status === 415 || status === 400
            ? ErrorCode.BadRequest
            : ErrorCode.BadRequest;
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? serverMessages['errors.malformed_json']
          : error.message;
      return reply.code(status).send({ error: { code, message } });
    }
    // SECURITY: never leak internals; the request id ties the answer to the log line.
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({
      error: {
        code: ErrorCode.Internal,
        message: serverMessages['errors.internal'],
        key: 'errors.internal',
      },
    });
  });

  await app.register(rateLimit, { global: false, ...cluster.routeLimitOptions });

  app.get(apiPaths.health.live, async () => ({ status: 'ok' }));
  app.get(apiPaths.health.ready, async (_request, reply) => {
    try {
      await store.exec('SELECT 1');
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  for (const register of routeModules) register(app, services);
  // No room of this process records yet: entries a previous run left open are closed now.
  await services.recordings.recoverInterrupted();
  // A media backend given by the caller wins; otherwise run Janus when the config enables it.
  const media = options.signaling?.media ? undefined : await startMediaRuntime(config, log);
  // Likewise the egress (recording, live streaming), which composes rooms through Janus.
  const egress =
    options.signaling?.egress || !media
      ? undefined
      : startEgressRuntime(config, log, {
          recorderCredentials: (roomId) => services.signal.issueRecorder(roomId),
          address: () => app.server.address(),
        });
  if (egress || options.signaling?.egress) allowRecorderIngest(app, egressIngestHost(config));
  const signaling = await registerSignaling(app, services, {
    ...options.signaling,
    ...(media ? { media: media.rooms } : {}),
    ...(egress ? { egress } : {}),
  });
  services.gifts.useRooms(giftRooms(signaling.registry));
  // Somebody in a live room on this node or (as of its last beat) on another is not free.
  services.accountChannel.useCallPresence(() => signaling.registry.accountsInCalls());
  services.qrCalls.usePresence({
    accountsInCalls: () => signaling.registry.accountsInCalls(),
    inCallElsewhere: (accountId) => services.accountChannel.inCallElsewhere(accountId),
  });
  await registerGraphQL(app, services, graphqlModules);

  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, webStaticOptions(config.webDist));
  }
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || request.method !== 'GET' || !hasWeb) {
      return reply.code(404).send({
        error: {
          code: ErrorCode.NotFound,
          message: serverMessages['errors.not_found'],
          key: 'errors.not_found',
        },
      });
    }
    // A file the build added after start (wildcard: false only knows files present at start)
    // is served from disk; a missing asset is a 404, never index.html, or a rebuilt app would
    // load HTML as its scripts and stay blank.
    const asset = webAsset(config.webDist, request.url);
    if (asset.kind === 'file') return reply.sendFile(asset.relative);
    if (asset.kind === 'missing') {
      return reply.code(404).send({
        error: {
          code: ErrorCode.NotFound,
          message: serverMessages['errors.not_found'],
          key: 'errors.not_found',
        },
      });
    }
    // SPA fallback: the web app's router resolves every other GET.
    return reply.type('text/html').sendFile('index.html');
  });

  let closing: Promise<void> | null = null;
  return {
    app,
    services,
    signaling,
    media: media?.server,
    mediaRooms: media?.rooms,
    close: () =>
      (closing ??= (async () => {
        await app.close();
        // After the live rooms (closed with the app) stopped their recordings and streams.
        await egress?.close();
        // After the live rooms (closed with the app) destroyed their VideoRooms.
        await media?.close();
        await mailer.close();
        await cluster.close();
        if (!options.store) await store.close();
      })()),
  };
}

/** An answer taking longer than this is logged at warn, whatever its status. */
export const SLOW_REQUEST_MS = 1000;

/** The level of a request's log line: server errors and slow answers stand out, 2xx/3xx fast ones are debug. */
export function requestLogLevel(status: number, elapsedMs: number): 'debug' | 'info' | 'warn' {
  if (status >= 500 || elapsedMs >= SLOW_REQUEST_MS) return 'warn';
  if (status >= 400) return 'info';
  return 'debug';
}
