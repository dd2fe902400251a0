import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { e2eEnv } from '../support/env.ts';
import { createEvent, signUpHost } from '../calls/support/call.ts';
import { signInWithTokens } from '../pages/qr-call.ts';
import { PreJoinPage } from '../pages/join.ts';

/** Issue 15 item 2: a 390 × 844 phone. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Wholly inside the window, without scrolling. */
async function expectInViewport(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, 'the element has a box').not.toBeNull();
  const view = page.viewportSize() ?? { width: 0, height: 0 };
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(view.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(view.height);
}

async function openMenu(page: Page): Promise<Locator> {
  const button = page.getByRole('button', { name: 'Menu', exact: true });
  await expectInViewport(page, button);
  await button.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('signed in: every destination of the header is reachable through the menu', async ({
  page,
  request,
}) => {
  test.slow();
  const host = await signUpHost(request, 'Phone Host');
  await signInWithTokens(page.context(), e2eEnv('baseUrl'), host);
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  // Nothing of the header spills past the right edge.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  // The bell stays in the header.
  await expectInViewport(page, page.getByRole('button', { name: /^Notifications/ }));

  let menu = await openMenu(page);
  await menu.getByRole('link', { name: 'My events' }).click();
  await expect(page).toHaveURL(/\/app\/conferences$/);
  await expect(menu).toBeHidden();

  menu = await openMenu(page);
  await menu.getByRole('link', { name: 'QR calls' }).click();
  await expect(page).toHaveURL(/\/app\/qr-calls$/);

  menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await page.keyboard.press('Escape');

  menu = await openMenu(page);
  await menu.getByRole('switch', { name: 'Dark theme' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await menu.getByLabel('Language').selectOption('vi');
  await expect(menu.getByRole('link', { name: 'Sự kiện của tôi' })).toBeVisible();
  await menu.getByLabel('Ngôn ngữ').selectOption('en');

  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);

  menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('signed out: sign in is in the menu', async ({ page }) => {
  await page.goto('/app');
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('pre-join: Join is visible without scrolling, above the camera and microphone', async ({
  page,
  request,
}) => {
  const host = await signUpHost(request, 'Phone Host');
  const event = await createEvent(request, host);
  const join = new PreJoinPage(page);
  await page.goto(event.link);
  await expect(join.joinButton).toBeVisible({ timeout: 20_000 });
  await expectInViewport(page, join.joinButton);
  await expectInViewport(page, join.displayName);
  const joinBox = await join.joinButton.boundingBox();
  const cameraBox = await page.getByRole('combobox', { name: 'Camera' }).boundingBox();
  expect(cameraBox!.y).toBeGreaterThan(joinBox!.y);
});
