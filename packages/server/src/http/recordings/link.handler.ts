import type { FastifyInstance } from 'fastify';
import { apiPaths, type RecordingLinkResponse } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { recordingLinkRequest } from './link.schema.ts';
import { recordingParam } from './params.ts';

/** `POST /api/recordings/:id/link`: a short-lived download link, for the owner only. */
export function recordingLinkRoute(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: apiPaths.recordings.link,
    auth: 'required',
    input: recordingLinkRequest,
    handler: async ({ ctx }): Promise<RecordingLinkResponse> => {
      const id = recordingParam(ctx.request.params);
      const link = await ctx.services.recordings.link(id, ctx.account.id);
      return { url: link.url, expires_at: link.expiresAt };
    },
  });
}
