#!/usr/bin/env node
// Builds the web app (apps/web/dist) when it is missing or older than any of its sources.
//
//   node scripts/build-web.mjs [--force]
//
// Imported by start.mjs and test.mjs; the e2e global set-up runs it as a command.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { newestMtime } from './newest-mtime.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const builtIndex = path.join(webDir, 'dist', 'index.html');

/** Everything that changes the build's output. */
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/excalidrawFonts.ts',
  'apps/web/package.json',
  'packages/protocol/src',
  'package-lock.json',
];

/** Why the web app must be (re)built, or null when apps/web/dist is current. */
export function webBuildReason() {
  if (!fs.existsSync(builtIndex)) return 'apps/web/dist is missing';
  const built = fs.statSync(builtIndex).mtimeMs;
  const changed = SOURCES.find((s) => newestMtime(path.join(root, s)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/** Returns the exit status of the build (0 also when nothing had to be built). */
export function ensureWebBuilt({ force = false } = {}) {
  const reason = force ? 'forced' : webBuildReason();
  if (!reason) return 0;
  console.log(`[build] building the web app (${reason})`);
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  // NODE_ENV=production whoever calls (Vitest sets `test`, which makes Vite bundle React's
  // development build: 70 KB more and a dist the size budgets would then measure).
  const r = spawnSync(vite, ['build', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) return r.status ?? 1;
  precompress(path.join(webDir, 'dist'));
  // vite rewrites dist/ but an unchanged index.html may keep an old mtime; mark it fresh.
  const now = new Date();
  fs.utimesSync(builtIndex, now, now);
  return 0;
}

/** Files the server sends as text, which compress well. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;

/**
 * Writes `name.br` and `name.gz` beside every text file of the build, at the highest levels:
 * @fastify/static (`preCompressed`) sends them to browsers that accept them, so the server does
 * no compression work per request. A compressed copy that is not smaller is not kept.
 */
export function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!TEXT.test(entry.name)) continue;
    const raw = fs.readFileSync(file);
    const variants = {
      br: zlib.brotliCompressSync(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gz: zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
    };
    for (const [ext, data] of Object.entries(variants)) {
      if (data.length < raw.length) fs.writeFileSync(`${file}.${ext}`, data);
      else fs.rmSync(`${file}.${ext}`, { force: true });
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(ensureWebBuilt({ force: process.argv.includes('--force') }));
}
