import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from '../api/errors.ts';
import { createI18n } from './index.ts';
import { translateApiError } from './translateError.ts';

describe('translateApiError', () => {
  const en = createI18n('en');
  const vi = createI18n('vi');

  it('uses the key first, in the current language', () => {
    const error = new ApiError(403, 'forbidden', 'x', 'errors.permission');
    expect(translateApiError(error, en)).toBe(
      'You do not have permission to perform this function',
    );
    expect(translateApiError(error, vi)).toBe('Bạn không có quyền thực hiện chức năng này');
    expect(translateApiError(new ApiError(400, 'invalid_code', 'x', 'invalid_code'), vi)).toBe(
      'Mã kích hoạt không hợp lệ',
    );
  });

  it('falls back to the code, then to the server message', () => {
    expect(translateApiError(new ApiError(401, 'invalid_credentials', 'x'), en)).toBe(
      'Incorrect username or password',
    );
    expect(translateApiError(new ApiError(400, 'expired_code', 'x', 'unknown.key'), vi)).toBe(
      'Mã sai hoặc đã hết hạn',
    );
    expect(translateApiError(new ApiError(418, 'teapot', 'I am a teapot'), vi)).toBe(
      'I am a teapot',
    );
    // A key naming a group of strings is not a message.
    expect(translateApiError(new ApiError(418, 'teapot', 'short', 'errors'), en)).toBe('short');
  });

  it('explains network failures and unknown throwables', () => {
    expect(translateApiError(networkError(new TypeError('fetch failed')), en)).toBe(
      'Please check your internet connection',
    );
    expect(translateApiError(new Error('boom'), vi)).toBe('Đã xảy ra lỗi, vui lòng thử lại');
  });
});
