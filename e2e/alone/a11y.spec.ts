import { test, expect } from '../support/fixtures.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { e2eEnv } from '../support/env.ts';
import { createEvent, signUpHost, type Host } from '../calls/support/call.ts';
import { signInWithTokens } from '../pages/qr-call.ts';

/** The app keeps the chosen colour scheme here (apps/web/src/shared/theme/theme.ts). */
const COLOR_SCHEME_KEY = 'podium-color-scheme';

/**
 * Issue 15 item 5: axe-core finds no critical or serious violation on the main pages, in the
 * light and the dark scheme. The call screen itself is checked in a real call:
 * calls/a11y.spec.ts.
 */
for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} scheme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        COLOR_SCHEME_KEY,
        scheme,
      ] as const);
    });

    test('signed-out pages: login, signup, home, join link', async ({ page, request }) => {
      test.slow();
      const host = await signUpHost(request, 'Axe Host');
      const event = await createEvent(request, host);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({
        timeout: 20_000,
      });
      await expectNoSeriousViolations(page, '/login');
      await page.goto('/signup');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, '/signup');
      await page.goto('/app');
      await expect(page.getByLabel('Event link or code')).toBeVisible();
      await expectNoSeriousViolations(page, '/app signed out');
      await page.goto(event.link);
      await expect(page.getByRole('button', { name: 'Join in browser' })).toBeVisible();
      await expectNoSeriousViolations(page, event.link);
    });

    test('signed-in pages: home, my events, event form, detail, pre-join, settings, wallet', async ({
      page,
      request,
    }) => {
      test.slow();
      const host: Host = await signUpHost(request, 'Axe Host');
      const event = await createEvent(request, host);
      await signInWithTokens(page.context(), e2eEnv('baseUrl'), host);

      await page.goto('/app');
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
      await expectNoSeriousViolations(page, '/app');

      await page.goto('/app/conferences');
      await expect(page.getByRole('link', { name: event.title })).toBeVisible();
      await expectNoSeriousViolations(page, '/app/conferences');

      await page.goto('/app/conferences/add');
      await expect(page.getByRole('heading', { name: 'New event' })).toBeVisible();
      await expectNoSeriousViolations(page, '/app/conferences/add');

      await page.goto(`/app/conferences/${event.id}`);
      await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
      await expectNoSeriousViolations(page, 'event detail');

      await page.goto(event.link);
      await expect(page.getByRole('button', { name: 'Join in browser' })).toBeVisible();
      await expectNoSeriousViolations(page, 'pre-join');

      await page.goto('/app/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expectNoSeriousViolations(page, '/app/settings');

      await page.goto('/app/wallet');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, '/app/wallet');
    });
  });
}
