import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { e2eEnv } from './support/env.ts';

/**
 * Sign in with Google against a real OpenID provider (oidc-provider on loopback, started by the
 * global set-up and configured as the server's Google).
 */

function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/** The identity provider's own sign-in page: one email field and a Continue button. */
async function signInAtProvider(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${e2eEnv('idpIssuer')}/interaction/`));
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** A stand-in for the Podium desktop app on localhost: answers CORS, records what it got. */
async function startLocalApp() {
  const received: Array<{ path: string; body: Record<string, unknown> }> = [];
  const handler: http.RequestListener = (req, res) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type',
      'access-control-allow-methods': 'POST',
      // Chromium asks before a page talks to a local-network address.
      'access-control-allow-private-network': 'true',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>,
      });
      res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{"ok":true}');
    });
  };
  // `localhost` resolves to either loopback address; one port on both.
  const v4 = http.createServer(handler);
  await new Promise<void>((r) => v4.listen(0, '127.0.0.1', r));
  const port = (v4.address() as AddressInfo).port;
  const v6 = http.createServer(handler);
  await new Promise<void>((r) => v6.once('error', () => r()).listen(port, '::1', r));
  return {
    port,
    received,
    async close() {
      for (const s of [v4, v6]) {
        s.closeAllConnections();
        await new Promise((r) => s.close(r));
      }
    },
  };
}

test.describe('sign in with Google (local OpenID provider)', () => {
  test('the button goes to the provider; signing in there lands on /app signed in', async ({
    page,
  }) => {
    const email = uniqueEmail('google');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await signInAtProvider(page, email);
    await expect(page).toHaveURL(/\/app$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.name === 'access_token')).toBe(true);
  });

  test('Facebook, not set up on this server, is disabled with an honest message', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in with Facebook' })).toBeDisabled();
    await expect(
      page.getByText('Sign-in with Facebook is not set up on this server.'),
    ).toBeVisible();
  });

  test('a forged state is refused with a visible message and nobody is signed in', async ({
    page,
  }) => {
    await page.goto(
      `/auth/google/callback?code=forged-code&state=forged-state-0123456789&iss=${encodeURIComponent(e2eEnv('idpIssuer'))}`,
    );
    await expect(page.getByRole('alert')).toHaveText(
      'This sign-in link is invalid or has expired, please start again',
    );
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.name === 'access_token')).toBe(false);
  });

  test('a provider refusal shows its reason', async ({ page }) => {
    await page.goto('/auth/google/callback?error=access_denied&error_description=User%20said%20no');
    await expect(page.getByRole('alert')).toHaveText(
      'The provider did not sign you in: User said no',
    );
  });

  test('in Vietnamese the buttons and messages are translated', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'vi-VN' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Đăng nhập bằng Google' })).toBeEnabled();
    await page.goto('/auth/google/callback?code=x&state=forged-state-vi-0123456789');
    await expect(page.getByRole('alert')).toHaveText(
      'Liên kết đăng nhập không hợp lệ hoặc đã hết hạn, vui lòng bắt đầu lại',
    );
    await context.close();
  });
});

test.describe('/oauth/gg: signing the local app in', () => {
  test('no app on the port: a clear message, nothing else', async ({ page }) => {
    const app = await startLocalApp();
    const port = app.port;
    await app.close();
    await page.goto(`/oauth/gg?port=${port}`);
    await expect(page.getByRole('alert')).toHaveText(
      `The Podium app does not answer on port ${port}. Open the app on this computer and try again.`,
    );
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  test('the app answers: sign in with Google, and the app receives the session', async ({
    page,
  }) => {
    const app = await startLocalApp();
    try {
      await page.goto(`/oauth/gg?port=${app.port}`);
      await expect(page.getByText(`The Podium app answered on port ${app.port}.`)).toBeVisible();
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      await signInAtProvider(page, uniqueEmail('desktop'));
      await expect(page.getByRole('status')).toHaveText(
        'You are signed in in the Podium app. You can close this tab.',
      );
      expect(app.received.map((r) => r.path)).toEqual([
        '/apis/v1/oauth/ping',
        '/apis/v1/oauth/submit',
      ]);
      const submitted = app.received[1]?.body ?? {};
      expect(submitted.provider).toBe('google');
      // The session handed over works on the server.
      const details = await page.request.get('/api/account/details', {
        headers: {
          authorization: `Bearer ${String(submitted.authorization)}`,
          'x-requested-with': 'XMLHttpRequest',
        },
      });
      expect(details.status()).toBe(200);
      expect(((await details.json()) as { id: string }).id).toBe(submitted.account_id);
    } finally {
      await app.close();
    }
  });
});
