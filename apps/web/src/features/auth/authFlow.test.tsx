import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { AccountDto } from '@podium/protocol';
import { renderApp } from '../../test/renderApp.tsx';
import { startTestServer, type Handler } from '../../test/httpServer.ts';
import { queryClient } from '../../shared/api/index.ts';
import { cookieTokenStore } from '../../shared/api/tokens.ts';
import { useSessionStore } from '../../shared/session/store.ts';

const base: AccountDto = {
  id: 'acc-1',
  username: null,
  email: 'ann@example.com',
  phone_number: null,
  full_name: 'Ann Lee',
  first_name: null,
  last_name: null,
  company: null,
  avatar: null,
  account_status: 'verifying',
  email_verified: false,
  phone_verified: false,
  has_password: true,
  user_type: 'user',
  referral_code: 'R1',
  account_setting: { conference_mode: 'meeting' },
  created_at: '2026-01-01T00:00:00.000Z',
};

/**
 * Each test renders the whole app over HTTP, and the first to reach a page transforms its lazy
 * chunk on demand: a few seconds on a loaded machine, past vitest's 5 s default.
 */
const FLOW = { timeout: 20_000 };

let server: Awaited<ReturnType<typeof startTestServer>>;
let rendered: ReturnType<typeof renderApp> | null = null;
const realFetch = globalThis.fetch;

/** The app calls same-origin paths; in jsdom they go to the loopback test server. */
async function serve(routes: Record<string, Handler>) {
  server = await startTestServer(routes);
  globalThis.fetch = (input, init) =>
    realFetch(new URL(typeof input === 'string' ? input : String(input), server.url), init);
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  cookieTokenStore.clear();
  useSessionStore.getState().setSignedIn(false);
  queryClient.clear();
  localStorage.clear();
});

afterEach(async () => {
  rendered?.unmount();
  rendered = null;
  cleanup();
  globalThis.fetch = realFetch;
  await server?.close();
});

describe('sign-up → verify → home, over HTTP', FLOW, () => {
  it('creates the account, keeps the tokens, confirms the code and lands on /app', async () => {
    let confirmed = false;
    await serve({
      'POST /api/v1/user/signup': () => ({
        status: 201,
        body: { account: base, authorization: 'acc-token', renewal_token: 'ren-token' },
      }),
      'POST /api/v1/user/confirm-email': (req) => {
        if ((req.body as { code: string }).code !== '123456') {
          return {
            status: 400,
            body: {
              error: {
                code: 'invalid_code',
                message: 'Invalid activate code',
                key: 'errors.invalid_code',
              },
            },
          };
        }
        confirmed = true;
        return { body: { ...base, account_status: 'active', email_verified: true } };
      },
      'GET /api/account/details': () => ({
        body: { ...base, account_status: confirmed ? 'active' : 'verifying' },
      }),
    });
    rendered = renderApp('/signup');
    await screen.findByLabelText('Email');
    type('Email', 'ann@example.com');
    type('Full name', 'Ann Lee');
    type('Password', 'correct horse');
    type('Confirm password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    await screen.findByLabelText('Verification code');
    const signupRequest = server.requests.find((r) => r.url === '/api/v1/user/signup');
    expect(signupRequest?.body).toEqual({
      email: 'ann@example.com',
      full_name: 'Ann Lee',
      password: 'correct horse',
    });
    expect(signupRequest?.headers.authorization).toBeUndefined();
    expect(Cookies.get('access_token')).toBe('acc-token');
    expect(Cookies.get('renewal_token')).toBe('ren-token');
    expect(rendered.router.state.location.search).toBe('?username=ann%40example.com');

    type('Verification code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid activate code')).toBeTruthy();

    type('Verification code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Welcome, Ann Lee' });
    expect(rendered.router.state.location.pathname).toBe('/app');
    const confirm = server.requests.filter((r) => r.url === '/api/v1/user/confirm-email');
    expect(confirm.at(-1)?.headers.authorization).toBe('Bearer acc-token');
  });

  it('says "Could not resend verification" when resending fails', async () => {
    await serve({
      'POST /api/v1/user/resend-email': () => ({
        status: 500,
        body: { error: { code: 'internal_error', message: 'Error, please try again' } },
      }),
    });
    rendered = renderApp('/verify-code?username=ann%40example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Could not resend verification')).toBeTruthy();
    expect(server.requests[0]?.body).toEqual({ username: 'ann@example.com' });
  });
});

describe('login', FLOW, () => {
  it('shows the translated error for wrong credentials, then returns to the redirect target', async () => {
    await serve({
      'POST /api/v1/user/session/new': (req) => {
        const body = req.body as { username: string; password: string };
        if (body.password !== 'right password') {
          return {
            status: 401,
            body: {
              error: {
                code: 'invalid_credentials',
                message: 'Incorrect username or password',
                key: 'errors.invalid_credentials',
              },
            },
          };
        }
        return {
          body: {
            authorization: 'tok',
            renewal_token: 'ren',
            account: { ...base, account_status: 'active' },
          },
        };
      },
      'GET /api/account/details': () => ({ body: { ...base, account_status: 'active' } }),
    });
    rendered = renderApp('/app/wallet', { language: 'vi' });
    await screen.findByLabelText('Email, số điện thoại hoặc tên đăng nhập');
    type('Email, số điện thoại hoặc tên đăng nhập', 'ann@example.com');
    type('Mật khẩu', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect(await screen.findByText('Tên đăng nhập hoặc mật khẩu không đúng')).toBeTruthy();

    type('Mật khẩu', 'right password');
    fireEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await waitFor(() => expect(rendered?.router.state.location.pathname).toBe('/app/wallet'));
    expect(await screen.findByRole('heading', { name: 'Ví' })).toBeTruthy();
  });

  it('logs out from the account menu: revokes, clears and goes to login', async () => {
    await serve({
      'GET /api/account/details': () => ({ body: { ...base, account_status: 'active' } }),
      'DELETE /api/v1/user/session': () => ({ status: 204 }),
    });
    cookieTokenStore.save({ authorization: 'tok', renewal_token: 'ren' });
    useSessionStore.getState().setSignedIn(true);
    localStorage.setItem('language', 'en');
    rendered = renderApp('/app');
    await screen.findByRole('heading', { name: 'Welcome, Ann Lee' });
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await act(async () => {
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    });
    await waitFor(() => expect(rendered?.router.state.location.pathname).toBe('/login'));
    const revoke = server.requests.find((r) => r.method === 'DELETE');
    expect(revoke?.headers.authorization).toBe('Bearer tok');
    expect(Cookies.get('access_token')).toBeUndefined();
    expect(localStorage.length).toBe(0);
    // The login page is lazily loaded: wait for it rather than reading the DOM at once.
    expect(
      await screen.findByRole('link', { name: 'Create an account' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});

describe('validation', FLOW, () => {
  it('shows Vietnamese messages on blur after switching language', async () => {
    rendered = renderApp('/signup');
    const select = await screen.findByRole('combobox', { name: 'Language' });
    await act(async () => {
      fireEvent.change(select, { target: { value: 'vi' } });
    });
    fireEvent.blur(await screen.findByLabelText('Họ và tên'));
    expect(await screen.findByText('Tên là bắt buộc')).toBeTruthy();
    type('Email', 'not-an-email');
    fireEvent.blur(screen.getByLabelText('Email'));
    expect(await screen.findByText('Email phải là địa chỉ email hợp lệ')).toBeTruthy();
    // Switching back re-validates what is shown, in English.
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Ngôn ngữ' }), {
        target: { value: 'en' },
      });
    });
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(await screen.findByText('Email must be a valid email address')).toBeTruthy();
  });

  it('does not submit an invalid form and names the mismatching confirmation', async () => {
    await serve({});
    rendered = renderApp('/signup');
    await screen.findByLabelText('Email');
    type('Email', 'ann@example.com');
    type('Full name', 'Ann');
    type('Password', 'correct horse');
    type('Confirm password', 'different horse');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Confirm password does not match Password')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });
});
