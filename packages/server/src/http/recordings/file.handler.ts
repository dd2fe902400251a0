import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { apiPaths, serverMessages } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { parseRange } from '../../services/recordings/index.ts';
import { attachmentDisposition } from '../../services/storage/index.ts';
import { AppError } from '../../shared/errors.ts';
import { route } from '../route.ts';
import { recordingFileRequest } from './file.schema.ts';
import { recordingParam } from './params.ts';

/**
 * `GET /api/recordings/:id/file`: the MP4, for the event's owner (access token) or a signed
 * link. Honours one byte range (206 + Content-Range; 416 outside the file), so players seek and
 * downloads resume.
 */
export function recordingFileRoute(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'GET',
    url: apiPaths.recordings.file,
    auth: 'optional',
    input: recordingFileRequest,
    config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    handler: async ({ ctx, input }) => {
      const file = await ctx.services.recordings.file(recordingParam(ctx.request.params), {
        accountId: ctx.account?.id ?? null,
        ...(input.exp !== undefined ? { exp: input.exp } : {}),
        ...(input.sig !== undefined ? { sig: input.sig } : {}),
      });
      const header = ctx.request.headers.range;
      const range = parseRange(typeof header === 'string' ? header : undefined, file.size);
      if (range.kind === 'unsatisfiable') {
        return ctx.reply
          .code(416)
          .header('content-range', `bytes */${file.size}`)
          .send(
            new AppError(
              416,
              'range_not_satisfiable',
              serverMessages['errors.range_not_satisfiable'],
              {
                key: 'errors.range_not_satisfiable',
              },
            ).toBody(),
          );
      }
      // SECURITY: an opaque download of our own MP4; nosniff and the sandbox keep it from ever
      // running as a page of this origin.
      ctx.reply
        .header('accept-ranges', 'bytes')
        .header('content-type', 'video/mp4')
        .header('content-disposition', attachmentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'private, no-store');
      if (range.kind === 'whole') {
        ctx.reply.code(200).header('content-length', String(file.size));
        return ctx.reply.send(fs.createReadStream(file.path));
      }
      ctx.reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', String(range.end - range.start + 1));
      return ctx.reply.send(fs.createReadStream(file.path, { start: range.start, end: range.end }));
    },
  });
}
