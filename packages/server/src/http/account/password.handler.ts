import type { FastifyInstance } from 'fastify';
import {
  type AccountDto,
  apiPaths,
  changePasswordRequest,
  forgotResetRequest,
  resetPasswordRequest,
  setPasswordRequest,
} from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { withRetryAfter } from './retry-after.ts';

export function passwordRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: apiPaths.account.changePassword,
    auth: 'required',
    input: changePasswordRequest,
    handler: ({ ctx, input }): Promise<AccountDto> =>
      withRetryAfter(ctx.reply, () =>
        ctx.services.accounts.changePassword(ctx.account, input.old_password, input.new_password),
      ),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.account.setPassword,
    auth: 'required',
    input: setPasswordRequest,
    handler: ({ ctx, input }): Promise<AccountDto> =>
      ctx.services.accounts.setPassword(ctx.account, input.password),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.account.resetPassword,
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
    url: apiPaths.account.forgotPasswordReset,
    auth: 'none',
    input: forgotResetRequest,
    handler: async ({ ctx, input }) => {
      await ctx.services.accounts.resetPassword(input.username, input.code, input.password);
      return { status: 'ok' };
    },
  });
}
