import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

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
 * server keeps working. With `reuseWithinMs`, a check made less than that long ago stands (no
 * stat of the file): the API's JSON answers ask so, documents always look now.
 */
export function inlineScriptHashes(indexHtml: string): (reuseWithinMs?: number) => string[] {
  let seen: { mtimeMs: number; hashes: string[] } | undefined;
  let checkedAt = -Infinity;
  let last: string[] = [];
  return (reuseWithinMs = 0) => {
    const now = performance.now();
    if (now - checkedAt < reuseWithinMs) return last;
    checkedAt = now;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(indexHtml);
    } catch {
      last = [];
      return last;
    }
    if (seen?.mtimeMs !== stat.mtimeMs) {
      const html = fs.readFileSync(indexHtml, 'utf8');
      const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
        .map((m) => m[1] ?? '')
        .filter((body) => body.trim() !== '')
        .map((body) => `'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`);
      seen = { mtimeMs: stat.mtimeMs, hashes };
    }
    last = seen.hashes;
    return last;
  };
}

/** A header helmet sets (`value`) or removes (`value` undefined), in helmet's order. */
type HeaderStep = readonly [name: string, value: string | undefined];

/** What helmet's middleware does to an answer with these options, recorded once. */
function recordHeaders(options: HelmetOptions): HeaderStep[] {
  const steps: [string, string | undefined][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => steps.push([name, value]),
    removeHeader: (name: string) => steps.push([name, undefined]),
  };
  helmet(options)(
    {} as IncomingMessage,
    // helmet calls nothing but setHeader and removeHeader on the answer.
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return steps;
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
  const helmetOptions = (inline: string): HelmetOptions => ({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // SECURITY: 'wasm-unsafe-eval' lets the page compile WebAssembly (the virtual
        // background's MediaPipe segmentation, served from this origin); it allows no JS eval.
        'script-src': ["'self'", "'wasm-unsafe-eval'", inline || "'self'"],
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
  // helmet's answer depends only on the inline scripts' hashes: recorded once per index.html
  // (@fastify/helmet rebuilt and re-validated every directive on each request).
  let recorded: { inline: string; steps: HeaderStep[] } | undefined;
  const stepsFor = (inline: string): HeaderStep[] => {
    if (recorded?.inline !== inline)
      recorded = { inline, steps: recordHeaders(helmetOptions(inline)) };
    return recorded.steps;
  };
  stepsFor(hashes().join(' '));

  // SECURITY: a route opts out only with `helmet: false` in its options (the signaling socket's
  // upgrade, see realtime/gateway.ts), as with @fastify/helmet before.
  app.addHook('onRoute', (route) => {
    if (route.helmet === false) {
      route.config = { ...route.config, skipSecurityHeaders: true };
    } else if (route.helmet !== undefined) {
      throw new Error('helmet: only `false` is supported as a route option');
    }
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.skipSecurityHeaders === true) return done();
    // SECURITY: documents always get the hash of the index.html on disk now (a rebuild under a
    // running server takes effect at once); the API's JSON answers, which a browser never runs
    // as a page, reuse a check made within the last second instead of a stat per request.
    const api = request.url.startsWith('/api/') || request.url.startsWith('/graphql');
    const raw = reply.raw;
    for (const [name, value] of stepsFor(hashes(api ? 1000 : 0).join(' '))) {
      if (value === undefined) raw.removeHeader(name);
      else raw.setHeader(name, value);
    }
    done();
  });
}

declare module 'fastify' {
  interface RouteShorthandOptions {
    /** `false`: no security headers on this route's answers (registerSecurityHeaders). */
    helmet?: false;
  }
  interface FastifyContextConfig {
    /** Set from `helmet: false` by registerSecurityHeaders' onRoute hook. */
    skipSecurityHeaders?: boolean;
  }
}
