import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { forwardToRoomOwner } from '../room-owner-forward.ts';
import {
  catalogueRequest,
  donateRequest,
  giveGiftRequest,
  recipientRequest,
  sendGiftRequest,
} from './gifts.schema.ts';
import { apiPaths } from '@podium/protocol';

/** The gift catalogue and giving (spec §1 "gifts (need login and balance)", /gift pages). */
export function giftRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'GET',
    url: apiPaths.gifts.catalogue,
    auth: 'none',
    input: catalogueRequest,
    handler: ({ ctx }) => ctx.services.gifts.catalogue(),
  });

  route(app, services, {
    method: 'GET',
    url: apiPaths.gifts.recipient,
    auth: 'none',
    input: recipientRequest,
    handler: ({ ctx, input }) => ctx.services.gifts.recipient(input.to),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.gifts.give,
    auth: 'required',
    input: giveGiftRequest,
    // On a cluster the node running the room answers (it knows who is in it and announces).
    handler: async ({ ctx, input }) =>
      (await forwardToRoomOwner(ctx, input.room, apiPaths.gifts.give, input))
        ? undefined
        : ctx.services.gifts.giveInRoom(ctx.account, input),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.gifts.send,
    auth: 'required',
    input: sendGiftRequest,
    handler: ({ ctx, input }) => ctx.services.gifts.send(ctx.account, input),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.gifts.donate,
    auth: 'required',
    input: donateRequest,
    handler: ({ ctx, input }) => ctx.services.gifts.donate(ctx.account, input),
  });
}
