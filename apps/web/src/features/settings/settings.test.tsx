import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  DEFAULT_ACCOUNT_SETTINGS,
  type AccountDetailsDto,
  type AccountSettingsUpdate,
} from '@podium/protocol';
import { appOverHttp, FLOW, resetAppState, testAccount } from '../../test/app.ts';
import { appOverServer, SERVER_START_MS } from '../../test/appOverServer.ts';

const account: AccountDetailsDto = {
  ...testAccount({
    username: 'ann',
    first_name: 'Ann',
    last_name: 'Lee',
    referral_code: 'REF23456',
  }),
  settings: { ...DEFAULT_ACCOUNT_SETTINGS },
};

const app = appOverHttp({ 'GET /api/account/details': () => ({ body: account }) });
/** The real server, for the forms it answers itself; the stub for its failures. */
const real = appOverServer();

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
}

beforeAll(() => real.start(), SERVER_START_MS);
afterAll(() => real.stop());
beforeEach(() => resetAppState({ signedIn: true }));
afterEach(async () => {
  real.tearDown();
  await app.tearDown();
});

describe('change password form', FLOW, () => {
  it('validates in English, shows the server’s field error, then succeeds', async () => {
    const person = await real.account({ signIn: true });
    const rendered = real.render('/app/change_password');
    const submit = await screen.findByRole('button', { name: 'Change password' });
    fireEvent.click(submit);
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('New password is required')).toBeTruthy();

    type('Current password', 'not-the-password');
    type('New password', 'short');
    type('Confirm new password', 'different');
    fireEvent.click(submit);
    expect(await screen.findByText('New password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Confirm new password does not match New password')).toBeTruthy();
    expect(real.requests.some((r) => r.url === '/api/v1/user/change-password')).toBe(false);

    const fresh = `${person.password}-changed`;
    type('New password', fresh);
    type('Confirm new password', fresh);
    fireEvent.click(submit);
    expect(
      (await screen.findAllByText('The current password is incorrect')).length,
    ).toBeGreaterThan(0);
    type('Current password', person.password);
    fireEvent.click(submit);
    expect(await screen.findByText('Change Password Successfully')).toBeTruthy();
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/app/settings'));
    const sent = real.requests.filter((r) => r.url === '/api/v1/user/change-password');
    expect(sent.at(-1)?.body).toEqual({ old_password: person.password, new_password: fresh });
    // The server took it: the new password signs in, the old one no longer does.
    const login = (password: string) =>
      real.server.api('/api/v1/user/session/new', { body: { username: person.email, password } });
    expect((await login(fresh)).status).toBe(200);
    expect((await login(person.password)).status).toBe(401);
  });

  it('validates in Vietnamese', async () => {
    await app.serve({});
    app.render('/app/change_password', { language: 'vi' });
    fireEvent.click(await screen.findByRole('button', { name: 'Đổi mật khẩu' }));
    expect(await screen.findByText('Mật khẩu hiện tại là bắt buộc')).toBeTruthy();
    type('Mật khẩu mới', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Đổi mật khẩu' }));
    expect(await screen.findByText('Mật khẩu mới phải có ít nhất 8 ký tự')).toBeTruthy();
  });
});

describe('set password form', FLOW, () => {
  it('sets a first password for an account without one', async () => {
    let hasPassword = false;
    await app.serve({
      'GET /api/account/details': () => ({ body: { ...account, has_password: hasPassword } }),
      'POST /api/account/set-pwd': () => {
        hasPassword = true;
        return { body: { ...account, has_password: true } };
      },
    });
    const rendered = app.render('/app/set_password');
    const submit = await screen.findByRole('button', { name: 'Set a password' });
    type('Password', 'long-enough-pw');
    type('Confirm new password', 'not-the-same');
    fireEvent.click(submit);
    expect(await screen.findByText('Confirm new password does not match Password')).toBeTruthy();
    type('Confirm new password', 'long-enough-pw');
    fireEvent.click(submit);
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/app/settings'));
    expect(app.server.requests.find((r) => r.url === '/api/account/set-pwd')?.body).toEqual({
      password: 'long-enough-pw',
    });
  });
});

describe('change name form', FLOW, () => {
  it('requires a display name (Vietnamese) and saves the names', async () => {
    const person = await real.account({ signIn: true, name: 'Ann Lee' });
    real.render('/app/change_name', { language: 'vi' });
    await screen.findByDisplayValue('Ann Lee');
    type('Tên hiển thị', ' ');
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Tên hiển thị là bắt buộc')).toBeTruthy();
    type('Tên hiển thị', 'Lan Nguyễn');
    type('Công ty', 'Podium');
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Lưu thành công')).toBeTruthy();
    expect(real.requests.find((r) => r.url === '/api/account/profile/update')?.body).toMatchObject({
      full_name: 'Lan Nguyễn',
      company: 'Podium',
    });
    // Saved on the server.
    const details = await real.server.api('/api/account/details', { token: person.token });
    expect(details.body).toMatchObject({ full_name: 'Lan Nguyễn', company: 'Podium' });
  });
});

describe('settings page', FLOW, () => {
  it('saves a switch at once, and says "Cập nhật thất bại" when the server refuses', async () => {
    const updates: AccountSettingsUpdate[] = [];
    let refuse = false;
    await app.serve({
      'GET /api/recordings': () => ({ body: { recordings: [] } }),
      'POST /api/account/setting/update': (req) => {
        if (refuse) {
          return {
            status: 500,
            body: { error: { code: 'internal_error', message: 'Error, please try again' } },
          };
        }
        const update = req.body as AccountSettingsUpdate;
        updates.push(update);
        return { body: { ...account, settings: { ...account.settings, ...update } } };
      },
    });
    app.render('/app/settings', { language: 'vi' });
    // Role queries walk the whole (long) page on every retry; labels find the same inputs.
    const capture = await screen.findByLabelText('Bảo vệ cuộc gọi khỏi chụp màn hình');
    expect(capture.getAttribute('role')).toBe('switch');
    expect(screen.getByDisplayValue('REF23456')).toBeTruthy();
    expect(await screen.findByText(/Chưa có bản ghi nào/)).toBeTruthy();
    // No language chosen on the account (null): the select shows the interface's language.
    expect(account.settings.language).toBeNull();
    expect((screen.getByLabelText('Ngôn ngữ giao diện') as HTMLSelectElement).value).toBe('vi');
    fireEvent.click(capture);
    expect(await screen.findByText('Lưu thành công')).toBeTruthy();
    await waitFor(() => expect((capture as HTMLInputElement).checked).toBe(true));
    expect(updates).toEqual([{ anti_screen_capture: true }]);

    refuse = true;
    const mic = screen.getByLabelText('Bật micrô khi tham gia');
    await waitFor(() => expect((mic as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(mic);
    expect(await screen.findByText(/^Cập nhật thất bại/)).toBeTruthy();
    expect((mic as HTMLInputElement).checked).toBe(false);
  });
});
