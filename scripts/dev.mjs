#!/usr/bin/env node
// `npm run dev`: the server restarting on every change (tsx watch) and the web app with hot
// reload (Vite dev server, which proxies API paths to the server). Open http://localhost:5173.
// Ctrl-C stops both; if either dies, the other is stopped too.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const setup = spawnSync(process.execPath, [path.join(root, 'scripts/setup.mjs'), '--for=start'], {
  stdio: 'inherit',
});
if (setup.status !== 0) process.exit(setup.status ?? 1);

// Imported only now: on a fresh clone the set-up above is what installs it.
const { default: concurrently } = await import('concurrently');

const port = process.env.PORT ?? '8080';
const bin = (name) => JSON.stringify(path.join(root, 'node_modules', '.bin', name));

console.log(`[dev] web app with hot reload: http://localhost:5173 (API on :${port})`);
const { result } = concurrently(
  [
    {
      name: 'server',
      command: `${bin('tsx')} watch --clear-screen=false packages/server/src/main.ts`,
      cwd: root,
      env: { PORT: port, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
      prefixColor: 'red',
    },
    {
      name: 'web',
      command: `${bin('vite')} --strictPort`,
      cwd: path.join(root, 'apps/web'),
      env: { PODIUM_API: `http://127.0.0.1:${port}` },
      prefixColor: 'cyan',
    },
  ],
  { killOthers: ['failure', 'success'], killSignal: 'SIGTERM', handleInput: false },
);

result.then(
  () => process.exit(0),
  // One side stopped (or was stopped by Ctrl-C): the other has been killed already.
  () => process.exit(process.exitCode ?? 0),
);
