import { test, expect } from '../support/fixtures.ts';
import { STRONG_PASSWORD, uniqueEmail } from '../support/data.ts';
import { signUpAndVerify } from '../pages/account.ts';

// The sign-up, sign-in and shell behaviour of the foundation, through the real screens.

test.describe('accounts in the browser', () => {
  test('sign up, confirm with the mailed code, land on /app signed in', async ({ page }) => {
    const email = uniqueEmail('signup');
    await signUpAndVerify(page, { email, fullName: 'Lan Tran' });
    await expect(page.getByRole('heading', { name: 'Welcome, Lan Tran' })).toBeVisible();
    await expect(page).toHaveTitle(/PODIUM/);
    const cookies = (await page.context().cookies()).map((c) => c.name);
    expect(cookies).toEqual(expect.arrayContaining(['access_token', 'renewal_token']));
  });

  test('a protected route sends a visitor to sign in and back there afterwards', async ({
    page,
  }) => {
    const email = uniqueEmail('redirect');
    await signUpAndVerify(page, { email, fullName: 'Minh Pham' });

    // Logging out clears the tokens and lands on the sign-in page.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names).not.toContain('access_token');

    await page.goto('/app/conferences?from=mail');
    await expect(page).toHaveURL(
      '/login?redirect=' + encodeURIComponent('/app/conferences?from=mail'),
    );
    await page.getByLabel('Email, phone or username').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/app/conferences?from=mail');
  });

  test('in Vietnamese the form speaks Vietnamese, validation included', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('vi');
    const fullName = page.getByLabel('Họ và tên');
    await expect(fullName).toBeVisible();
    await fullName.focus();
    await fullName.blur();
    await expect(page.getByText('Tên là bắt buộc')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByLabel('Email', { exact: true }).blur();
    await expect(page.getByText('Email phải là địa chỉ email hợp lệ')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Đăng ký' })).toBeVisible();
    // The choice is kept across a reload.
    await page.reload();
    await expect(page.getByLabel('Họ và tên')).toBeVisible();
  });

  test('the theme choice persists across reloads', async ({ page }) => {
    await page.goto('/login');
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    const before = await toggle.getAttribute('aria-pressed');
    await toggle.click();
    const after = before === 'true' ? 'false' : 'true';
    await expect(toggle).toHaveAttribute('aria-pressed', after);
    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
    const shown = await scheme();
    expect(shown).toBe(after === 'true' ? 'dark' : 'light');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute(
      'aria-pressed',
      after,
    );
    expect(await scheme()).toBe(shown);
  });
});
