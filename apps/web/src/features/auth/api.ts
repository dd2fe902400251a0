import type { AccountDto, LoginResponse, SignupResponse } from '@podium/protocol';
import { api } from '../../shared/api/index.ts';
import { apiPaths } from '@podium/protocol';

/** Account calls of spec §7; only the (T) ones send the access token. */
export const authApi = {
  login: (body: { username: string; password: string }) =>
    api.post<LoginResponse>(apiPaths.session.login, body, { auth: false }),
  signup: (body: {
    email?: string;
    phone?: string;
    username?: string;
    password: string;
    full_name?: string;
    referral_code?: string;
  }) => api.post<SignupResponse>(apiPaths.account.signup, body, { auth: false }),
  confirmEmail: (code: string) => api.post<AccountDto>(apiPaths.account.confirmEmail, { code }),
  verifyPhone: (code: string) => api.post<unknown>(apiPaths.account.phoneVerify, { code }),
  resendEmail: (username: string) =>
    api.post<unknown>(apiPaths.account.resendEmail, { username }, { auth: false }),
  resendPhone: (phone: string) =>
    api.post<unknown>(apiPaths.account.phoneResend, { phone }, { auth: false }),
  requestPasswordReset: (username: string) =>
    api.post<unknown>(apiPaths.account.resetPassword, { username }, { auth: false }),
  resetPassword: (body: { username: string; code: string; password: string }) =>
    api.post<unknown>(apiPaths.account.forgotPasswordReset, body, { auth: false }),
};

export function isAccountDto(value: unknown): value is AccountDto {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AccountDto).id === 'string' &&
    typeof (value as AccountDto).account_status === 'string'
  );
}
