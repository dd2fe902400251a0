import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { apiPaths } from '@podium/protocol';
import type { HlsAnswer } from '../../services/live/index.ts';
import type { Services } from '../../services/index.ts';
import { notFound } from '../../shared/errors.ts';
import { route, type HandlerContext } from '../route.ts';
import { fromNodeAllowList, liveCaller, sendFromOwner } from './owner-forward.ts';
import { hlsFileParams, hlsPlaylistParams, hlsQuery } from './hls.schema.ts';

/**
 * The HLS output of a room on air, as players fetch it: `GET /live/{alias}/hls/index.m3u8` and
 * `GET /live/{alias}/hls/{run}/{file}`, each with `?token=` (a playback token). Plain GETs
 * outside the API (no X-Requested-With), so hls.js, a native player or a CDN in front can make
 * them. Caching: services/live/hls-files.ts (playlists private no-cache, segments immutable).
 * On a cluster, the requests of a room another node runs are answered by that node
 * (owner-forward.ts).
 */
export function hlsRoutes(app: FastifyInstance, services: Services): void {
  // A player reloads the playlist every segment and fetches each segment: about two requests
  // a second per viewer; a CDN in front takes most of the segments.
  const rateLimit = {
    rateLimit: { max: 1200, timeWindow: '1 minute', allowList: fromNodeAllowList(services) },
  };
  route(app, services, {
    method: 'GET',
    url: apiPaths.hls.playlist,
    auth: 'none',
    input: hlsQuery,
    config: rateLimit,
    handler: async ({ ctx, input }) => {
      const params = hlsPlaylistParams.safeParse(ctx.request.params);
      if (!params.success) throw notFound();
      const caller = await liveCaller(ctx.services, ctx.request);
      return send(ctx, await ctx.services.live.playlist(params.data.alias, input.token, caller));
    },
  });
  route(app, services, {
    method: 'GET',
    url: apiPaths.hls.file,
    auth: 'none',
    input: hlsQuery,
    config: rateLimit,
    handler: async ({ ctx, input }) => {
      const params = hlsFileParams.safeParse(ctx.request.params);
      if (!params.success) throw notFound();
      const { alias, run, file } = params.data;
      const caller = await liveCaller(ctx.services, ctx.request);
      return send(ctx, await ctx.services.live.file(alias, run, file, input.token, caller));
    },
  });
}

function send(ctx: HandlerContext<'none'>, answer: HlsAnswer): unknown {
  if (answer.kind === 'owner') return sendFromOwner(ctx, answer.owner, answer.path);
  const reply = ctx.reply;
  reply
    .header('content-type', answer.contentType)
    .header('cache-control', answer.cacheControl)
    // SECURITY: media bytes are never sniffed into something runnable.
    .header('x-content-type-options', 'nosniff');
  if (answer.kind === 'text') return answer.body;
  reply.header('content-length', String(answer.size));
  return fs.createReadStream(answer.path);
}
