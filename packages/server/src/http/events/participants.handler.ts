import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import {
  participantAddRequest,
  participantAliasQuery,
  participantRemoveRequest,
} from './participants.schema.ts';

const base = '/api/account/qrcode/participant';

/** People invited to an event (T, owner only); adding one mails the invitation. */
export function participantRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: `${base}/add`,
    auth: 'required',
    input: participantAddRequest,
    status: 201,
    handler: ({ ctx, input }) => ctx.services.events.addParticipant(ctx.account, input),
  });

  route(app, services, {
    method: 'GET',
    url: `${base}/list`,
    auth: 'required',
    input: participantAliasQuery,
    handler: ({ ctx, input }) => ctx.services.events.listParticipants(ctx.account, input.alias),
  });

  route(app, services, {
    method: 'POST',
    url: `${base}/remove`,
    auth: 'required',
    input: participantRemoveRequest,
    handler: ({ ctx, input }) => ctx.services.events.removeParticipant(ctx.account, input),
  });

  route(app, services, {
    method: 'GET',
    url: `${base}/url`,
    auth: 'required',
    input: participantAliasQuery,
    handler: ({ ctx, input }) => ctx.services.events.participantUrl(ctx.account, input.alias),
  });
}
