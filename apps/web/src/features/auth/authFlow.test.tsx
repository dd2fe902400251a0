import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { AccountDto } from '@podium/protocol';
import { appOverHttp, FLOW, resetAppState, testAccount } from '../../test/app.ts';

const base: AccountDto = testAccount({ account_status: 'verifying', email_verified: false });

const app = appOverHttp();

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => resetAppState({ signedIn: false }));
afterEach(() => app.tearDown());

describe('sign-up → verify → home, over HTTP', FLOW, () => {
  it('creates the account, keeps the tokens, confirms the code and lands on /app', async () => {
    let confirmed = false;
    await app.serve({
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
    const rendered = app.render('/signup');
    await screen.findByLabelText('Email');
    type('Email', 'ann@example.com');
    type('Full name', 'Ann Lee');
    type('Password', 'correct horse');
    type('Confirm password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    await screen.findByLabelText('Verification code');
    const signupRequest = app.server.requests.find((r) => r.url === '/api/v1/user/signup');
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
    const confirm = app.server.requests.filter((r) => r.url === '/api/v1/user/confirm-email');
    expect(confirm.at(-1)?.headers.authorization).toBe('Bearer acc-token');
  });

  it('says "Could not resend verification" when resending fails', async () => {
    await app.serve({
      'POST /api/v1/user/resend-email': () => ({
        status: 500,
        body: { error: { code: 'internal_error', message: 'Error, please try again' } },
      }),
    });
    app.render('/verify-code?username=ann%40example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Could not resend verification')).toBeTruthy();
    expect(app.server.requests[0]?.body).toEqual({ username: 'ann@example.com' });
  });
});

describe('login', FLOW, () => {
  it('shows the translated error for wrong credentials, then returns to the redirect target', async () => {
    await app.serve({
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
    const rendered = app.render('/app/wallet', { language: 'vi' });
    await screen.findByLabelText('Email, số điện thoại hoặc tên đăng nhập');
    type('Email, số điện thoại hoặc tên đăng nhập', 'ann@example.com');
    type('Mật khẩu', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect(await screen.findByText('Tên đăng nhập hoặc mật khẩu không đúng')).toBeTruthy();

    type('Mật khẩu', 'right password');
    fireEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/app/wallet'));
    expect(await screen.findByRole('heading', { name: 'Ví' })).toBeTruthy();
  });

  it('logs out from the account menu: revokes, clears and goes to login', async () => {
    await app.serve({
      'GET /api/account/details': () => ({ body: { ...base, account_status: 'active' } }),
      'DELETE /api/v1/user/session': () => ({ status: 204 }),
    });
    resetAppState({ signedIn: true });
    localStorage.setItem('language', 'en');
    const rendered = app.render('/app');
    await screen.findByRole('heading', { name: 'Welcome, Ann Lee' });
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await act(async () => {
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    });
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/login'));
    const revoke = app.server.requests.find((r) => r.method === 'DELETE');
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
    app.render('/signup');
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

  it('shows the server refusing a common password in Vietnamese, under the password field', async () => {
    const message = 'This password is too common or too easy to guess, choose another';
    await app.serve({
      'POST /api/v1/user/signup': () => ({
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message,
            key: 'errors.password_weak',
            fields: { password: message },
          },
        },
      }),
    });
    app.render('/signup', { language: 'vi' });
    await screen.findByLabelText('Họ và tên');
    type('Email', 'ann@example.com');
    type('Họ và tên', 'Ann');
    type('Mật khẩu', 'password');
    type('Xác nhận mật khẩu', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Đăng ký' }));
    const vi = 'Mật khẩu này quá phổ biến hoặc quá dễ đoán, hãy chọn mật khẩu khác';
    // Under the field and in the form's alert.
    await waitFor(() => expect(screen.getAllByText(vi)).toHaveLength(2));
    expect(screen.queryByText(message)).toBeNull();
  });

  it('does not submit an invalid form and names the mismatching confirmation', async () => {
    await app.serve({});
    app.render('/signup');
    await screen.findByLabelText('Email');
    type('Email', 'ann@example.com');
    type('Full name', 'Ann');
    type('Password', 'correct horse');
    type('Confirm password', 'different horse');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Confirm password does not match Password')).toBeTruthy();
    expect(app.server.requests).toHaveLength(0);
  });
});
