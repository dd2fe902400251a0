import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@podium/server/test-support';
import { test, expect } from '../support/fixtures.ts';
import { e2eEnv } from '../support/env.ts';
import { createEvent, signUpHost } from '../calls/support/call.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The `lhci` command of @lhci/cli (its package.json "bin"), run with this Node. */
const lhci = fileURLToPath(import.meta.resolve('@lhci/cli/src/cli.js'));

/** The part of a Lighthouse report the spec reads. */
interface Lhr {
  finalDisplayedUrl: string;
  categories: Record<string, { score: number | null }>;
}

/** Runs `lhci <args>` in `cwd` (its .lighthouseci folder lives there), offline. */
function runLhci(cwd: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [lhci, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 240_000,
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', CHROME_PATH: CHROMIUM_PATH },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

/**
 * Issue 15: Lighthouse CI budgets — accessibility ≥ 95 and best practices ≥ 95 on /login, /app
 * and an event's join link (lighthouserc.cjs), with Debian's Chromium, one run per URL.
 */
test('Lighthouse: accessibility and best practices ≥ 95 on /login, /app and /j/{alias}', async ({
  request,
}) => {
  // Three Lighthouse runs of a cold browser each on a shared two-core machine.
  test.setTimeout(300_000);
  const host = await signUpHost(request, 'Lighthouse Host');
  const event = await createEvent(request, host);
  const base = e2eEnv('baseUrl');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-lhci-'));
  try {
    const config = `--config=${path.join(root, 'lighthouserc.cjs')}`;
    const collect = runLhci(work, [
      'collect',
      config,
      `--chromePath=${CHROMIUM_PATH}`,
      `--settings.chromeFlags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
      `--url=${base}/login`,
      `--url=${base}/app`,
      `--url=${base}${event.link}`,
    ]);
    expect(collect.status, collect.output).toBe(0);
    // One report per URL, each with both categories scored (printed for the run's record).
    const reports = fs
      .readdirSync(path.join(work, '.lighthouseci'))
      .filter((f) => /^lhr-.*\.json$/.test(f))
      .map((f) => JSON.parse(fs.readFileSync(path.join(work, '.lighthouseci', f), 'utf8')) as Lhr);
    expect(reports).toHaveLength(3);
    for (const lhr of reports) {
      const scores = Object.fromEntries(
        Object.entries(lhr.categories).map(([id, c]) => [id, Math.round((c.score ?? 0) * 100)]),
      );
      test.info().annotations.push({
        type: 'lighthouse',
        description: `${lhr.finalDisplayedUrl}: ${JSON.stringify(scores)}`,
      });
      expect(Object.keys(scores).sort()).toEqual(['accessibility', 'best-practices']);
    }
    const assert = runLhci(work, ['assert', config]);
    expect(assert.status, assert.output).toBe(0);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});
