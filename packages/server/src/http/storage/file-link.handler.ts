import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROOM_CREDENTIALS_HEADER, apiPaths } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { route } from '../route.ts';
import { fileLinkInput } from './file-link.schema.ts';

function roomCredentials(request: FastifyRequest): string | undefined {
  const value = request.headers[ROOM_CREDENTIALS_HEADER.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * `POST /api/storage/file-link {id}`: a short-lived signed download link of a chat file, for
 * someone in the live room who may see it (room credentials) or its uploader (access token).
 */
export function fileLinkRoute(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: apiPaths.storage.fileLink,
    auth: 'optional',
    input: fileLinkInput,
    config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    handler: ({ ctx, input }) =>
      ctx.services.storage.linkFor(input.id, ctx.account, roomCredentials(ctx.request)),
  });
}
