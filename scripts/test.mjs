#!/usr/bin/env node
// `npm test`: set up what is missing (npm dependencies, Debian chromium and postgresql), then run
// every check in order, stopping at the first stage that fails:
//
//   lint → typecheck → unit + integration (Vitest) → web build → bundle size (size-limit)
//   → browser tests (Playwright)
//
// The last line printed is always `N passed, M failed` (tests over Vitest and Playwright; a stage
// that fails without test results, such as lint, counts as one failure so the line never reads
// "0 failed" for a failed run).
//
// One file:  npm test -- packages/server/src/http/dev/outbox.test.ts   (Vitest)
//            npm test -- e2e/alone/smoke.spec.ts                       (Playwright)
// With files, only the runner(s) for them run (no lint/typecheck); runner flags may follow the
// files and are passed to the selected runner(s), e.g. `npm test -- some.test.ts -t "name"`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureWebBuilt, root } from './build-web.mjs';

const tmp = path.join(root, '.tmp');
const vitestJson = path.join(tmp, 'vitest.json');
const playwrightJson = path.join(tmp, 'playwright.json');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

// ---------------------------------------------------------------------------------------------
// Arguments

const args = process.argv.slice(2);
const firstFlag = args.findIndex((a) => a.startsWith('-'));
const files = firstFlag < 0 ? args : args.slice(0, firstFlag);
const flags = firstFlag < 0 ? [] : args.slice(firstFlag);
if (files.length === 0 && flags.length > 0) {
  console.error(
    'test: runner flags need the test files they apply to first:\n' +
      '  npm test -- path/to/file.test.ts [vitest flags]\n' +
      '  npm test -- e2e/alone/smoke.spec.ts [playwright flags]\n' +
      'or no arguments for the whole suite.',
  );
  process.exit(2);
}
const isE2e = (f) => /(^|\/)e2e\//.test(f) || f.endsWith('.spec.ts');
const e2eFiles = files.filter(isE2e);
const unitFiles = files.filter((f) => !isE2e(f));
const everything = files.length === 0;

// ---------------------------------------------------------------------------------------------
// Running children, with signals passed on (a CI timeout sends SIGTERM to us only)

let current = null;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupted = true;
    if (current && current.exitCode === null) current.kill(signal);
    else process.exit(130);
  });
}

function run(cmd, cmdArgs, options = {}) {
  return new Promise((resolve) => {
    current = spawn(cmd, cmdArgs, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      ...options,
    });
    current.on('error', (error) => {
      console.error(`test: cannot run ${cmd}: ${error.message}`);
      resolve(127);
    });
    current.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

// ---------------------------------------------------------------------------------------------
// Results

const totals = { passed: 0, failed: 0 };

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function countVitest(exitCode) {
  const report = readJson(vitestJson);
  let passed = report?.numPassedTests ?? 0;
  let failed = report?.numFailedTests ?? 0;
  // A file that fails to load, or a global set-up that throws, fails no single test.
  if (exitCode !== 0 && failed === 0) failed = Math.max(1, report?.numFailedTestSuites ?? 0);
  totals.passed += passed;
  totals.failed += failed;
  return { passed, failed };
}

function countPlaywright(exitCode) {
  const stats = readJson(playwrightJson)?.stats;
  const errors = readJson(playwrightJson)?.errors ?? [];
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  let failed = stats?.unexpected ?? 0;
  if (exitCode !== 0 && failed === 0) failed = Math.max(1, errors.length);
  totals.passed += passed;
  totals.failed += failed;
  return { passed, failed };
}

// ---------------------------------------------------------------------------------------------
// Stages

const stages = [];
if (everything) {
  stages.push({ name: 'lint', run: () => run('npm', ['run', '--silent', 'lint']) });
  stages.push({ name: 'typecheck', run: () => run('npm', ['run', '--silent', 'typecheck']) });
}
if (everything || unitFiles.length) {
  stages.push({
    name: 'unit and integration tests (vitest)',
    run: () =>
      run(bin('vitest'), [
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${vitestJson}`,
        ...unitFiles,
        ...flags,
      ]),
    count: countVitest,
  });
}
if (everything || e2eFiles.length) {
  stages.push({ name: 'web build', run: async () => ensureWebBuilt() });
}
if (everything) {
  // First-load JS budgets per page (.size-limit.mjs), on the build just made.
  stages.push({ name: 'bundle size (size-limit)', run: () => run(bin('size-limit'), []) });
}
if (everything || e2eFiles.length) {
  stages.push({
    name: 'browser tests (playwright)',
    run: () =>
      run(bin('playwright'), [
        'test',
        '-c',
        'e2e/playwright.config.ts',
        // Named files run alone: without this, a file of a project with dependencies (the
        // faulty-link calls run after every other browser test) would bring those along.
        ...(e2eFiles.length ? ['--no-deps', ...e2eFiles] : []),
        ...flags,
      ]),
    count: countPlaywright,
  });
}

const setup = spawnSync(process.execPath, [path.join(root, 'scripts/setup.mjs'), '--for=test'], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
if (setup.status !== 0) {
  console.error('\n✗ set-up failed (see above)');
  console.log('0 passed, 1 failed');
  process.exit(setup.status ?? 1);
}

fs.mkdirSync(tmp, { recursive: true });
for (const f of [vitestJson, playwrightJson]) fs.rmSync(f, { force: true });

const timings = [];
let failedStage = null;
let failedCode = 0;
for (const stage of stages) {
  console.log(`\n▶ ${stage.name}`);
  const started = Date.now();
  const code = await stage.run();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counted = stage.count ? stage.count(code) : null;
  timings.push(
    `  ${code === 0 ? '✓' : '✗'} ${stage.name} (${seconds} s)` +
      (counted ? `: ${counted.passed} passed, ${counted.failed} failed` : ''),
  );
  if (code !== 0 || interrupted) {
    if (!counted) totals.failed += 1;
    failedStage = stage.name;
    failedCode = code || 1;
    break;
  }
}

console.log('\n' + timings.join('\n'));
if (failedStage) {
  console.error(
    interrupted
      ? `\n✗ interrupted during: ${failedStage}`
      : `\n✗ ${failedStage} failed (exit ${failedCode})` +
          (failedStage === stages.at(-1)?.name ? '' : '; later stages did not run'),
  );
}
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedStage ? failedCode : 0);
