import type { AccountDto, LoginResponse, SignupResponse } from '@podium/protocol';
import { api } from '../../shared/api/index.ts';

/** Account calls of spec §7; only the (T) ones send the access token. */
export const authApi = {
  login: (body: { username: string; password: string }) =>
    api.post<LoginResponse>('/api/v1/user/session/new', body, { auth: false }),
  signup: (body: {
    email?: string;
    phone?: string;
    username?: string;
    password: string;
    full_name?: string;
    referral_code?: string;
  }) => api.post<SignupResponse>('/api/v1/user/signup', body, { auth: false }),
  confirmEmail: (code: string) => api.post<AccountDto>('/api/v1/user/confirm-email', { code }),
  verifyPhone: (code: string) => api.post<unknown>('/api/account/phone/verify', { code }),
  resendEmail: (username: string) =>
    api.post<unknown>('/api/v1/user/resend-email', { username }, { auth: false }),
  resendPhone: (phone: string) =>
    api.post<unknown>('/api/account/phone/resend', { phone }, { auth: false }),
  requestPasswordReset: (username: string) =>
    api.post<unknown>('/api/v1/user/reset-password', { username }, { auth: false }),
  resetPassword: (body: { username: string; code: string; password: string }) =>
    api.post<unknown>('/api/account/forgot-pwd/reset', body, { auth: false }),
};

export function isAccountDto(value: unknown): value is AccountDto {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AccountDto).id === 'string' &&
    typeof (value as AccountDto).account_status === 'string'
  );
}
