import type { Language } from './limits.ts';

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

/**
 * English messages the server sends with their `key`. The web app shows `serverMessageTexts` in
 * the reader's language by that key (apps/web/src/shared/i18n/serverErrors.ts reads them from
 * here: one source for both sides and both languages).
 */
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
  'errors.recording_in_progress': 'This recording is still running, stop it first',
  'errors.range_not_satisfiable': 'The requested range is not within the file',
} as const;
export type ServerMessageKey = keyof typeof serverMessages;

/** The server's messages in Vietnamese; a key without its translation does not compile. */
const serverMessagesVi: Record<ServerMessageKey, string> = {
  'errors.permission': 'Bạn không có quyền thực hiện chức năng này',
  'errors.requested_with': 'Yêu cầu tới API phải có tiêu đề X-Requested-With',
  'errors.validation': 'Một số trường không hợp lệ',
  'errors.malformed_json': 'Nội dung yêu cầu không phải JSON hợp lệ',
  'errors.not_found': 'Không tìm thấy',
  'errors.unauthorized': 'Vui lòng đăng nhập lại',
  'errors.internal': 'Đã xảy ra lỗi, vui lòng thử lại',
  'errors.too_many': 'Quá nhiều lần thử, vui lòng thử lại sau',
  'errors.invalid_credentials': 'Tên đăng nhập hoặc mật khẩu không đúng',
  'errors.invalid_code': 'Mã kích hoạt không hợp lệ',
  'errors.expired_code': 'Mã sai hoặc đã hết hạn',
  'errors.resend_failed': 'Không thể gửi lại mã xác minh',
  'errors.send_failed': 'Không thể gửi mã, vui lòng thử lại',
  'errors.account_exists': 'Đã có tài khoản với thông tin này',
  'errors.email_taken': 'Địa chỉ email này đã được đăng ký',
  'errors.username_taken': 'Tên đăng nhập này đã được sử dụng',
  'errors.phone_taken': 'Số điện thoại này đã được đăng ký',
  'errors.referral_unknown': 'Mã giới thiệu không tồn tại',
  'errors.wrong_password': 'Mật khẩu hiện tại không đúng',
  'errors.password_already_set': 'Tài khoản này đã có mật khẩu',
  'errors.password_not_set': 'Tài khoản này chưa có mật khẩu, hãy đặt mật khẩu trước',
  'errors.confirm_to_upload': 'Hãy xác nhận địa chỉ email trước khi chia sẻ tệp',
  'errors.password_weak': 'Mật khẩu này quá phổ biến hoặc quá dễ đoán, hãy chọn mật khẩu khác',
  'errors.account_disabled': 'Tài khoản này đã bị vô hiệu hóa',
  'errors.nul_character': 'Văn bản không được chứa ký tự NUL',
  'errors.query_too_complex': 'Yêu cầu này đòi hỏi quá nhiều cùng lúc',
  'errors.recording_in_progress': 'Bản ghi hình này vẫn đang chạy, hãy dừng nó trước',
  'errors.range_not_satisfiable': 'Phạm vi được yêu cầu nằm ngoài tệp',
};

/** Every message the server sends, in both product languages, by its key. */
export const serverMessageTexts: Record<Language, Record<ServerMessageKey, string>> = {
  en: serverMessages,
  vi: serverMessagesVi,
};

/** What an error says by its code alone, when it carries no key (or one the reader lacks). */
export const errorCodeMessages: Record<Language, Record<ErrorCode, string>> = {
  en: {
    bad_request: 'The request is invalid',
    validation_failed: serverMessages['errors.validation'],
    missing_requested_with: serverMessages['errors.requested_with'],
    unauthorized: serverMessages['errors.unauthorized'],
    forbidden: serverMessages['errors.permission'],
    not_found: serverMessages['errors.not_found'],
    conflict: 'This value is already in use',
    too_many_requests: serverMessages['errors.too_many'],
    payload_too_large: 'The request is too large',
    headers_too_large: 'The request headers are too large',
    internal_error: serverMessages['errors.internal'],
    invalid_credentials: serverMessages['errors.invalid_credentials'],
    invalid_code: serverMessages['errors.invalid_code'],
    expired_code: serverMessages['errors.expired_code'],
    account_disabled: serverMessages['errors.account_disabled'],
    send_failed: serverMessages['errors.send_failed'],
    query_too_complex: serverMessages['errors.query_too_complex'],
  },
  vi: {
    bad_request: 'Yêu cầu không hợp lệ',
    validation_failed: serverMessagesVi['errors.validation'],
    missing_requested_with: serverMessagesVi['errors.requested_with'],
    unauthorized: serverMessagesVi['errors.unauthorized'],
    forbidden: serverMessagesVi['errors.permission'],
    not_found: serverMessagesVi['errors.not_found'],
    conflict: 'Giá trị này đã được sử dụng',
    too_many_requests: serverMessagesVi['errors.too_many'],
    payload_too_large: 'Yêu cầu quá lớn',
    headers_too_large: 'Phần đầu của yêu cầu quá lớn',
    internal_error: serverMessagesVi['errors.internal'],
    invalid_credentials: serverMessagesVi['errors.invalid_credentials'],
    invalid_code: serverMessagesVi['errors.invalid_code'],
    expired_code: serverMessagesVi['errors.expired_code'],
    account_disabled: serverMessagesVi['errors.account_disabled'],
    send_failed: serverMessagesVi['errors.send_failed'],
    query_too_complex: serverMessagesVi['errors.query_too_complex'],
  },
};
