import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { uniqueEmail } from './support/data.ts';
import { accessToken, signUpAndVerify } from './pages/account.ts';

const API = { 'X-Requested-With': 'XMLHttpRequest' };

async function coinsOnWalletPage(page: Page): Promise<string | null> {
  await page.goto('/app/wallet');
  await expect(page.getByRole('heading', { name: 'Wallet' })).toBeVisible();
  return page.getByLabel('Coins').textContent();
}

test('a signed-in sender gives a gift by link; balance drops, the receiver gets it', async ({
  page,
  browser,
}) => {
  // Two accounts signed up through the forms, and two wallets: more than one page's work.
  test.slow();
  // The receiver hosts an event; its alias is the gift link.
  const receiverContext = await browser.newContext();
  const receiver = await receiverContext.newPage();
  await signUpAndVerify(receiver, { email: uniqueEmail('rcv'), fullName: 'Rita Receiver' });
  const receiverToken = await accessToken(receiver);
  const created = await receiver.request.post('/api/account/qrcode/create', {
    headers: { ...API, Authorization: `Bearer ${receiverToken}` },
    data: { title: 'Rita live', type: 'conference', start_time: new Date().toISOString() },
  });
  expect(created.status()).toBe(201);
  const alias = ((await created.json()) as { name: string }).name;

  // A visitor who is not signed in is asked to sign in first.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/gift?to=${alias}`);
  await expect(visitor.getByText('To Rita Receiver')).toBeVisible();
  await expect(
    visitor.getByRole('link', { name: 'Sign in to send gifts and donations' }),
  ).toBeVisible();
  await visitorContext.close();

  // The sender is credited through the ledger (development tools' credit, like the CLI's).
  await signUpAndVerify(page, { email: uniqueEmail('snd'), fullName: 'Sam Sender' });
  const credit = await page.request.post('/api/dev/wallet/credit', {
    headers: { ...API, Authorization: `Bearer ${await accessToken(page)}` },
    data: { amount: 100, unit: 'coin', idempotency_key: `e2e-${Date.now()}` },
  });
  expect(credit.status()).toBe(200);

  await page.goto(`/gift?to=${alias}`);
  await expect(page.getByRole('heading', { name: 'Send a gift' })).toBeVisible();
  await expect(page.getByText('To Rita Receiver')).toBeVisible();
  await expect(page.getByText('Your balance: 100 coins')).toBeVisible();

  // Too expensive: refused with the spec's message, nothing moves.
  await page.getByRole('button', { name: 'Send Trophy (500 coins)' }).click();
  await expect(page.getByRole('alert')).toHaveText('not enough balance to give this gift');
  await expect(page.getByText('Your balance: 100 coins')).toBeVisible();

  await page.getByRole('button', { name: 'Send Rose (10 coins)' }).click();
  await expect(page.getByRole('status')).toHaveText('You sent Rose to Rita Receiver.');
  await expect(page.getByText('Your balance: 90 coins')).toBeVisible();

  expect(await coinsOnWalletPage(page)).toBe('90');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('To Rita Receiver')).toBeVisible();
  await expect(history.getByText('−10 coins')).toBeVisible();

  expect(await coinsOnWalletPage(receiver)).toBe('10');
  await expect(
    receiver.getByRole('region', { name: 'History' }).getByText('From Sam Sender'),
  ).toBeVisible();
  await receiverContext.close();
});

test('donation page: validates the amount, then donates', async ({ page, browser }) => {
  test.slow();
  const receiverContext = await browser.newContext();
  const receiver = await receiverContext.newPage();
  await signUpAndVerify(receiver, { email: uniqueEmail('drcv'), fullName: 'Dung Receiver' });
  const created = await receiver.request.post('/api/account/qrcode/create', {
    headers: { ...API, Authorization: `Bearer ${await accessToken(receiver)}` },
    data: { title: 'Dung live', type: 'conference', start_time: new Date().toISOString() },
  });
  const alias = ((await created.json()) as { name: string }).name;
  await receiverContext.close();

  await signUpAndVerify(page, { email: uniqueEmail('dsnd'), fullName: 'Dao Donor' });
  await page.request.post('/api/dev/wallet/credit', {
    headers: { ...API, Authorization: `Bearer ${await accessToken(page)}` },
    data: { amount: 50, unit: 'coin', idempotency_key: `e2e-d-${Date.now()}` },
  });
  await page.goto(`/gift/donation?to=${alias}`);
  await expect(page.getByText('Your balance: 50 coins')).toBeVisible();
  const amount = page.getByLabel('Amount (coins)');
  for (const bad of ['-5', '0', 'abc', '1.5']) {
    await amount.fill(bad);
    await page.getByRole('button', { name: 'Donate' }).click();
    await expect(page.getByText('Enter a whole amount greater than zero')).toBeVisible();
  }
  await amount.fill('20');
  await page.getByRole('button', { name: 'Donate' }).click();
  await expect(page.getByRole('status')).toHaveText('You donated 20 coins to Dung Receiver.');
  await expect(page.getByText('Your balance: 30 coins')).toBeVisible();
});
