#!/usr/bin/env node
// `node scripts/screenshots.mjs`: takes the README's screenshots of the call screen from a real
// call (e2e/calls/screenshots.shot.ts, through Janus like the `calls` browser tests; needs root
// for their network namespace), writes docs/screenshots/call.png and phone.png, then shrinks
// them to a 256-colour palette with ffmpeg when it is there (they stay small in the repository).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs/screenshots');

const run = spawnSync(
  path.join(root, 'node_modules', '.bin', 'playwright'),
  [
    'test',
    '-c',
    'e2e/playwright.config.ts',
    '--project',
    'calls',
    '--output',
    path.join(root, '.tmp/screenshots-results'),
    ...process.argv.slice(2),
  ],
  // The calls project then runs the *.shot.ts files instead of the specs (playwright.config.ts).
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PODIUM_SCREENSHOTS: '1', PODIUM_E2E_CALLS: '1' },
  },
);
if (run.status !== 0) process.exit(run.status ?? 1);

for (const name of ['call.png', 'phone.png']) {
  const file = path.join(out, name);
  if (!fs.existsSync(file)) continue;
  const small = `${file}.small.png`;
  const shrink = spawnSync(
    'ffmpeg',
    [
      '-loglevel',
      'error',
      '-y',
      '-i',
      file,
      '-vf',
      'split[a][b];[a]palettegen=max_colors=256[p];[b][p]paletteuse=dither=none',
      small,
    ],
    { stdio: 'inherit' },
  );
  if (shrink.status === 0 && fs.statSync(small).size < fs.statSync(file).size) {
    fs.renameSync(small, file);
  } else {
    fs.rmSync(small, { force: true });
  }
  console.log(`${path.relative(root, file)}: ${Math.round(fs.statSync(file).size / 1024)} KB`);
}
