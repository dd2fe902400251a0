#!/usr/bin/env node
// Compiles the server (packages/server/src/main.ts and the @podium/protocol sources it imports)
// into one ES module, packages/server/dist/main.js, when it is missing or older than its sources.
//
//   node scripts/build-server.mjs [--force]
//
// Imported by start.mjs: production runs `node packages/server/dist/main.js`, not the TypeScript
// loader (tsx is for `npm run dev` and the tests). Packages from node_modules stay imports, so
// they load as published (native modules, PGlite's wasm files); only our own TypeScript is
// bundled, because Node 20 cannot load .ts files and the workspaces export their sources.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { newestMtime } from './newest-mtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'packages/server');
const distDir = path.join(serverDir, 'dist');
export const serverEntry = path.join(distDir, 'main.js');
const migrationsSrc = path.join(serverDir, 'src/store/migrations');

/** Everything that changes the build's output. */
const SOURCES = [
  'packages/server/src',
  'packages/server/package.json',
  'packages/protocol/src',
  'packages/protocol/package.json',
  'package-lock.json',
  'scripts/build-server.mjs',
];

/** Why the server must be (re)built, or null when packages/server/dist is current. */
export function serverBuildReason() {
  if (!fs.existsSync(serverEntry)) return 'packages/server/dist is missing';
  const built = fs.statSync(serverEntry).mtimeMs;
  const changed = SOURCES.find((s) => newestMtime(path.join(root, s)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/** Bare imports that stay imports: every package the server depends on, except our own. */
function externals() {
  const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  const protocol = JSON.parse(
    fs.readFileSync(path.join(root, 'packages/protocol/package.json'), 'utf8'),
  );
  const names = new Set([
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(protocol.dependencies ?? {}),
  ]);
  names.delete('@podium/protocol');
  // Subpath imports (`@zxcvbn-ts/language-common/…`, `drizzle-orm/pg-core`) too.
  return [...names].flatMap((name) => [name, `${name}/*`]);
}

/** Returns the exit status of the build (0 also when nothing had to be built). */
export async function ensureServerBuilt({ force = false } = {}) {
  const reason = force ? 'forced' : serverBuildReason();
  if (!reason) return 0;
  console.log(`[build] building the server (${reason})`);
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    console.error('build: cannot load esbuild; run `npm ci --include=dev`');
    return 1;
  }
  try {
    const tmpDir = `${distDir}.tmp`;
    fs.rmSync(tmpDir, { recursive: true, force: true });
    await esbuild.build({
      // The egress process (media/egress/main.ts) is its own entry: the server forks
      // dist/egress.js beside dist/main.js.
      entryPoints: {
        main: path.join(serverDir, 'src/main.ts'),
        egress: path.join(serverDir, 'src/media/egress/main.ts'),
      },
      outdir: tmpDir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: externals(),
      // Names in stack traces and pino's logs stay readable; source maps point at the .ts.
      sourcemap: true,
      logLevel: 'warning',
      // CommonJS dependencies bundled in ESM call require(); give the bundle one.
      banner: {
        js: "import { createRequire as __podiumRequire } from 'node:module'; const require = __podiumRequire(import.meta.url);",
      },
    });
    // store/db.ts reads its SQL from `migrations` beside the module; in the bundle that is dist/.
    fs.cpSync(migrationsSrc, path.join(tmpDir, 'migrations'), { recursive: true });
    // store/pglite-thread.ts starts PGlite's worker thread from the plain-JS file beside it.
    fs.copyFileSync(
      path.join(serverDir, 'src/store/pglite-worker.mjs'),
      path.join(tmpDir, 'pglite-worker.mjs'),
    );
    // Swap in the finished build at once, so a failed build never leaves half a dist/.
    fs.rmSync(distDir, { recursive: true, force: true });
    fs.renameSync(tmpDir, distDir);
  } catch (error) {
    console.error(`build: the server failed to build: ${error.message}`);
    return 1;
  } finally {
    // esbuild keeps a service process for further builds; start.mjs lives as long as the
    // server, so end it instead of leaving it idle beside the server.
    await esbuild.stop();
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(await ensureServerBuilt({ force: process.argv.includes('--force') }));
}
