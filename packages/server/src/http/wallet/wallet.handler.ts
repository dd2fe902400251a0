import type { FastifyInstance } from 'fastify';
import { apiPaths } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { transferView } from '../../services/wallet/index.ts';
import { route } from '../route.ts';
import {
  walletDevCreditRequest,
  walletHistoryRequest,
  walletListRequest,
} from './wallet.schema.ts';

/** Spec §7 `GET /api/account/wallet/list` and the wallet page's history. */
export function walletRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'GET',
    url: apiPaths.wallet.list,
    auth: 'required',
    input: walletListRequest,
    handler: ({ ctx }) => ctx.services.wallet.balances(ctx.account.id),
  });

  route(app, services, {
    method: 'GET',
    url: apiPaths.wallet.transfers,
    auth: 'required',
    input: walletHistoryRequest,
    handler: ({ ctx, input }) => ctx.services.wallet.history(ctx.account.id, input),
  });

  // SECURITY: lets a signed-in person mint money for themselves; development tools only (the
  // same switch as the dev outbox, which already hands out sign-in codes).
  if (services.config.devTools) {
    route(app, services, {
      method: 'POST',
      url: apiPaths.wallet.devCredit,
      auth: 'required',
      input: walletDevCreditRequest,
      handler: async ({ ctx, input }) => {
        const result = await ctx.services.wallet.creditSelf(ctx.account.id, {
          amount: input.amount,
          unit: input.unit,
          idempotencyKey: input.idempotency_key,
        });
        return {
          transfer: transferView(result.transfer),
          replayed: result.replayed,
          balances: await ctx.services.wallet.balances(ctx.account.id),
        };
      },
    });
  }
}
