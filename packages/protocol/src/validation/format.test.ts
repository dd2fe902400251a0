import { describe, expect, it } from 'vitest';
import { fieldValidator, formatMessage, validate, validateFields } from './format.ts';
import { MESSAGE_KEYS, messages } from './messages.ts';
import { rules, withMessage } from './rules.ts';

describe('formatMessage', () => {
  it('fills placeholders, localizing labels and parameters', () => {
    const failure = {
      key: 'confirm' as const,
      params: { other: { en: 'Password', vi: 'Mật khẩu' } },
    };
    expect(formatMessage(failure, 'en', { en: 'Confirmation', vi: 'Xác nhận' })).toBe(
      'Confirmation does not match Password',
    );
    expect(formatMessage(failure, 'vi', { en: 'Confirmation', vi: 'Xác nhận' })).toBe(
      'Xác nhận không khớp với Mật khẩu',
    );
  });
  it('defaults the field label per language and leaves unknown placeholders visible', () => {
    expect(formatMessage({ key: 'min_length' }, 'en')).toBe(
      'This field must be at least {min} characters',
    );
    expect(formatMessage({ key: 'min_length', params: { min: 8 } }, 'vi')).toBe(
      'Trường này phải có ít nhất 8 ký tự',
    );
  });
  it('does not let a parameter replace the field label', () => {
    expect(formatMessage({ key: 'required', params: { field: 'X' } }, 'en', 'Email')).toBe(
      'Email is required',
    );
  });
});

describe('validate', () => {
  it('returns the first failing rule’s message', () => {
    const list = [rules.required(), rules.email(), rules.max(5)];
    expect(validate('', list, {}, 'en', 'Email')).toBe('Email is required');
    expect(validate('abcdefg', list, {}, 'vi', 'Email')).toBe('Email phải là địa chỉ email hợp lệ');
    expect(validate('a@b.cd', list, {}, 'en', 'Email')).toBe('Email must be at most 5 characters');
    expect(validate('a@b', [rules.required(), rules.email()], {}, 'en')).toBe(
      'This field must be a valid email address',
    );
    expect(validate('a@b.v', list, {}, 'en')).toBeNull();
  });
});

describe('fieldValidator', () => {
  interface SignupForm {
    password: string;
    confirm: string;
  }
  it('fits Mantine useForm validate, with interface-typed values', () => {
    const validateConfirm: (value: string, values: SignupForm) => string | null = fieldValidator(
      [rules.required(), rules.confirm('password', { en: 'Password', vi: 'Mật khẩu' })],
      'vi',
      { en: 'Confirm password', vi: 'Xác nhận mật khẩu' },
    );
    expect(validateConfirm('a', { password: 'b', confirm: 'a' })).toBe(
      'Xác nhận mật khẩu không khớp với Mật khẩu',
    );
    expect(validateConfirm('', { password: 'b', confirm: '' })).toBe(
      'Xác nhận mật khẩu là bắt buộc',
    );
    expect(validateConfirm('b', { password: 'b', confirm: 'b' })).toBeNull();
  });
  it('works without the values argument', () => {
    expect(fieldValidator([withMessage(rules.required(), 'enter_your_name')], 'en')(' ')).toBe(
      'Please enter your name',
    );
  });
});

describe('validateFields', () => {
  const fieldRules = {
    email: [rules.required(), rules.email()],
    code: [
      withMessage(rules.required(), 'verify_code_required'),
      withMessage(rules.length(6), 'invalid_activate_code'),
    ],
    note: [rules.max(3)],
  };
  it('collects each failing field’s message', () => {
    expect(
      validateFields({ email: 'x', code: '12' }, fieldRules, 'en', { email: 'Email' }),
    ).toEqual({
      email: 'Email must be a valid email address',
      code: 'Invalid activate code',
    });
    expect(validateFields({ email: '', note: 'long' }, fieldRules, 'vi')).toEqual({
      email: 'Trường này là bắt buộc',
      code: 'Vui lòng nhập mã xác thực',
      note: 'Trường này không được vượt quá 3 ký tự',
    });
  });
  it('returns null when everything passes', () => {
    expect(validateFields({ email: 'a@b.vn', code: '123456' }, fieldRules, 'en')).toBeNull();
  });
});

describe('messages', () => {
  it('has every key in both languages, with the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of MESSAGE_KEYS) {
      expect(messages.vi[key], key).toBeTruthy();
      expect(messages.vi[key], key).not.toBe(key);
      expect(placeholders(messages.vi[key]), key).toEqual(placeholders(messages.en[key]));
    }
    expect(Object.keys(messages.vi).sort()).toEqual([...MESSAGE_KEYS].sort());
  });
  it('carries the spec’s product wording', () => {
    const expected: [string, string, string][] = [
      ['name_required', 'Name is required', 'Tên là bắt buộc'],
      ['display_name_required', 'Display name is required', 'Tên hiển thị là bắt buộc'],
      ['enter_your_name', 'Please enter your name', 'Vui lòng nhập tên của bạn'],
      ['fill_out_field', 'Please fill out this field', 'Vui lòng điền vào trường này'],
      ['enter_passcode', 'Please enter the passcode', 'Vui lòng nhập mật khẩu'],
      [
        'invalid_passcode',
        'invalid passcode, please try again',
        'Mật khẩu không đúng, vui lòng nhập lại',
      ],
      ['verify_code_required', 'Please input verify code', 'Vui lòng nhập mã xác thực'],
      ['invalid_activate_code', 'Invalid activate code', 'Mã kích hoạt không hợp lệ'],
      [
        'wrong_or_expired_code',
        'The code is wrong or has expired',
        'Mã không đúng hoặc đã hết hạn',
      ],
      ['invalid_link', 'Invalid link', 'Liên kết không hợp lệ'],
      ['invalid_conference_link', 'Invalid Conference link', 'Liên kết không hợp lệ'],
      ['invalid_qr_code', 'Invalid QR Code', 'Mã QR không hợp lệ'],
    ];
    for (const [key, en, vi] of expected) {
      const failure = { key: key as (typeof MESSAGE_KEYS)[number] };
      expect(formatMessage(failure, 'en')).toBe(en);
      expect(formatMessage(failure, 'vi')).toBe(vi);
    }
  });
});
