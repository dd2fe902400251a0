import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import e2e from '../../e2e/playwright.config.ts';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../e2e');
const calls = e2e.projects?.find((p) => p.name === 'calls');
if (!calls) throw new Error('e2e/playwright.config.ts has no calls project');
// The calls set-up runs for this config whatever the command line names.
process.env.PODIUM_E2E_CALLS = '1';

/**
 * The glass-to-glass benchmark runs as a Playwright test on the e2e harness's `calls` project
 * (Janus and the browsers in the test network namespace, the server on its host side), from
 * this folder: `npm run bench -- glass` (root; see bench/README.md).
 */
export default defineConfig({
  ...e2e,
  testDir: '.',
  testMatch: '*.bench.ts',
  // The calls harness only (its own server, mail capture and namespace). The loopback server
  // of e2e/support/global-setup.ts is not needed, nor its rebuild of apps/web/dist: the bench
  // serves the built app as it is (PODIUM_E2E_WEB_DIST may name a copy).
  globalSetup: [path.join(e2eDir, 'support/netns-global-setup.ts')],
  retries: 0,
  reporter: [['list']],
  projects: [{ ...calls, testMatch: '*.bench.ts', timeout: 900_000 }],
});
