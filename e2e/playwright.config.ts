import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = !!process.env.CI;

/**
 * Browser tests. Run them with `npm run test:e2e` (all), `npm run test:e2e -- e2e/alone/x.spec.ts`
 * (one file) or `npm run test:e2e:headed` (visible browser; uses xvfb-run when there is no display).
 *
 * The browser is Debian's Chromium: `playwright install` downloads its own and cannot work here.
 */
export default defineConfig({
  testDir: '.',
  // Specs are grouped by how many people take part: alone/, 2way/, 3way/ …
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, '.tmp/e2e-results'),
  globalSetup: './support/global-setup.ts',
  // Two cores on CI; one browser per core at most. Files run in parallel, tests in a file in order.
  workers: process.env.PODIUM_E2E_WORKERS ? Number(process.env.PODIUM_E2E_WORKERS) : 2,
  fullyParallel: false,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  timeout: ci ? 60_000 : 30_000,
  expect: { timeout: ci ? 10_000 : 5_000 },
  reporter: [['list'], ['json', { outputFile: path.join(root, '.tmp/playwright.json') }]],
  use: {
    browserName: 'chromium',
    // Set by the global set-up, which runs before the workers start (they inherit it).
    baseURL: process.env.PODIUM_E2E_BASE_URL,
    headless: true,
    // English unless a spec asks otherwise: the app picks Vietnamese from the browser language.
    locale: 'en-US',
    timezoneId: 'UTC',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.PODIUM_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Camera and microphone: synthetic devices, permission prompts accepted.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
