import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { liveChatRoutes } from './chat.handler.ts';
import { hlsRoutes } from './hls.handler.ts';
import { livePlaybackRoute } from './playback.handler.ts';
import { liveStatusRoute } from './status.handler.ts';

/** The public watch page (/live/{alias}): status, playback tokens, the room's HLS, audience chat. */
export function liveRoutes(app: FastifyInstance, services: Services): void {
  liveStatusRoute(app, services);
  livePlaybackRoute(app, services);
  hlsRoutes(app, services);
  liveChatRoutes(app, services);
}
