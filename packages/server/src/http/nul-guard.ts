import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, serverMessages } from '@podium/protocol';
import { AppError } from '../shared/errors.ts';

/** Nesting beyond this is not walked further (bodies are at most 1 MB of JSON anyway). */
const MAX_DEPTH = 64;

/**
 * The path of the first string (value or key) holding U+0000 in a parsed body, query or path
 * parameters, or null when there is none. `_` names the value itself.
 */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : null;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Buffer.isBuffer(value)) return null;
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>);
  for (const [key, child] of entries) {
    const childPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return childPath.split('\u0000').join('\\0');
    const found = findNul(child, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * SECURITY: PostgreSQL refuses U+0000 in text, so a NUL that reached a query ended the request
 * in a 500 (issue 10). No field of the API has a use for it, so every request is checked once,
 * here, before any route validates or runs: one place covers REST, GraphQL variables and path
 * parameters, where a refinement in each protocol schema could be forgotten on the next one.
 * The answer is a 400 in the error shape; on GraphQL's routes mercurius formats the same error
 * (message, `extensions.code`, status) as a GraphQL error.
 */
export function rejectNulCharacters(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const where =
    findNul(request.params, 'params') ??
    findNul(request.query, 'query') ??
    findNul(request.body, 'body');
  // A hook with `done`, not async: no promise and no extra turn for every request.
  if (!where) return done();
  const message = serverMessages['errors.nul_character'];
  const field = where.replace(/^(params|query|body)\.?/, '') || '_';
  const error = new AppError(400, ErrorCode.Validation, message, {
    key: 'errors.nul_character',
    fields: { [field]: message },
  });
  done(
    Object.assign(error, {
      statusCode: 400,
      extensions: { code: ErrorCode.Validation, key: 'errors.nul_character', fields: error.fields },
    }),
  );
}
