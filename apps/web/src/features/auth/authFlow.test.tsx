import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { appOverHttp, FLOW, resetAppState } from '../../test/app.ts';
import { appOverServer, SERVER_START_MS } from '../../test/appOverServer.ts';

/** The real server, for every flow it can answer itself. */
const real = appOverServer();
/** A loopback stub, for the answers the real server cannot be made to give (a failure). */
const app = appOverHttp();

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeAll(() => real.start(), SERVER_START_MS);
afterAll(() => real.stop());
beforeEach(() => resetAppState({ signedIn: false }));
afterEach(async () => {
  real.tearDown();
  await app.tearDown();
});

describe('sign-up → verify → home, over HTTP', FLOW, () => {
  it('creates the account, keeps the tokens, confirms the mailed code and lands on /app', async () => {
    const email = `ann${Date.now()}@example.test`;
    const rendered = real.render('/signup');
    await screen.findByLabelText('Email');
    type('Email', email);
    type('Full name', 'Ann Lee');
    type('Password', 'Podium-signup-passphrase-7');
    type('Confirm password', 'Podium-signup-passphrase-7');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    await screen.findByLabelText('Verification code');
    const signupRequest = real.requests.find((r) => r.url === '/api/v1/user/signup');
    expect(signupRequest?.body).toEqual({
      email,
      full_name: 'Ann Lee',
      password: 'Podium-signup-passphrase-7',
    });
    expect(signupRequest?.headers.get('authorization')).toBeNull();
    const access = Cookies.get('access_token');
    expect(access).toEqual(expect.any(String));
    expect(Cookies.get('renewal_token')).toEqual(expect.any(String));
    expect(rendered.router.state.location.search).toBe(`?username=${encodeURIComponent(email)}`);

    const code = real.mailedCode(email);
    const wrong = code.replace(/.$/, (d) => String((Number(d) + 1) % 10));
    type('Verification code', wrong);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid activate code')).toBeTruthy();

    type('Verification code', code);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Welcome, Ann Lee' });
    expect(rendered.router.state.location.pathname).toBe('/app');
    const confirm = real.requests.filter((r) => r.url === '/api/v1/user/confirm-email');
    expect(confirm.at(-1)?.headers.get('authorization')).toBe(`Bearer ${access}`);
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
    const person = await real.account();
    const rendered = real.render('/app/wallet', { language: 'vi' });
    await screen.findByLabelText('Email, số điện thoại hoặc tên đăng nhập');
    type('Email, số điện thoại hoặc tên đăng nhập', person.email);
    type('Mật khẩu', 'not-the-password');
    fireEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect(await screen.findByText('Tên đăng nhập hoặc mật khẩu không đúng')).toBeTruthy();

    type('Mật khẩu', person.password);
    fireEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/app/wallet'));
    expect(await screen.findByRole('heading', { name: 'Ví' })).toBeTruthy();
  });

  it('logs out from the account menu: revokes, clears and goes to login', async () => {
    const person = await real.account({ signIn: true });
    localStorage.setItem('language', 'en');
    const rendered = real.render('/app');
    await screen.findByRole('heading', { name: 'Welcome, Ann Lee' });
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await act(async () => {
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    });
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/login'));
    const revoke = real.requests.find((r) => r.method === 'DELETE');
    expect(revoke?.headers.get('authorization')).toBe(`Bearer ${person.token}`);
    expect(Cookies.get('access_token')).toBeUndefined();
    expect(localStorage.length).toBe(0);
    // The session is gone on the server too: the old token no longer opens the account.
    const after = await real.server.api('/api/account/details', { token: person.token });
    expect(after.status).toBe(401);
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
