import type { FastifyInstance } from 'fastify';
import { apiPaths, type AudienceChatMessage } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { liveChatSignIn } from '../../services/live/index.ts';
import { notFound } from '../../shared/errors.ts';
import { route } from '../route.ts';
import { hlsPlaylistParams } from './hls.schema.ts';
import { liveChatEventsQuery, liveChatPostRequest } from './chat.schema.ts';

/** A comment line keeps proxies from closing a quiet stream. */
const KEEPALIVE_MS = 25_000;

/**
 * The audience chat of the watch page (protocol api/live.ts):
 * - `GET /live/{alias}/chat/events?token=`: Server-Sent Events — `history`, then `message` per
 *   new line. Outside the API like the HLS (EventSource sends no custom header); it only reads.
 * - `POST /api/live/chat {token, text}`: signed in; one line as the account's public name.
 */
export function liveChatRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'GET',
    url: apiPaths.live.chatEvents,
    auth: 'none',
    input: liveChatEventsQuery,
    // Reconnects of EventSource and page loads; one stream stays open per watch page.
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    handler: async ({ ctx, input }) => {
      const params = hlsPlaylistParams.safeParse(ctx.request.params);
      if (!params.success) throw notFound();
      const live = ctx.services.live;
      const { aliasId, history } = await live.chatStream(params.data.alias, input.token);
      const reply = ctx.reply;
      // The stream is written by hand from here; Fastify no longer answers this request.
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx in front must not buffer the stream.
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      const send = (event: string, data: unknown) =>
        raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      send('history', history);
      const unsubscribe = live.chat.subscribe(aliasId, (message: AudienceChatMessage) =>
        send('message', message),
      );
      const keepalive = setInterval(() => raw.write(': keepalive\n\n'), KEEPALIVE_MS);
      keepalive.unref();
      const close = () => {
        clearInterval(keepalive);
        unsubscribe();
      };
      ctx.request.raw.once('close', close);
      raw.once('close', close);
      raw.once('error', close);
      return undefined;
    },
  });

  route(app, services, {
    method: 'POST',
    url: apiPaths.live.chat,
    auth: 'optional',
    input: liveChatPostRequest,
    // Per address; the service limits each account per event (LIVE_CHAT_BURST).
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    handler: async ({ ctx, input }) => {
      if (!ctx.account) throw liveChatSignIn();
      const message = await ctx.services.live.postChat(input.token, ctx.account.id, input.text);
      return { message };
    },
  });
}
