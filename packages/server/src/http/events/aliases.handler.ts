import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import {
  createAliasRequest,
  deleteAliasRequest,
  hostUrlQuery,
  listAliasesRequest,
  updateAliasRequest,
} from './aliases.schema.ts';
import { apiPaths } from '@podium/protocol';

/** The owner's events: spec §7 "QR code/conference" (T) endpoints. */
export function aliasRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: apiPaths.events.create,
    auth: 'required',
    input: createAliasRequest,
    status: 201,
    handler: ({ ctx, input }) => ctx.services.events.create(ctx.account, input),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.events.update,
    auth: 'required',
    input: updateAliasRequest,
    handler: ({ ctx, input }) => ctx.services.events.update(ctx.account, input),
  });

  route(app, services, {
    method: 'DELETE',
    url: apiPaths.events.remove,
    auth: 'required',
    input: deleteAliasRequest,
    handler: ({ ctx, input }) => ctx.services.events.remove(ctx.account, input.id),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.events.list,
    auth: 'required',
    input: listAliasesRequest,
    // This is the conference list: QR-code aliases stay out of it unless asked for.
    handler: ({ ctx, input }) =>
      ctx.services.events.list(ctx.account, { ...input, type: input.type ?? 'conference' }),
  });

  route(app, services, {
    method: 'GET',
    url: apiPaths.events.hostUrl,
    auth: 'required',
    input: hostUrlQuery,
    handler: ({ ctx, input }) => ctx.services.events.hostUrl(ctx.account, input.alias),
  });
}
