import type { FastifyInstance } from 'fastify';
import { apiPaths } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { recordingParam } from './params.ts';
import { removeRecordingRequest } from './remove.schema.ts';

/** `DELETE /api/recordings/:id`: the file and the entry go (the owner only). */
export function removeRecordingRoute(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'DELETE',
    url: apiPaths.recordings.item,
    auth: 'required',
    input: removeRecordingRequest,
    handler: async ({ ctx }) => {
      await ctx.services.recordings.remove(recordingParam(ctx.request.params), ctx.account.id);
      return { status: 'ok' };
    },
  });
}
