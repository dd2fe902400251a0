import type { FastifyInstance } from 'fastify';
import {
  apiPaths,
  enterpriseLoginRequest,
  type EnterpriseLoginResponse,
  enterpriseStatusRequest,
} from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { withRetryAfter } from '../account/retry-after.ts';

export function enterpriseRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: apiPaths.enterprise.loginTts,
    auth: 'none',
    input: enterpriseLoginRequest,
    handler: async ({ ctx, input }) => {
      const result: EnterpriseLoginResponse = await withRetryAfter(ctx.reply, () =>
        ctx.services.domains.enterpriseLogin(input, { ip: ctx.request.ip }),
      );
      ctx.reply.header('authorization', result.authorization);
      return result;
    },
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.enterprise.statusUpdate,
    auth: 'required',
    input: enterpriseStatusRequest,
    handler: async ({ ctx, input }) =>
      ctx.services.domains.updateStatus(ctx.account, input.domain, input.status),
  });
}
