import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/** Video sites whose players coming features embed (watch-together / video link). */
export const EMBED_FRAME_SOURCES = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
] as const;

/** HSTS lifetime once PUBLIC_URL is https: 180 days (no includeSubDomains: not ours to decide). */
const HSTS_MAX_AGE_SECONDS = 180 * 24 * 3600;

/**
 * `'sha256-…'` sources for the inline scripts of the built index.html (the colour-scheme script
 * that runs before the app), read again whenever the file changes, so a rebuild under a running
 * server keeps working.
 */
export function inlineScriptHashes(indexHtml: string): () => string[] {
  let seen: { mtimeMs: number; hashes: string[] } | undefined;
  return () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(indexHtml);
    } catch {
      return [];
    }
    if (seen?.mtimeMs === stat.mtimeMs) return seen.hashes;
    const html = fs.readFileSync(indexHtml, 'utf8');
    const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
      .map((m) => m[1] ?? '')
      .filter((body) => body.trim() !== '')
      .map((body) => `'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`);
    seen = { mtimeMs: stat.mtimeMs, hashes };
    return hashes;
  };
}

export interface SecurityHeaderOptions {
  publicUrl: string;
  /** Origins allowed to frame Podium (FRAME_ANCESTORS); empty: nobody. */
  frameAncestors: readonly string[];
  webDist: string;
}

/**
 * SECURITY: browser hardening on every answer, the app's and the API's (issue 10 item 6).
 *
 * The tokens live in cookies the web app reads (spec §3), so script running in the page is the
 * one way to steal them; the Content-Security-Policy is what keeps foreign script out:
 * - scripts only from this origin, plus the hash of index.html's inline colour-scheme script;
 *   no 'unsafe-inline' or 'unsafe-eval' for scripts ('wasm-unsafe-eval' only: WebAssembly
 *   compilation for the virtual background), no plugins (`object-src 'none'`),
 *   `base-uri 'self'` so an injected <base> cannot re-point the bundles;
 * - styles allow 'unsafe-inline': Mantine writes its CSS variables into a <style> element and
 *   positions with style attributes (so does Excalidraw), and nonces do not cover attributes.
 *   Injected CSS cannot read cookies;
 * - workers from this origin or blob: (the end-to-end encryption worker); media from blob:
 *   (Media Source playback); images also from https: and data: (avatars of social sign-in);
 * - connections to this origin and to https:/wss: (an organization's environment may live on
 *   another Podium server, spec §3), and to the local OAuth app on http://localhost;
 * - frames only from the video sites of EMBED_FRAME_SOURCES; Podium itself may be framed only
 *   by FRAME_ANCESTORS (none by default, X-Frame-Options DENY too), against clickjacking.
 * Besides: nosniff, a Referrer-Policy that sends only the origin cross-site (YouTube's player
 * needs a referrer), and HSTS when PUBLIC_URL is https (TLS ends at the operator's proxy).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  const https = options.publicUrl.startsWith('https://');
  const hashes = inlineScriptHashes(path.join(options.webDist, 'index.html'));
  const ancestors = options.frameAncestors.length ? [...options.frameAncestors] : ["'none'"];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // SECURITY: 'wasm-unsafe-eval' lets the page compile WebAssembly (the virtual
        // background's MediaPipe segmentation, served from this origin); it allows no JS eval.
        'script-src': ["'self'", "'wasm-unsafe-eval'", () => hashes().join(' ') || "'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        // A shared video link plays a file from wherever it is hosted (features/sharedVideo).
        // SECURITY: media elements run no script; images are already allowed from any https
        // origin. Plain http only while Podium itself is served over http (development, tests).
        'media-src': ["'self'", 'blob:', 'https:', ...(https ? [] : ['http:'])],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", 'https:', 'wss:', 'http://localhost:*', 'http://127.0.0.1:*'],
        'worker-src': ["'self'", 'blob:'],
        'frame-src': [...EMBED_FRAME_SOURCES],
        'frame-ancestors': ancestors,
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // Popups keep their opener (a sign-in window may report back); other windows are cut off.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Avatars and shared files may be shown by an organization's app on another site.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false }
      : false,
    // One origin cannot be named in X-Frame-Options; with an allow-list only the CSP speaks.
    xFrameOptions: options.frameAncestors.length ? false : { action: 'deny' },
  });
}
