import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROOM_CREDENTIALS_HEADER, apiPaths } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import type { UploadPart } from '../../services/storage/index.ts';
import { fileTooLarge, noFile } from '../../services/storage/errors.ts';
import { route } from '../route.ts';
import { MULTIPART_OVERHEAD_BYTES, uploadInput } from './upload.schema.ts';

function roomCredentials(request: FastifyRequest): string | undefined {
  const value = request.headers[ROOM_CREDENTIALS_HEADER.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The multipart parts, with the connection dropped once the body passes `cap` bytes. The parser
 * stops storing a file past the largest limit but would read (and drop) an endless chunked body
 * for ever; this ends that.
 */
export function cappedParts(request: FastifyRequest, cap: number): AsyncIterable<UploadPart> {
  const parts = request.parts() as AsyncIterator<UploadPart>;
  // The first call runs up to the parser's first wait, which pipes the request into the parser:
  // only from then on may another 'data' listener watch the bytes without taking any away.
  const first = parts.next();
  let seen = 0;
  request.raw.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > cap && !request.raw.destroyed) request.raw.destroy();
  });
  let started = false;
  return {
    [Symbol.asyncIterator]: () => ({
      next: () => {
        if (started) return parts.next();
        started = true;
        return first;
      },
    }),
  };
}

/**
 * Spec §7 File: `POST /api/storage/upload-file` with an access token, or with the live room's
 * socket credentials (guests chat too). Registered inside the scope that parses multipart.
 */
export function uploadRoute(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'POST',
    url: apiPaths.storage.upload,
    auth: 'optional',
    input: uploadInput,
    status: 201,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    handler: async ({ ctx }) => {
      const { storage } = ctx.services;
      const uploader = await storage.uploader(ctx.account, roomCredentials(ctx.request));
      if (!ctx.request.isMultipart()) throw noFile();
      const declared = Number(ctx.request.headers['content-length']);
      if (declared > storage.maxFileBytes + MULTIPART_OVERHEAD_BYTES) {
        // Far over any limit: answer at once and drop the connection instead of reading it all.
        ctx.reply.header('connection', 'close');
        throw fileTooLarge();
      }
      return storage.upload(
        cappedParts(ctx.request, storage.maxFileBytes + MULTIPART_OVERHEAD_BYTES),
        uploader,
      );
    },
  });
}
