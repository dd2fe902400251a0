#!/usr/bin/env node
// `npm run test:e2e:headed [-- e2e/alone/smoke.spec.ts]`: the browser tests in a visible browser,
// for debugging. Without a display (SSH, containers) the browser runs inside a virtual X server
// through xvfb-run; add `--debug` to step through with the Playwright inspector on a real display.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const setup = spawnSync(process.execPath, [path.join(root, 'scripts/setup.mjs'), '--for=headed'], {
  stdio: 'inherit',
});
if (setup.status !== 0) process.exit(setup.status ?? 1);

const playwright = [
  path.join(root, 'node_modules', '.bin', 'playwright'),
  'test',
  '-c',
  'e2e/playwright.config.ts',
  '--headed',
  // One browser at a time, so what is on screen is one test.
  '--workers=1',
  ...process.argv.slice(2),
];
const [cmd, ...args] = process.env.DISPLAY
  ? playwright
  : ['xvfb-run', '--auto-servernum', '--server-args=-screen 0 1920x1080x24', ...playwright];
if (!process.env.DISPLAY)
  console.log('[e2e] no DISPLAY: running the headed browser under xvfb-run');

const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.exitCode === null && child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
