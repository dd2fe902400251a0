import { test, expect } from '../support/fixtures.ts';

test.describe('the app shell', () => {
  test('loads at /, sends a visitor without an account to /login, titled …PODIUM, with a clean console', async ({
    page,
    consoleErrors,
  }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/login(\?|$)/);
    // Route meta titles the page "<page> | PODIUM"; the product name alone is the default.
    await expect(page).toHaveTitle(/^(.+ \| )?PODIUM$/);
    // Wait for the login form to render, so errors during rendering are caught too.
    await expect(page.locator('input[type="password"]')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('serves health and the SPA fallback from the same server', async ({ request }) => {
    const health = await request.get('/healthz');
    expect(await health.json()).toEqual({ status: 'ok' });
    const deep = await request.get('/app/settings');
    expect(deep.status()).toBe(200);
    expect(await deep.text()).toContain('<title>PODIUM</title>');
  });
});
