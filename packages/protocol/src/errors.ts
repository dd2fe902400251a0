/**
 * Error codes shared by server and clients. Every error answer has the shape
 * `{ error: { code, message, key?, fields? } }`; `key` is an i18n key the web app translates.
 */
export const ErrorCode = {
  BadRequest: 'bad_request',
  Validation: 'validation_failed',
  MissingRequestedWith: 'missing_requested_with',
  Unauthorized: 'unauthorized',
  Forbidden: 'forbidden',
  NotFound: 'not_found',
  Conflict: 'conflict',
  TooManyRequests: 'too_many_requests',
  PayloadTooLarge: 'payload_too_large',
  HeadersTooLarge: 'headers_too_large',
  Internal: 'internal_error',
  InvalidCredentials: 'invalid_credentials',
  InvalidCode: 'invalid_code',
  ExpiredCode: 'expired_code',
  AccountDisabled: 'account_disabled',
  SendFailed: 'send_failed',
  /** A GraphQL operation over the depth, alias, token or cost limits (refused before it runs). */
  QueryTooComplex: 'query_too_complex',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ErrorBody {
  error: {
    code: ErrorCode | string;
    message: string;
    key?: string;
    fields?: Record<string, string>;
  };
}

/** English messages the server sends; the web app shows `key` translated when it has one. */
export const serverMessages = {
  'errors.permission': 'You do not have permission to perform this function',
  'errors.requested_with': 'Requests to the API must carry the X-Requested-With header',
  'errors.validation': 'Some fields are invalid',
  'errors.malformed_json': 'The request body is not valid JSON',
  'errors.not_found': 'Not found',
  'errors.unauthorized': 'Please sign in again',
  'errors.internal': 'Error, please try again',
  'errors.too_many': 'Too many attempts, please try again later',
  'errors.invalid_credentials': 'Incorrect username or password',
  'errors.invalid_code': 'Invalid activate code',
  'errors.expired_code': 'Wrong or expired code',
  'errors.resend_failed': 'Could not resend verification',
  'errors.send_failed': 'Could not send the code, please try again',
  'errors.account_exists': 'An account with these details already exists',
  'errors.email_taken': 'This email is already registered',
  'errors.username_taken': 'This username is already taken',
  'errors.phone_taken': 'This phone number is already registered',
  'errors.referral_unknown': 'Unknown referral code',
  'errors.wrong_password': 'The current password is incorrect',
  'errors.password_already_set': 'This account already has a password',
  'errors.password_not_set': 'This account has no password yet, set one first',
  'errors.confirm_to_upload': 'Confirm your email address before sharing files',
  'errors.password_weak': 'This password is too common or too easy to guess, choose another',
  'errors.account_disabled': 'This account is disabled',
  'errors.nul_character': 'Text must not contain the NUL character',
  'errors.query_too_complex': 'This request asks for too much at once',
} as const;
export type ServerMessageKey = keyof typeof serverMessages;
