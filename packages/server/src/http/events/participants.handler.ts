import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { route, validationError } from '../route.ts';
import {
  agentAddRequest,
  participantAddInput,
  participantAddRequest,
  participantAliasQuery,
  participantRemoveRequest,
} from './participants.schema.ts';
import { apiPaths } from '@podium/protocol';

/** People invited to an event (T, owner only); adding one mails the invitation. */
export function participantRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: apiPaths.events.participantAdd,
    auth: 'required',
    input: participantAddInput,
    status: 201,
    handler: async ({ ctx, input }) => {
      // A QR-code alias has agents (accounts) instead of invited people: services/qr-calls.
      if (
        typeof input.alias === 'string' &&
        (await ctx.services.qrCalls.isQrCodeAlias(input.alias))
      ) {
        const agent = agentAddRequest.safeParse(input);
        if (!agent.success) throw validationError(agent.error);
        return ctx.services.qrCalls.addAgent(ctx.account, agent.data);
      }
      const parsed = participantAddRequest.safeParse(input);
      if (!parsed.success) throw validationError(parsed.error);
      return ctx.services.events.addParticipant(ctx.account, parsed.data);
    },
  });

  route(app, services, {
    method: 'GET',
    url: apiPaths.events.participantList,
    auth: 'required',
    input: participantAliasQuery,
    handler: async ({ ctx, input }) =>
      (await ctx.services.qrCalls.isQrCodeAlias(input.alias))
        ? ctx.services.qrCalls.listAgents(ctx.account, input.alias)
        : ctx.services.events.listParticipants(ctx.account, input.alias),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.events.participantRemove,
    auth: 'required',
    input: participantRemoveRequest,
    handler: async ({ ctx, input }) =>
      (await ctx.services.qrCalls.isQrCodeAlias(input.alias))
        ? ctx.services.qrCalls.removeAgent(ctx.account, input)
        : ctx.services.events.removeParticipant(ctx.account, input),
  });

  route(app, services, {
    method: 'GET',
    url: apiPaths.events.participantUrl,
    auth: 'required',
    input: participantAliasQuery,
    handler: async ({ ctx, input }) =>
      (await ctx.services.qrCalls.isQrCodeAlias(input.alias))
        ? ctx.services.qrCalls.agentUrl(ctx.account, input.alias)
        : ctx.services.events.participantUrl(ctx.account, input.alias),
  });
}
