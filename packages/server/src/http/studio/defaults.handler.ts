import type { FastifyInstance } from 'fastify';
import { apiPaths, type StudioDefaultsResponse } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { studioDefaultsGet, studioDefaultsPut } from './defaults.schema.ts';

/** The account's studio defaults (/app/customize_conference), copied into each new event. */
export function studioDefaultsRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'GET',
    url: apiPaths.studio.defaults,
    auth: 'required',
    input: studioDefaultsGet,
    handler: async ({ ctx }): Promise<StudioDefaultsResponse> => ({
      studio: await ctx.services.studio.defaults(ctx.account.id),
    }),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.studio.defaults,
    auth: 'required',
    input: studioDefaultsPut,
    handler: async ({ ctx, input }): Promise<StudioDefaultsResponse> => ({
      studio: await ctx.services.studio.saveDefaults(ctx.account.id, input.studio),
    }),
  });
}
