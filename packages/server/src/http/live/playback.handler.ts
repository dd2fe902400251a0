import type { FastifyInstance } from 'fastify';
import { apiPaths } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { livePlaybackRequest } from './playback.schema.ts';

/**
 * `POST /api/live/playback {ticket} | {token}`: a playback token for the watch page.
 * SECURITY: the ticket comes from verify-call, so the event's passcode rule (and its guessing
 * limits) apply exactly as for joining; this endpoint judges no passcode itself. The per-address
 * limit keeps one client from minting viewers by the thousand.
 */
export function livePlaybackRoute(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: apiPaths.live.playback,
    auth: 'none',
    input: livePlaybackRequest,
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async ({ ctx, input }) => {
      ctx.reply.header('cache-control', 'no-store');
      return ctx.services.live.playback(input);
    },
  });
}
