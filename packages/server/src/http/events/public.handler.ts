import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../../services/index.ts';
import { TooManyFailures } from '../../services/events/errors.ts';
import { route } from '../route.ts';
import {
  calendarQuery,
  detailQuery,
  shortDetailQuery,
  verifyCallRequest,
} from './public.schema.ts';
import { apiPaths } from '@podium/protocol';
import { admitCall } from '../../services/events/admit-call.ts';

async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TooManyFailures) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    throw error;
  }
}

/** Public join endpoints: anyone holding a link may look the event up and ask to join. */
export function publicEventRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'GET',
    url: apiPaths.events.shortDetail,
    auth: 'none',
    input: shortDetailQuery,
    handler: ({ ctx, input }) => ctx.services.events.shortDetail(input.alias),
  });

  // join_type and user_identity are accepted for compatibility with existing clients; the join
  // ticket in authorize_data is what decides what is shown.
  route(app, services, {
    method: 'GET',
    url: apiPaths.events.detail,
    auth: 'none',
    input: detailQuery,
    handler: ({ ctx, input }) => ctx.services.events.detail(input.alias, input.authorize_data),
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.events.verifyCall,
    auth: 'optional',
    input: verifyCallRequest,
    // With `socket`, the room's credentials for this very ticket come too: the join page hands
    // them to the room, one round trip less before the socket (issue 11 item 3). The ticket stays
    // in the answer for reloads and the watch page. Should they fail, the admission still
    // stands: the room asks for them itself.
    handler: ({ ctx, input }) =>
      withRetryAfter(ctx.reply, () =>
        admitCall(ctx.services, input, { account: ctx.account, ip: ctx.request.ip }, (error) => {
          ctx.request.log.warn({ err: error }, 'socket credentials with verify-call failed');
        }),
      ),
  });

  route(app, services, {
    method: 'GET',
    url: apiPaths.events.calendar,
    auth: 'optional',
    input: calendarQuery,
    handler: async ({ ctx, input }) => {
      const file = await ctx.services.events.calendar(input.alias, {
        tz: input.tz,
        account: ctx.account,
        ticket: input.authorize_data,
      });
      ctx.reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`);
      return file.text;
    },
  });
}
