import { expect, type Page } from '@playwright/test';
import { extractCode, waitForMail } from '../support/mail.ts';
import { STRONG_PASSWORD } from '../support/data.ts';

/**
 * Signs up through the real sign-up form and confirms the account with the code the server
 * mailed (read from the SMTP capture); ends signed in on /app.
 */
export async function signUpAndVerify(
  page: Page,
  { email, fullName }: { email: string; fullName: string },
): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Confirm password').fill(STRONG_PASSWORD);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/verify-code/);
  const code = extractCode(await waitForMail(email, { since }));
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/app$/);
}

/** The signed-in page's access token, for API calls a spec makes beside the UI. */
export async function accessToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'access_token');
  if (!cookie) throw new Error('not signed in: no access_token cookie');
  return decodeURIComponent(cookie.value);
}
