import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Services } from '../../services/index.ts';
import { downloadRoute } from './download.handler.ts';
import { fileLinkRoute } from './file-link.handler.ts';
import { uploadRoute } from './upload.handler.ts';
import { multipartLimits } from './upload.schema.ts';

/**
 * Spec §7 File: chat file sharing. Multipart parsing is registered only in the upload's scope,
 * streaming (never buffering a file whole) and cut off past the largest limit.
 */
export function storageRoutes(app: FastifyInstance, services: Services): void {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: multipartLimits(services.storage.maxFileBytes),
      // The service checks `truncated` itself and answers with the storage error shape.
      throwFileSizeLimit: false,
    });
    uploadRoute(scope, services);
  });
  downloadRoute(app, services);
  fileLinkRoute(app, services);
}
