import type { FastifyInstance } from 'fastify';
import { apiPaths, signupRequest, type SignupResponse } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { withRetryAfter } from './retry-after.ts';

export function signupRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: apiPaths.account.signup,
    auth: 'none',
    input: signupRequest,
    status: 201,
    handler: ({ ctx, input }): Promise<SignupResponse> =>
      withRetryAfter(ctx.reply, () => ctx.services.accounts.signup(input, { ip: ctx.request.ip })),
  });
}
