import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

const API_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

/** The visitor's page, /c/{alias}. */
export class QrVisitorPage {
  constructor(readonly page: Page) {}

  async goto(alias: string): Promise<void> {
    await this.page.goto(`/c/${alias}`);
  }

  get name() {
    return this.page.getByLabel('Your name');
  }

  get call() {
    return this.page.getByRole('button', { name: /^(Call|Call again)$/ });
  }

  get cancel() {
    return this.page.getByRole('button', { name: 'Cancel call' });
  }

  get calling() {
    return this.page.getByRole('status').filter({ hasText: 'Calling…' });
  }

  alert(text: string) {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  /** Types the guest's name and presses Call; the page then rings. */
  async callAs(name: string): Promise<void> {
    await this.name.fill(name);
    await this.call.click();
  }
}

/** The agent's incoming-call dialog, shown on any page of the signed-in app. */
export class IncomingCallDialog {
  constructor(readonly page: Page) {}

  get dialog() {
    return this.page.getByRole('dialog', { name: 'Incoming call' });
  }

  accept(visitor: string) {
    return this.dialog.getByRole('button', { name: `Accept the call from ${visitor}` });
  }

  decline(visitor: string) {
    return this.dialog.getByRole('button', { name: `Decline the call from ${visitor}` });
  }
}

export interface QrAlias {
  id: string;
  name: string;
  title: string;
}

/** A QR-code alias of the account behind `token`. */
export async function createQrAlias(
  request: APIRequestContext,
  token: string,
  extra: Record<string, unknown> = {},
): Promise<QrAlias> {
  const title = `Front desk ${Date.now().toString(36)}`;
  const res = await request.post('/api/account/qrcode/create', {
    headers: { ...API_HEADERS, authorization: `Bearer ${token}` },
    data: { type: 'qrcode', title, start_time: new Date().toISOString(), ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id: string; name: string };
  return { id: body.id, name: body.name, title };
}

/** Makes the account with `email` an agent of the alias. */
export async function addAgent(
  request: APIRequestContext,
  ownerToken: string,
  alias: string,
  email: string,
): Promise<void> {
  const res = await request.post('/api/account/qrcode/participant/add', {
    headers: { ...API_HEADERS, authorization: `Bearer ${ownerToken}` },
    data: { alias, account: email },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Waits until the agents' browsers hold their account channel (they would ring). */
export async function expectAgentsOnline(
  request: APIRequestContext,
  ownerToken: string,
  alias: string,
  count: number,
): Promise<void> {
  await expect
    .poll(async () => {
      const res = await request.get(`/api/account/qrcode/participant/list?alias=${alias}`, {
        headers: { ...API_HEADERS, authorization: `Bearer ${ownerToken}` },
      });
      const body = (await res.json()) as { entries: Array<{ online: boolean }> };
      return body.entries.filter((a) => a.online).length;
    })
    .toBe(count);
}

/** Signs a browser context in with tokens got through the API (the cookies the app keeps). */
export async function signInWithTokens(
  context: BrowserContext,
  baseUrl: string,
  tokens: { token: string; renewal: string },
): Promise<void> {
  await context.addCookies([
    { name: 'access_token', value: tokens.token, url: baseUrl },
    { name: 'renewal_token', value: tokens.renewal, url: baseUrl },
  ]);
}
