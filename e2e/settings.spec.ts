import { test, expect } from './support/fixtures.ts';
import { e2eEnv } from './support/env.ts';
import { STRONG_PASSWORD, uniqueEmail } from './support/data.ts';
import { signUpHost } from './calls/support/call.ts';
import { signInWithTokens } from './pages/qr-call.ts';
import { SettingsPage } from './pages/settings.ts';

const API_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

/** A 1×1 PNG: the avatar upload sniffs the bytes, so it must be a real image. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Issue 5 item 5: account settings. Every change is saved on the account, so it survives a
 * reload (and the browser's own storage is not what keeps it).
 */
test('name, language, mode, anti-screen-capture and A/V defaults persist across reload', async ({
  page,
  request,
  consoleErrors,
}) => {
  // Many saves, each a round trip: more than the default budget on a busy two-core machine.
  test.slow();
  const person = await signUpHost(request, 'Mai Trần');
  await signInWithTokens(page.context(), e2eEnv('baseUrl'), person);
  const settings = new SettingsPage(page);
  await settings.open();

  const profile = settings.section('Profile');
  await profile.getByLabel('Display name').fill('Lan Nguyễn');
  await profile.getByLabel('Company').fill('Podium');
  await profile.getByRole('button', { name: 'Save' }).click();
  await settings.expectSaved();

  await settings.switch('Protect calls against screen capture').check();
  await expect(settings.switch('Protect calls against screen capture')).toBeChecked();
  await settings.switch('Microphone on when joining').check();
  await expect(settings.switch('Microphone on when joining')).toBeChecked();
  await settings.switch('Camera on when joining').check();
  await expect(settings.switch('Camera on when joining')).toBeChecked();
  await page.getByRole('radio', { name: 'End-to-end encrypted meeting' }).check();
  await expect(page.getByRole('radio', { name: 'End-to-end encrypted meeting' })).toBeChecked();
  await page.getByRole('radio', { name: 'Speaker in the center' }).check();
  await expect(page.getByRole('radio', { name: 'Speaker in the center' })).toBeChecked();

  await page.getByLabel('Interface language').selectOption('vi');
  await expect(page.getByRole('heading', { level: 1, name: 'Cài đặt' })).toBeVisible();

  // Every change is on the account, the language too (not only in this browser's storage).
  const read = async () => {
    const details = await request.get('/api/account/details', {
      headers: { ...API_HEADERS, authorization: `Bearer ${person.token}` },
    });
    return (await details.json()) as { settings: { language: string } };
  };
  await expect.poll(async () => (await read()).settings.language).toBe('vi');
  const body = (await read()) as unknown as {
    full_name: string;
    account_setting: { conference_mode: string };
    settings: Record<string, unknown>;
  };
  expect(body.full_name).toBe('Lan Nguyễn');
  expect(body.account_setting.conference_mode).toBe('endtoend');
  expect(body.settings).toMatchObject({
    language: 'vi',
    anti_screen_capture: true,
    mic_on_join: true,
    camera_on_join: true,
    default_layout: 'center',
  });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Cài đặt' })).toBeVisible();
  await expect(page.getByLabel('Tên hiển thị')).toHaveValue('Lan Nguyễn');
  await expect(page.getByLabel('Công ty')).toHaveValue('Podium');
  await expect(settings.switch('Bảo vệ cuộc gọi khỏi chụp màn hình')).toBeChecked();
  await expect(settings.switch('Bật micrô khi tham gia')).toBeChecked();
  await expect(settings.switch('Bật camera khi tham gia')).toBeChecked();
  await expect(settings.switch('Nhận email mời từ người tổ chức khác')).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Cuộc họp mã hoá đầu cuối' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Người nói ở giữa' })).toBeChecked();

  // The standalone mode page shows the same choice.
  await page.goto('/app/change_mode');
  await expect(page.getByRole('radio', { name: 'Cuộc họp mã hoá đầu cuối' })).toBeChecked();
  expect(consoleErrors).toEqual([]);
});

test('an uploaded avatar shows at once and after a reload', async ({ page, request }) => {
  test.slow();
  const person = await signUpHost(request, 'Khoa Lê');
  await signInWithTokens(page.context(), e2eEnv('baseUrl'), person);
  const settings = new SettingsPage(page);
  await settings.open();
  const profile = settings.section('Profile');
  await expect(profile.getByLabel('No profile picture yet')).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await profile.getByRole('button', { name: 'Upload a picture' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await settings.expectSaved();
  const avatar = profile.getByRole('img', { name: 'Profile picture' });
  await expect(avatar).toHaveAttribute('src', /^\/api\/storage\/file\/[A-Za-z0-9_-]{32}$/);
  // The bytes really arrive and decode as the image that was sent.
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  await page.reload();
  await expect(
    settings.section('Profile').getByRole('img', { name: 'Profile picture' }),
  ).toHaveAttribute('src', /^\/api\/storage\/file\//);
});

test('sign-up with a referral code: unknown codes are refused, a real one is accepted', async ({
  page,
  browser,
  request,
}) => {
  // Two people, a mailed code and two sign-up attempts: slow on a busy machine.
  test.slow();
  const referrer = await signUpHost(request, 'Hà Phạm');
  await signInWithTokens(page.context(), e2eEnv('baseUrl'), referrer);
  await page.goto('/app/settings');
  const code = await page.getByLabel('Your referral code').inputValue();
  expect(code).toMatch(/^[A-Z2-9]{8}$/);

  const visitor = await browser.newContext();
  const signup = await visitor.newPage();
  await signup.goto('/signup');
  await signup.getByLabel('Email', { exact: true }).fill(uniqueEmail('referred'));
  await signup.getByLabel('Full name').fill('Tú Võ');
  await signup.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await signup.getByLabel('Confirm password').fill(STRONG_PASSWORD);
  await signup.getByLabel('Referral code').fill('NOSUCH99');
  await signup.getByRole('button', { name: 'Sign up' }).click();
  await expect(signup.getByText('Unknown referral code').first()).toBeVisible();
  await expect(signup).toHaveURL(/\/signup/);

  await signup.getByLabel('Referral code').fill(code.toLowerCase());
  await signup.getByRole('button', { name: 'Sign up' }).click();
  await expect(signup).toHaveURL(/\/verify-code/);
  await visitor.close();
});
