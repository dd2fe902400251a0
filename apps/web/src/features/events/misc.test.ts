import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/errors.ts';
import { createI18n } from '../../shared/i18n/index.ts';
import { conferenceMode } from './conferenceMode.ts';
import { dataUrlToBlob } from './download.ts';
import { localizedFieldErrors, translateEventError } from './errors.ts';
import { formatEventRange, isExpired } from './format.ts';
import { qrFileName } from './qr.ts';

describe('conference mode of instant meetings (spec §4)', () => {
  it.each([
    [{ account_setting: { conference_mode: 'endtoend' } }, 'endtoend'],
    [{ account_setting: { conference_mode: 'meeting' } }, 'meeting'],
    [{ account_setting: { conference_mode: 'theater' } }, 'meeting'],
    [{ account_setting: null }, 'meeting'],
    [undefined, 'meeting'],
  ])('%j → %s', (account, mode) => {
    expect(conferenceMode(account)).toBe(mode);
  });
});

describe('event errors in both languages', () => {
  const en = createI18n('en');
  const vi = createI18n('vi');
  const wrongPasscode = new ApiError(
    400,
    'invalid_passcode',
    'invalid passcode, please try again',
    'errors.invalid_passcode',
    { passcode: 'invalid passcode, please try again' },
  );

  it('translates event keys the shared table does not know', () => {
    expect(translateEventError(wrongPasscode, en)).toBe('invalid passcode, please try again');
    expect(translateEventError(wrongPasscode, vi)).toBe('Mật khẩu không đúng, vui lòng nhập lại');
    const tooMany = new ApiError(429, 'too_many_requests', 'x', 'errors.too_many');
    expect(translateEventError(tooMany, vi)).toBe('Quá nhiều lần thử, vui lòng thử lại sau');
  });

  it('localizes field messages, also from GraphQL extensions', () => {
    expect(localizedFieldErrors(wrongPasscode, vi)).toEqual({
      passcode: 'Mật khẩu không đúng, vui lòng nhập lại',
    });
    const graphqlError = new ApiError(
      200,
      'graphql_error',
      'Some fields are invalid',
      undefined,
      undefined,
      {
        errors: [
          {
            message: 'x',
            extensions: {
              key: 'events.alias_taken',
              fields: { name: 'This link name is already taken' },
            },
          },
        ],
      },
    );
    expect(translateEventError(graphqlError, vi)).toBe('Tên liên kết này đã được sử dụng');
    expect(localizedFieldErrors(graphqlError, en)).toEqual({
      name: 'This link name is already taken',
    });
  });
});

describe('small helpers', () => {
  it('turns a base64 PNG data URL into a blob of the same bytes', async () => {
    const blob = dataUrlToBlob('data:image/png;base64,iVBORw0KGgo=');
    expect(blob.type).toBe('image/png');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ]);
    expect(await dataUrlToBlob('data:,a%20b').text()).toBe('a b');
    expect(() => dataUrlToBlob('https://x')).toThrow(TypeError);
  });

  it('formats times in the given zone and knows when an event expired', () => {
    const text = formatEventRange(
      '2026-03-02T03:00:00Z',
      '2026-03-02T04:30:00Z',
      'en',
      'Asia/Ho_Chi_Minh',
    );
    expect(text).toContain('10:00');
    expect(text).toContain('11:30');
    expect(isExpired({ expired_at: null }, 0)).toBe(false);
    expect(isExpired({ expired_at: '2026-01-01T00:00:00Z' }, Date.parse('2026-01-02'))).toBe(true);
  });

  it('names the QR file after the alias', () => {
    expect(qrFileName('team-weekly')).toBe('team-weekly-qr.png');
    expect(qrFileName('a/b')).toBe('ab-qr.png');
  });
});
