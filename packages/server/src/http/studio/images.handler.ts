import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { STUDIO_IMAGE_MAX_BYTES, apiPaths, type StudioImageResponse } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { fileTooLarge, noFile } from '../../services/storage/errors.ts';
import { studioError } from '../../services/studio/errors.ts';
import { route } from '../route.ts';
import { cappedParts } from '../storage/upload.handler.ts';
import { MULTIPART_OVERHEAD_BYTES, multipartLimits } from '../storage/upload.schema.ts';
import { studioImageInput, studioImageQuery } from './images.schema.ts';

/**
 * `POST /api/studio/images?purpose=…` (signed in: hosts brand their events; co-hosts are
 * signed-in participants, guests cannot be co-hosts). Multipart parsing only in this scope, cut
 * off just past the 1 MB limit.
 */
export function studioImageRoutes(app: FastifyInstance, services: Services): void {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: multipartLimits(STUDIO_IMAGE_MAX_BYTES),
      throwFileSizeLimit: false,
    });
    route(scope, services, {
      method: 'POST',
      url: apiPaths.studio.images,
      auth: 'required',
      input: studioImageInput,
      status: 201,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      handler: ({ ctx }): Promise<StudioImageResponse> => {
        const query = studioImageQuery.safeParse(ctx.request.query);
        if (!query.success) throw studioError('studio.invalid', 'purpose');
        if (!ctx.request.isMultipart()) throw noFile();
        const cap = STUDIO_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;
        if (Number(ctx.request.headers['content-length']) > cap) {
          ctx.reply.header('connection', 'close');
          throw fileTooLarge();
        }
        return ctx.services.studio.uploadImage(
          ctx.account.id,
          query.data.purpose,
          cappedParts(ctx.request, cap),
        );
      },
    });
  });
}
