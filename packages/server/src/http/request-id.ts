import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * This process's part of the ids it makes: random, so two nodes (or a restart) never hand out
 * the same id; a counter makes the rest. A fresh UUID per request cost more (random bytes and
 * formatting on every request) and told a log reader nothing more.
 */
const PROCESS_PART = crypto.randomBytes(6).toString('base64url');
let made = 0;

/**
 * A request's id (Fastify's genReqId, and the signaling upgrade's, which Fastify does not route):
 * the caller's X-Request-Id when it is a plain token of up to 64 characters, else a new id unique
 * to this process and request (`<8 random characters>-<counter in base 36>`).
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  if (typeof given === 'string' && /^[\w-]{1,64}$/.test(given)) return given;
  made += 1;
  return `${PROCESS_PART}-${made.toString(36)}`;
}
