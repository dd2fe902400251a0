import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures.ts';
import { e2eEnv } from '../support/env.ts';
import { signUpHost } from '../calls/support/call.ts';
import { signInWithTokens } from '../pages/qr-call.ts';

/**
 * Issue 15 item 3: no placeholder left on the device test, privacy, help and updates pages,
 * and what they change is what the settings page shows.
 */
test('device test: camera preview, microphone level, test sound and saved defaults', async ({
  page,
  request,
}) => {
  test.slow();
  const host = await signUpHost(request, 'Device Host');
  await signInWithTokens(page.context(), e2eEnv('baseUrl'), host);
  await page.goto('/app/change_media_devices');
  await expect(page.getByRole('heading', { level: 1, name: 'Audio and video' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Coming soon')).toHaveCount(0);

  await page.getByRole('button', { name: 'Turn on camera' }).click();
  const preview = page.getByLabel('Camera preview');
  await expect(preview).toBeVisible();
  await expect
    .poll(() =>
      preview.evaluate((v) => (v as HTMLVideoElement).getVideoPlaybackQuality().totalVideoFrames),
    )
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Turn on microphone' }).click();
  // Chromium's fake microphone is a beep: the meter moves.
  const meter = page.getByRole('meter', { name: 'Microphone level' });
  await expect
    .poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 15_000 })
    .toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Play test sound' }).click();
  await expect(page.getByText('Did you hear two tones?')).toBeVisible({ timeout: 10_000 });

  // The defaults are the account's, as on the settings page.
  const defaults = page.getByRole('region', { name: 'Audio and video' });
  await defaults.getByRole('switch', { name: 'Camera on when joining' }).check();
  await page.goto('/app/settings');
  await expect(page.getByRole('switch', { name: 'Camera on when joining' })).toBeChecked({
    timeout: 20_000,
  });
});

test('privacy: what is kept, and the same invitation setting as the settings page', async ({
  page,
  request,
}) => {
  const host = await signUpHost(request, 'Privacy Host');
  await signInWithTokens(page.context(), e2eEnv('baseUrl'), host);
  await page.goto('/app/privacy');
  await expect(page.getByRole('heading', { level: 2, name: 'What Podium keeps' })).toBeVisible({
    timeout: 20_000,
  });
  const invitations = page.getByRole('switch', {
    name: 'Receive invitation emails from other hosts',
  });
  const before = await invitations.isChecked();
  await invitations.setChecked(!before);
  await expect(invitations).toBeChecked({ checked: !before });
  await page.goto('/app/settings');
  await expect(
    page.getByRole('switch', { name: 'Receive invitation emails from other hosts' }),
  ).toBeChecked({ checked: !before, timeout: 20_000 });
});

test('help lists the call shortcuts; updates show the version; both pass axe, in Vietnamese too', async ({
  page,
}) => {
  await page.goto('/app/help_setting');
  const table = page.getByRole('table', { name: 'Keyboard shortcuts in a call' });
  await expect(table).toBeVisible({ timeout: 20_000 });
  await expect(table.getByRole('row', { name: /Esc.*Close the open panel/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Shift.*Enter.*new line/ })).toBeVisible();
  let axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );

  await page.goto('/app/update');
  await expect(page.getByText('You are using Podium 0.1.0.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Version 0.1.0' })).toBeVisible();
  axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );

  await page.getByRole('combobox', { name: 'Language' }).selectOption('vi');
  await expect(page.getByRole('heading', { level: 2, name: 'Có gì mới' })).toBeVisible();
});
