import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { outboxInput } from './outbox.schema.ts';
import { readOutbox } from './outbox.source.ts';
import { pageLanguage, renderOutboxPage } from './outbox.page.ts';
import { apiPaths } from '@podium/protocol';

export function outboxRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'GET',
    url: apiPaths.dev.outbox,
    auth: 'none',
    input: outboxInput,
    handler: async ({ ctx }) => {
      const entries = await readOutbox(ctx.services);
      ctx.reply
        .type('text/html; charset=utf-8')
        // SECURITY: the page needs no script at all; forbid it outright.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cache-control', 'no-store');
      return renderOutboxPage(entries, pageLanguage(ctx.request.headers['accept-language']));
    },
  });

  route(app, services, {
    method: 'GET',
    url: apiPaths.dev.outboxJson,
    auth: 'none',
    input: outboxInput,
    handler: async ({ ctx }) => {
      ctx.reply.header('cache-control', 'no-store');
      return { entries: await readOutbox(ctx.services) };
    },
  });
}
