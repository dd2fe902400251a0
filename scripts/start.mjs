#!/usr/bin/env node
// `npm start`: set up what is missing, build the web app when its sources changed, run the server.
//
// The server is TypeScript run through tsx (see README "Design notes"); it listens on PORT
// (default 8080) and serves the built web app, so http://localhost:8080 is Podium.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuilt, root } from './build-web.mjs';

const setup = spawnSync(process.execPath, [path.join(root, 'scripts/setup.mjs'), '--for=start'], {
  stdio: 'inherit',
});
if (setup.status !== 0) process.exit(setup.status ?? 1);

const built = ensureWebBuilt();
if (built !== 0) {
  console.error('start: the web app failed to build (see above)');
  process.exit(built);
}

const server = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
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
