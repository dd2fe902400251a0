import type { FastifyInstance } from 'fastify';
import { CLIENT_LOG_MAX_BYTES, CLIENT_LOG_RATE_PER_MINUTE, apiPaths } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { clientLogRequest } from './log.schema.ts';

/**
 * Spec §7 "Logger": stores one error report from a browser. Anyone may send one (errors happen
 * before sign-in too), so the body is capped well below the server-wide limit and each address
 * is rate-limited: a broken page looping on an error cannot fill the table.
 */
export function clientLogRoute(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: apiPaths.logger.clientLog,
    auth: 'optional',
    input: clientLogRequest,
    status: 201,
    bodyLimit: CLIENT_LOG_MAX_BYTES,
    config: { rateLimit: { max: CLIENT_LOG_RATE_PER_MINUTE, timeWindow: '1 minute' } },
    handler: ({ ctx, input }) =>
      ctx.services.clientLogs.record(input, {
        accountId: ctx.account?.id ?? null,
        userAgent: ctx.request.headers['user-agent'] ?? null,
        ip: ctx.request.ip,
      }),
  });
}
