import type { FastifyInstance } from 'fastify';
import { apiPaths, loginRequest, type LoginResponse, renewRequest } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { withRetryAfter } from './retry-after.ts';
import { logoutRequest } from './session.schema.ts';

export function sessionRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: apiPaths.session.login,
    auth: 'none',
    input: loginRequest,
    handler: ({ ctx, input }): Promise<LoginResponse> =>
      withRetryAfter(ctx.reply, () =>
        ctx.services.accounts.login(input.username, input.password, { ip: ctx.request.ip }),
      ),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.session.renew,
    auth: 'none',
    input: renewRequest,
    handler: ({ ctx, input }) => ctx.services.accounts.renew(input.renewal_token),
  });

  route(app, services, {
    method: 'DELETE',
    url: apiPaths.session.logout,
    auth: 'required',
    input: logoutRequest,
    handler: async ({ ctx }) => {
      await ctx.services.accounts.logout(ctx.account);
      return { status: 'ok' };
    },
  });
}
