import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  DEFAULT_ACCOUNT_SETTINGS,
  type AccountDetailsDto,
  type AccountSettingsUpdate,
} from '@podium/protocol';
import { appOverHttp, FLOW, resetAppState, testAccount } from '../../test/app.ts';

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

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
}

beforeEach(() => resetAppState({ signedIn: true }));
afterEach(() => app.tearDown());

describe('change password form', FLOW, () => {
  it('validates in English, shows the server’s field error, then succeeds', async () => {
    let attempts = 0;
    await app.serve({
      'POST /api/v1/user/change-password': () => {
        attempts += 1;
        if (attempts === 1) {
          return {
            status: 400,
            body: {
              error: {
                code: 'validation_error',
                message: 'The current password is incorrect',
                key: 'errors.wrong_password',
                fields: { old_password: 'The current password is incorrect' },
              },
            },
          };
        }
        return { body: account };
      },
    });
    const rendered = app.render('/app/change_password');
    const submit = await screen.findByRole('button', { name: 'Change password' });
    fireEvent.click(submit);
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('New password is required')).toBeTruthy();

    type('Current password', 'old-secret');
    type('New password', 'short');
    type('Confirm new password', 'different');
    fireEvent.click(submit);
    expect(await screen.findByText('New password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Confirm new password does not match New password')).toBeTruthy();
    expect(app.server.requests.some((r) => r.url === '/api/v1/user/change-password')).toBe(false);

    type('New password', 'long-enough-pw');
    type('Confirm new password', 'long-enough-pw');
    fireEvent.click(submit);
    expect(
      (await screen.findAllByText('The current password is incorrect')).length,
    ).toBeGreaterThan(0);
    fireEvent.click(submit);
    expect(await screen.findByText('Change Password Successfully')).toBeTruthy();
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/app/settings'));
    const sent = app.server.requests.filter((r) => r.url === '/api/v1/user/change-password');
    expect(sent.at(-1)?.body).toEqual({
      old_password: 'old-secret',
      new_password: 'long-enough-pw',
    });
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
    await app.serve({
      'POST /api/account/profile/update': (req) => ({
        body: { ...account, ...(req.body as object) },
      }),
    });
    app.render('/app/change_name', { language: 'vi' });
    await screen.findByDisplayValue('Ann Lee');
    type('Tên hiển thị', ' ');
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Tên hiển thị là bắt buộc')).toBeTruthy();
    type('Tên hiển thị', 'Lan Nguyễn');
    type('Công ty', 'Podium');
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Lưu thành công')).toBeTruthy();
    expect(app.server.requests.find((r) => r.url === '/api/account/profile/update')?.body).toEqual({
      full_name: 'Lan Nguyễn',
      first_name: 'Ann',
      last_name: 'Lee',
      company: 'Podium',
    });
  });
});

describe('settings page', FLOW, () => {
  it('saves a switch at once, and says "Cập nhật thất bại" when the server refuses', async () => {
    const updates: AccountSettingsUpdate[] = [];
    let refuse = false;
    await app.serve({
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
    expect(screen.getByText(/Bản ghi của bạn sẽ hiện ở đây/)).toBeTruthy();
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
