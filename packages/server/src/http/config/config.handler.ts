import type { FastifyInstance } from 'fastify';
import { apiPaths } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { callConfigRequest } from './config.schema.ts';

/**
 * Spec §7 "Call config": ICE servers for the browser, without a token (guests call too). Every
 * answer mints TURN credentials, so the per-address limit keeps one client from collecting
 * them in bulk; a browser asks once per call page and again only near expiry.
 */
export function callConfigRoute(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: apiPaths.config.call,
    auth: 'none',
    input: callConfigRequest,
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async ({ ctx }) => {
      // The credentials are per request: a cache in between would hand one to many people.
      ctx.reply.header('cache-control', 'no-store');
      return ctx.services.callConfig.forBrowser();
    },
  });
}
