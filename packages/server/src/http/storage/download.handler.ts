import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { apiPaths } from '@podium/protocol';
import type { Services } from '../../services/index.ts';
import { attachmentDisposition } from '../../services/storage/index.ts';
import { notFound } from '../../shared/errors.ts';
import { route } from '../route.ts';
import { downloadInput, downloadParams } from './download.schema.ts';

/**
 * `GET /api/storage/file/:id?exp=…&sig=…`: the bytes of a shared file. No account is needed (a
 * chat message is read by guests too): the signed link handed with the message is the
 * capability. SECURITY: the id alone opens only public files (avatars); see
 * services/storage/links.ts.
 */
export function downloadRoute(app: FastifyInstance, services: Services): void {
  route(app, services, {
    method: 'GET',
    url: apiPaths.storage.file,
    auth: 'optional',
    input: downloadInput,
    config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    handler: async ({ ctx, input }) => {
      const params = downloadParams.safeParse(ctx.request.params);
      if (!params.success) throw notFound();
      const stored = await ctx.services.storage.openForDownload(params.data.id, {
        exp: input.exp,
        sig: input.sig,
        account: ctx.account,
      });
      if (!stored) throw notFound();
      const { row } = stored;
      // SECURITY: a file must never run as a page of our origin. Only images whose bytes were
      // sniffed at upload keep their type; everything else is an opaque download, nosniff stops
      // the browser guessing, and the sandboxing CSP covers a file opened directly anyway.
      ctx.reply
        .header('content-type', row.kind === 'image' ? row.mime : 'application/octet-stream')
        .header('content-disposition', attachmentDisposition(row.name))
        .header('content-length', String(stored.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'private, max-age=86400');
      return fs.createReadStream(stored.path);
    },
  });
}
