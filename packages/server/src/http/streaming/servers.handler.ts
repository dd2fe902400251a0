import type { FastifyInstance } from 'fastify';
import { apiPaths, type StreamServerListResponse } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import {
  streamServerCreateRequest,
  streamServerDeleteRequest,
  streamServerListRequest,
  streamServerUpdateRequest,
} from './servers.schema.ts';

/**
 * The account's saved live-stream destinations ("linked stream servers"). SECURITY: answers
 * carry `key_hint` (the key's last characters), never the key.
 */
export function streamServerRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'GET',
    url: apiPaths.streaming.list,
    auth: 'required',
    input: streamServerListRequest,
    handler: async ({ ctx }): Promise<StreamServerListResponse> => ({
      servers: await ctx.services.streaming.list(ctx.account.id),
    }),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.streaming.create,
    auth: 'required',
    input: streamServerCreateRequest,
    status: 201,
    handler: async ({ ctx, input }) => ({
      server: await ctx.services.streaming.create(ctx.account.id, input),
    }),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.streaming.update,
    auth: 'required',
    input: streamServerUpdateRequest,
    handler: async ({ ctx, input }) => ({
      server: await ctx.services.streaming.update(ctx.account.id, input),
    }),
  });

  route(app, services, {
    method: 'DELETE',
    url: apiPaths.streaming.remove,
    auth: 'required',
    input: streamServerDeleteRequest,
    handler: async ({ ctx, input }) => {
      await ctx.services.streaming.remove(ctx.account.id, input.id);
      return {};
    },
  });
}
