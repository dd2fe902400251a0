import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { e2eEnv } from './support/env.ts';
import { signUpHost, type Host } from './calls/support/call.ts';
import {
  addAgent,
  createQrAlias,
  expectAgentsOnline,
  IncomingCallDialog,
  QrVisitorPage,
  signInWithTokens,
  type QrAlias,
} from './pages/qr-call.ts';

interface QrCall {
  owner: Host;
  agent: Host;
  alias: QrAlias;
}

/** An owner's QR call with one agent, `agentName`, who is not online yet. */
async function qrCallWithAgent(request: APIRequestContext, agentName: string): Promise<QrCall> {
  const owner = await signUpHost(request, 'Owner Ông');
  const agent = await signUpHost(request, agentName);
  const alias = await createQrAlias(request, owner.token);
  await addAgent(request, owner.token, alias.name, agent.email);
  return { owner, agent, alias };
}

/** The agent, signed in somewhere in the app (its home page), counted online by the server. */
async function agentOnline(
  browser: Browser,
  request: APIRequestContext,
  { owner, agent, alias }: QrCall,
): Promise<{ agentContext: BrowserContext; agentPage: Page }> {
  const agentContext = await browser.newContext({ baseURL: e2eEnv('baseUrl') });
  await signInWithTokens(agentContext, e2eEnv('baseUrl'), agent);
  const agentPage = await agentContext.newPage();
  await agentPage.goto('/app');
  await expectAgentsOnline(request, owner.token, alias.name, 1);
  return { agentContext, agentPage };
}

/** The visitor calls through the QR code as `name` and sees it ringing. */
async function callAs(visitor: QrVisitorPage, alias: QrAlias, name: string): Promise<void> {
  await visitor.goto(alias.name);
  await visitor.callAs(name);
  await expect(visitor.calling).toBeVisible();
}

/**
 * Issue 5 item 3 without media: a visitor calls a business through its QR code (/c/{alias}) and
 * sees why a call could not happen — an unknown code, an expired one, nobody free, or their own
 * cancel, which also stops the agent's ringing.
 */

test('an unknown QR code says so, in English and Vietnamese; /call/{alias} leads to /c/{alias}', async ({
  page,
  browser,
}) => {
  const visitor = new QrVisitorPage(page);
  await page.goto('/call/no-such-code');
  await expect(page).toHaveURL(/\/c\/no-such-code$/);
  await expect(page.getByRole('heading', { name: 'Invalid QR Code' })).toBeVisible();
  await expect(page.getByText('Please contact the owner of this QR code.')).toBeVisible();
  await expect(visitor.call).toHaveCount(0);

  const vi = await browser.newContext({ baseURL: e2eEnv('baseUrl'), locale: 'vi-VN' });
  const viPage = await vi.newPage();
  await viPage.goto('/c/no-such-code');
  await expect(viPage.getByRole('heading', { name: 'Mã QR không hợp lệ' })).toBeVisible();
  await expect(viPage.getByText('Vui lòng liên hệ chủ sở hữu mã QR này.')).toBeVisible();
  await vi.close();
});

test('an expired QR call says "This QR Call has expired!"', async ({ page, request }) => {
  const owner = await signUpHost(request, 'Owner Ông');
  const alias = await createQrAlias(request, owner.token, {
    expired_at: new Date(Date.now() - 60_000).toISOString(),
  });
  await new QrVisitorPage(page).goto(alias.name);
  await expect(page.getByRole('heading', { name: 'This QR Call has expired!' })).toBeVisible();
});

test('nobody online: the visitor hears "Agents busy, try again later" and may call again', async ({
  page,
  request,
}) => {
  const { alias } = await qrCallWithAgent(request, 'Agent Offline');

  const visitor = new QrVisitorPage(page);
  await visitor.goto(alias.name);
  await expect(page.getByRole('heading', { name: `Call ${alias.title}` })).toBeVisible();
  // A guest must give a name first.
  await visitor.call.click();
  await expect(page.getByText('Please enter your name')).toBeVisible();
  await visitor.callAs('Khách Vy');
  await expect(visitor.alert('Agents busy, try again later')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Call again' })).toBeEnabled();
});

test('the visitor cancels: the agent stops ringing and both see "Call cancelled"', async ({
  page,
  browser,
  request,
}) => {
  const qrCall = await qrCallWithAgent(request, 'Agent An');
  const { alias } = qrCall;
  const { agentContext, agentPage } = await agentOnline(browser, request, qrCall);

  const visitor = new QrVisitorPage(page);
  await callAs(visitor, alias, 'Khách Hủy');

  const incoming = new IncomingCallDialog(agentPage);
  await expect(incoming.dialog).toBeVisible();
  await expect(incoming.dialog).toContainText(`Khách Hủy is calling ${alias.title}`);
  await expect(incoming.accept('Khách Hủy')).toBeEnabled();

  await visitor.cancel.click();
  await expect(visitor.alert('Call cancelled')).toBeVisible();
  await expect(incoming.dialog).toBeHidden();
  await expect(agentPage.getByText('Call cancelled')).toBeVisible();
  await agentContext.close();
});

test('an owner creates a QR call, adds an agent and downloads its QR code', async ({
  page,
  request,
}) => {
  const owner = await signUpHost(request, 'Owner Ông');
  const agent = await signUpHost(request, 'Agent Ánh');
  await signInWithTokens(page.context(), e2eEnv('baseUrl'), owner);
  await page.goto('/app');
  await page.getByRole('link', { name: 'QR calls' }).click();
  await expect(page.getByRole('heading', { name: 'QR calls', level: 1 })).toBeVisible();

  const title = `Reception ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'New QR call' }).click();
  const form = page.getByRole('dialog', { name: 'New QR call' });
  await form.getByLabel('Name shown to visitors').fill(title);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Create successfully')).toBeVisible();

  // The new QR call's agents and QR code open at once.
  const agents = page.getByRole('dialog', { name: `Agents of ${title}` });
  await expect(agents.getByText('No agents yet: nobody will ring.')).toBeVisible();
  await agents.getByLabel('Email or username of an account').fill('nobody@example.test');
  await agents.getByRole('button', { name: 'Add agent' }).click();
  await expect(agents.getByText('No account with this email or username')).toBeVisible();
  await agents.getByLabel('Email or username of an account').fill(agent.email);
  await agents.getByRole('button', { name: 'Add agent' }).click();
  await expect(agents.getByText('Agent Ánh')).toBeVisible();
  await expect(agents.getByText('Offline')).toBeVisible();
  await expect(agents.getByRole('img', { name: `QR code of ${title}` })).toBeVisible();
  const download = page.waitForEvent('download');
  await agents.getByRole('button', { name: 'Download QR code' }).click();
  expect((await download).suggestedFilename()).toMatch(/-qr\.png$/);
  await expect(page.getByText('Download QR code successfully')).toBeVisible();
  await page.keyboard.press('Escape');

  // The visitor's link is listed and leads to the call page.
  const row = page.getByRole('listitem', { name: title });
  const link = row.getByRole('link', { name: /\/c\// });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\/c\/[A-Za-z0-9-]+$/);
  await page.goto(new URL(href!).pathname);
  await expect(page.getByRole('heading', { name: `Call ${title}` })).toBeVisible();
});

test('the visitor closes the tab while it rings: the agent stops ringing ("Call cancelled")', async ({
  browser,
  request,
}) => {
  const qrCall = await qrCallWithAgent(request, 'Agent Lâm');
  const { agentContext, agentPage } = await agentOnline(browser, request, qrCall);

  const visitorContext = await browser.newContext({ baseURL: e2eEnv('baseUrl') });
  const visitorPage = await visitorContext.newPage();
  await callAs(new QrVisitorPage(visitorPage), qrCall.alias, 'Khách Đi');
  const incoming = new IncomingCallDialog(agentPage);
  await expect(incoming.dialog).toContainText('Khách Đi');

  await visitorPage.close({ runBeforeUnload: true });
  await expect(incoming.dialog).toBeHidden();
  await expect(agentPage.getByText('Call cancelled')).toBeVisible();
  await visitorContext.close();
  await agentContext.close();
});
