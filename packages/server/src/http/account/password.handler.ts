import type { FastifyInstance } from 'fastify';
import {
  changePasswordRequest,
  forgotResetRequest,
  resetPasswordRequest,
  setPasswordRequest,
  type AccountDto,
} from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { withRetryAfter } from './retry-after.ts';

export function passwordRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: '/api/v1/user/change-password',
    auth: 'required',
    input: changePasswordRequest,
    handler: ({ ctx, input }): Promise<AccountDto> =>
      withRetryAfter(ctx.reply, () =>
        ctx.services.accounts.changePassword(ctx.account, input.old_password, input.new_password),
      ),
  });

  route(app, services, {
    method: 'POST',
    url: '/api/account/set-pwd',
    auth: 'required',
    input: setPasswordRequest,
    handler: ({ ctx, input }): Promise<AccountDto> =>
      ctx.services.accounts.setPassword(ctx.account, input.password),
  });

  route(app, services, {
    method: 'POST',
    url: '/api/v1/user/reset-password',
    auth: 'none',
    input: resetPasswordRequest,
    handler: async ({ ctx, input }) => {
      await withRetryAfter(ctx.reply, () =>
        ctx.services.accounts.requestPasswordReset(input.username, { ip: ctx.request.ip }),
      );
      return { status: 'ok' };
    },
  });

  route(app, services, {
    method: 'POST',
    url: '/api/account/forgot-pwd/reset',
    auth: 'none',
    input: forgotResetRequest,
    handler: async ({ ctx, input }) => {
      await ctx.services.accounts.resetPassword(input.username, input.code, input.password);
      return { status: 'ok' };
    },
  });
}
