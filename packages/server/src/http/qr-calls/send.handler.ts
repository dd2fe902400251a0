import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { assertNever } from '../../shared/assert-never.ts';
import { unauthorized } from '../../shared/errors.ts';
import { route } from '../route.ts';
import { qrCallSendRequest } from './send.schema.ts';
import { apiPaths } from '@podium/protocol';

/**
 * Spec §7 Signal `POST /1-1/send`: the one-to-one signals of a QR call. The visitor (guest or
 * signed in) sends `call`, `wait`, `cancel` with the call's token; agents (signed in) send
 * `accept` and `decline`.
 */
export function sendRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: apiPaths.qrCalls.send,
    auth: 'optional',
    input: qrCallSendRequest,
    handler: async ({ ctx, input }) => {
      const qr = ctx.services.qrCalls;
      switch (input.type) {
        case 'call':
          return qr.call(input, { account: ctx.account, address: ctx.request.ip });
        case 'wait':
          return qr.wait(input);
        case 'cancel':
          return qr.cancel(input);
        case 'accept':
          if (!ctx.account) throw unauthorized();
          return qr.accept(ctx.account, input.call_id);
        case 'decline':
          if (!ctx.account) throw unauthorized();
          return qr.decline(ctx.account, input.call_id);
        default:
          return assertNever(input, 'signal');
      }
    },
  });
}
