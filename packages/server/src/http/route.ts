import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ErrorCode, serverMessages } from '@podium/protocol';
import { AppError, fieldErrors, unauthorized } from '../shared/errors.ts';
import { bearerToken } from '../shared/bearer-token.ts';
import { frozenBody } from '../shared/short-cache.ts';
import type { Services } from '../services/index.ts';
import type { AuthAccount } from '../services/auth-account.ts';

export type AuthMode = 'none' | 'optional' | 'required';

type AccountFor<M extends AuthMode> = M extends 'required'
  ? AuthAccount
  : M extends 'optional'
    ? AuthAccount | null
    : null;

export interface HandlerContext<M extends AuthMode> {
  request: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  account: AccountFor<M>;
  /** The bearer token the request was authenticated with, when it was. */
  token: string | null;
  log: FastifyBaseLogger;
}

export interface RouteDefinition<S extends z.ZodType, M extends AuthMode> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  auth: M;
  /** Validates the input: the JSON body for POST/PUT/PATCH, the query string merged with any body otherwise. */
  input: S;
  /** Status of a successful answer; 200 unless given. */
  status?: number;
  /** Largest body accepted, in bytes, when below the server-wide limit (a 413 beyond). */
  bodyLimit?: number;
  /** Fastify route options such as per-route rate limits. */
  config?: Record<string, unknown>;
  handler: (args: { ctx: HandlerContext<M>; input: z.output<S> }) => Promise<unknown>;
}

export function validationError(error: z.ZodError): AppError {
  return new AppError(400, ErrorCode.Validation, serverMessages['errors.validation'], {
    key: 'errors.validation',
    fields: fieldErrors(error),
  });
}

/**
 * Registers one endpoint following the project's convention: the schema validates the input at
 * the boundary, the handler stays thin and calls services.
 */
/** What an endpoint registered with `route()` accepts: for tests that visit every endpoint. */
export interface RegisteredRoute {
  method: RouteDefinition<z.ZodType, AuthMode>['method'];
  url: string;
  auth: AuthMode;
  input: z.ZodType;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** The endpoints `route()` registered on `app`, in order. */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}

export function route<S extends z.ZodType, M extends AuthMode>(
  app: FastifyInstance,
  services: Services,
  def: RouteDefinition<S, M>,
): void {
  const list = registered.get(app) ?? [];
  list.push({ method: def.method, url: def.url, auth: def.auth, input: def.input });
  registered.set(app, list);
  app.route({
    method: def.method,
    url: def.url,
    ...(def.config ? { config: def.config } : {}),
    ...(def.bodyLimit !== undefined ? { bodyLimit: def.bodyLimit } : {}),
    handler: async (request, reply) => {
      const token = bearerToken(request);
      let account: AuthAccount | null = null;
      if (def.auth !== 'none' && token) account = await services.tokens.authenticate(token);
      if (def.auth === 'required' && !account) throw unauthorized();

      const raw =
        def.method === 'GET' || def.method === 'DELETE'
          ? { ...(request.query as object), ...((request.body as object | undefined) ?? {}) }
          : (request.body ?? {});
      const parsed = def.input.safeParse(raw);
      if (!parsed.success) throw validationError(parsed.error);

      const ctx = {
        request,
        reply,
        services,
        account,
        token: account ? token : null,
        log: request.log,
      } as HandlerContext<M>;
      const result = await def.handler({ ctx, input: parsed.data });
      if (reply.sent) return reply;
      reply.code(def.status ?? 200);
      // A kept answer (details, the conference list) is serialized and encoded once, not per
      // request; bytes with their type set are sent as they are.
      const body = frozenBody(result);
      if (body !== undefined) {
        // Fastify knows bytes by `payload.buffer instanceof ArrayBuffer`, whose ArrayBuffer is
        // another realm's where a test environment replaced the global (the web tests' jsdom
        // runs this server too): there the bytes go to the serializer, which passes them on.
        return reply.type('application/json; charset=utf-8').serializer(sameBytes).send(body);
      }
      return result ?? {};
    },
  });
}

/** The serializer of an answer that is already its bytes (see frozenBody above). */
function sameBytes(payload: unknown): string {
  // Fastify sends a Buffer from the serializer as it is; its type says string only.
  return payload as string;
}
