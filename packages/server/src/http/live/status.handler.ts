import type { FastifyInstance } from 'fastify';
import { apiPaths } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { fromNodeAllowList, liveCaller } from './owner-forward.ts';
import { liveStatusQuery } from './status.schema.ts';

/**
 * `GET /api/live/status?alias=`: what the watch page shows before and while playing — title,
 * on air or not, viewers. Public like short-detail (the title is what a link shows anyway).
 */
export function liveStatusRoute(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'GET',
    url: apiPaths.live.status,
    auth: 'none',
    input: liveStatusQuery,
    config: {
      rateLimit: { max: 300, timeWindow: '1 minute', allowList: fromNodeAllowList(services) },
    },
    handler: async ({ ctx, input }) => {
      ctx.reply.header('cache-control', 'no-cache');
      // On a cluster, the status of a room another node runs is that node's (its viewers).
      return ctx.services.live.status(input.alias, await liveCaller(ctx.services, ctx.request));
    },
  });
}
