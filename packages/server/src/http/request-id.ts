import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * A request's id (Fastify's genReqId, and the signaling upgrade's, which Fastify does not route):
 * the caller's X-Request-Id when it is a plain token of up to 64 characters, else a fresh UUID.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
}
