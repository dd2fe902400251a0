import type { FastifyInstance } from 'fastify';
import { apiPaths, type RecordingListResponse } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { listRecordingsRequest } from './list.schema.ts';

/** `GET /api/recordings`: the recordings of the signed-in account's events, newest first. */
export function listRecordingsRoute(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'GET',
    url: apiPaths.recordings.list,
    auth: 'required',
    input: listRecordingsRequest,
    handler: async ({ ctx }): Promise<RecordingListResponse> => ({
      recordings: await ctx.services.recordings.list(ctx.account.id),
    }),
  });
}
