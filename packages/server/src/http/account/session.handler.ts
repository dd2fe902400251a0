import type { FastifyInstance } from 'fastify';
import { loginRequest, renewRequest, type LoginResponse } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { withRetryAfter } from './retry-after.ts';
import { logoutRequest } from './session.schema.ts';

export function sessionRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: '/api/v1/user/session/new',
    auth: 'none',
    input: loginRequest,
    handler: ({ ctx, input }): Promise<LoginResponse> =>
      withRetryAfter(ctx.reply, () =>
        ctx.services.accounts.login(input.username, input.password, { ip: ctx.request.ip }),
      ),
  });

  route(app, services, {
    method: 'POST',
    url: '/api/v1/user/session/renew',
    auth: 'none',
    input: renewRequest,
    handler: ({ ctx, input }) => ctx.services.accounts.renew(input.renewal_token),
  });

  route(app, services, {
    method: 'DELETE',
    url: '/api/v1/user/session',
    auth: 'required',
    input: logoutRequest,
    handler: async ({ ctx }) => {
      await ctx.services.accounts.logout(ctx.account);
      return { status: 'ok' };
    },
  });
}
