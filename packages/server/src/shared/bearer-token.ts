import type { FastifyRequest } from 'fastify';

/**
 * The access token of a request's Authorization header (`Bearer <token>`, or the bare token
 * that older clients send). REST routes and GraphQL both authenticate with it.
 */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^(?:Bearer\s+)?(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}
