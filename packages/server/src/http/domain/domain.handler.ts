import type { FastifyInstance } from 'fastify';
import { apiPaths, findDomainRequest } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { listJsonRequest } from './domain.schema.ts';

export function domainRoutes(app: FastifyInstance, services: Services): void {
  // Spec §7 "Signal": the environment of an organization domain for /domain.
  route(app, services, {
    method: 'POST',
    url: apiPaths.domain.find,
    auth: 'none',
    input: findDomainRequest,
    // Looking domains up one by one is how someone would list them; keep it slow.
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async ({ ctx, input }) => ctx.services.domains.find(input.domain),
  });

  // Spec §3/§4: what a subdomain's web app fetches from its parent domain to learn its
  // environment. Public configuration, readable from any origin.
  route(app, services, {
    method: 'GET',
    url: apiPaths.domain.list,
    auth: 'none',
    input: listJsonRequest,
    handler: async ({ ctx }) => {
      ctx.reply.header('access-control-allow-origin', '*');
      ctx.reply.header('cache-control', 'public, max-age=300');
      return ctx.services.domains.listJson();
    },
  });
}
