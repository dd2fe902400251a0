import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

/** A year: hashed assets never change under their name (a new build gives a new name). */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the favicon) is revalidated on every use (ETag/Last-Modified). */
const REVALIDATE = 'no-cache';

/**
 * How the built web app (apps/web/dist) is served: the `.br`/`.gz` copies the build wrote beside
 * each text file (scripts/build-web.mjs) go to browsers that accept them, so no request pays for
 * compression; Vite's content-hashed files under /assets/ are cached for good, while index.html,
 * which names the current hashes, is checked each time so a new build reaches browsers at once.
 */
export function webStaticOptions(root: string): FastifyStaticOptions {
  const assetsDir = path.join(root, 'assets') + path.sep;
  return {
    root,
    // Routes for the files present at start; files a later build adds are served by the
    // not-found handler (app.ts), with the same options.
    wildcard: false,
    index: false,
    preCompressed: true,
    // The header is set below per file, instead of send's `max-age=0`.
    cacheControl: false,
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  };
}
