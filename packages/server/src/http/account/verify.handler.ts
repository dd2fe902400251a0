import type { FastifyInstance } from 'fastify';
import {
  type AccountDto,
  apiPaths,
  codeRequest,
  phoneResendRequest,
  resendRequest,
} from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { withRetryAfter } from './retry-after.ts';

export function verifyRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: apiPaths.account.confirmEmail,
    auth: 'required',
    input: codeRequest,
    handler: ({ ctx, input }): Promise<AccountDto> =>
      ctx.services.accounts.confirmEmail(ctx.account, input.code),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.account.resendEmail,
    auth: 'none',
    input: resendRequest,
    handler: async ({ ctx, input }) => {
      await withRetryAfter(ctx.reply, () =>
        ctx.services.accounts.resendVerification(input.username, { ip: ctx.request.ip }),
      );
      return { status: 'ok' };
    },
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.account.phoneResend,
    auth: 'none',
    input: phoneResendRequest,
    handler: async ({ ctx, input }) => {
      await withRetryAfter(ctx.reply, () =>
        ctx.services.accounts.phoneResend(input.phone, { ip: ctx.request.ip }),
      );
      return { status: 'ok' };
    },
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.account.phoneVerify,
    auth: 'required',
    input: codeRequest,
    handler: ({ ctx, input }): Promise<AccountDto> =>
      ctx.services.accounts.phoneVerify(ctx.account, input.code),
  });
}
