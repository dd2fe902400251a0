import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { signalAuthRequest } from './auth.schema.ts';
import { apiPaths } from '@podium/protocol';

/**
 * Spec §7 Signal: socket credentials from a join ticket, or from an access token plus an alias.
 * Credentials are bearer tokens for one room; they are cheap to verify, so the limit is generous
 * and only stops scripted floods.
 */
export function signalAuthRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: apiPaths.signal.auth,
    auth: 'optional',
    input: signalAuthRequest,
    config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
    handler: ({ ctx, input }) =>
      ctx.services.signal.issue(input, ctx.account, { address: ctx.request.ip }),
  });
}
