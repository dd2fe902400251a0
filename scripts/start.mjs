#!/usr/bin/env node
// `npm start`: set up what is missing, build the web app and the server when their sources
// changed, run the server.
//
// The server runs as compiled JavaScript (packages/server/dist/main.js, built by
// build-server.mjs) on plain Node, so production needs no TypeScript loader (README "Design
// notes"); it listens on PORT (default 8080) and serves the built web app, so
// http://localhost:8080 is Podium.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureServerBuilt, serverEntry } from './build-server.mjs';
import { ensureWebBuilt, root } from './build-web.mjs';
import { serverMallocEnv } from './server-env.mjs';

const setup = spawnSync(process.execPath, [path.join(root, 'scripts/setup.mjs'), '--for=start'], {
  stdio: 'inherit',
});
if (setup.status !== 0) process.exit(setup.status ?? 1);

const built = ensureWebBuilt();
if (built !== 0) {
  console.error('start: the web app failed to build (see above)');
  process.exit(built);
}
const serverBuilt = await ensureServerBuilt();
if (serverBuilt !== 0) {
  console.error('start: the server failed to build (see above)');
  process.exit(serverBuilt);
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', serverEntry, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, ...serverMallocEnv(process.env) } },
);

// The server shuts down gracefully on either signal; pass them on and exit when it does.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
