import { test as base, expect } from '@playwright/test';

export interface E2EFixtures {
  /**
   * Console errors and uncaught page errors of `page`, collected from the start of the test.
   * Assert `expect(consoleErrors).toEqual([])` where a clean console is part of the contract.
   * (Not automatic: a spec that expects a 401 makes Chromium log "Failed to load resource".)
   */
  consoleErrors: string[];
}

/**
 * The `test` every spec imports: Playwright's, with the project's fixtures. `baseURL` is the
 * server the global set-up started (see playwright.config.ts), so `page.goto('/login')` works.
 *   import { test, expect } from '../support/fixtures.ts';
 */
export const test = base.extend<E2EFixtures>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    await use(errors);
  },
});

export { expect };
