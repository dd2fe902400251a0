import { ErrorCode, serverMessages, type ServerMessageKey } from '@podium/protocol';
import { AppError } from '../../shared/errors.ts';

function keyed(
  status: number,
  code: string,
  key: ServerMessageKey,
  fields?: Record<string, string>,
) {
  return new AppError(status, code, serverMessages[key], { key, ...(fields ? { fields } : {}) });
}

/** Unknown account and wrong password answer exactly alike. */
export const invalidCredentials = () =>
  keyed(401, ErrorCode.InvalidCredentials, 'errors.invalid_credentials');
export const invalidCode = () =>
  keyed(400, ErrorCode.InvalidCode, 'errors.invalid_code', {
    code: serverMessages['errors.invalid_code'],
  });
export const expiredCode = () =>
  keyed(400, ErrorCode.ExpiredCode, 'errors.expired_code', {
    code: serverMessages['errors.expired_code'],
  });
export const accountDisabled = () =>
  keyed(403, ErrorCode.AccountDisabled, 'errors.account_disabled');
export const resendFailed = () => keyed(503, ErrorCode.SendFailed, 'errors.resend_failed');
export const sendFailed = () => keyed(503, ErrorCode.SendFailed, 'errors.send_failed');

/** 429 with the seconds to wait, which the handler passes on as Retry-After. */
export class TooManyAttempts extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(429, ErrorCode.TooManyRequests, serverMessages['errors.too_many'], {
      key: 'errors.too_many',
    });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const fieldConflict = (fields: Record<string, ServerMessageKey>) =>
  keyed(
    409,
    ErrorCode.Conflict,
    'errors.account_exists',
    Object.fromEntries(Object.entries(fields).map(([f, k]) => [f, serverMessages[k]])),
  );

export const fieldError = (field: string, key: ServerMessageKey) =>
  keyed(400, ErrorCode.Validation, key, { [field]: serverMessages[key] });
