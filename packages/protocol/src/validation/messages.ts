import type { Language } from '../limits.ts';

/**
 * Validation messages of spec §5 in English and Vietnamese.
 *
 * Placeholders in braces are filled by `formatMessage`: {field} (the field's label, or
 * "This field" / "Trường này"), {min}, {max}, {length}, {other}, {date}, {format}, {types},
 * {prefix}, {suffix}. A placeholder without a value is left as written so a missing parameter
 * is visible instead of silently dropped.
 *
 * The product keys (name_required, fill_out_field, …) carry the spec's exact wording; use them
 * with `withMessage(rule, key)`.
 */
const en = {
  // Generic rules.
  required: '{field} is required',
  invalid: '{field} is not valid',
  email: '{field} must be a valid email address',
  url: '{field} must be a valid link',
  length_exact: '{field} must be exactly {length} characters',
  length_between: '{field} must be between {min} and {max} characters',
  min_number: '{field} must be at least {min}',
  min_length: '{field} must be at least {min} characters',
  max_number: '{field} must be at most {max}',
  max_length: '{field} must be at most {max} characters',
  between_number: '{field} must be between {min} and {max}',
  confirm: '{field} does not match {other}',
  date: '{field} must be a valid date',
  date_after: '{field} must be after {date}',
  date_before: '{field} must be before {date}',
  date_between: '{field} must be between {min} and {max}',
  date_format: '{field} must match the format {format}',
  alpha: '{field} may only contain letters',
  alphanumeric: '{field} may only contain letters and numbers',
  alpha_spaces: '{field} may only contain letters and spaces',
  accepted: '{field} must be accepted',
  is: '{field} does not match the expected value',
  not: '{field} must be a different value',
  matches: '{field} has an invalid format',
  starts_with: '{field} must start with {prefix}',
  ends_with: '{field} must end with {suffix}',
  number: '{field} must be a number',
  file_type: '{field} must be a file of type {types}',
  file_size: '{field} must not be larger than {max}',
  // Product messages of spec §5, worded as the spec gives them.
  name_required: 'Name is required',
  display_name_required: 'Display name is required',
  enter_your_name: 'Please enter your name',
  fill_out_field: 'Please fill out this field',
  enter_passcode: 'Please enter the passcode',
  invalid_passcode: 'invalid passcode, please try again',
  verify_code_required: 'Please input verify code',
  invalid_activate_code: 'Invalid activate code',
  wrong_or_expired_code: 'The code is wrong or has expired',
  invalid_link: 'Invalid link',
  invalid_conference_link: 'Invalid Conference link',
  invalid_qr_code: 'Invalid QR Code',
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof en;

const vi: Record<MessageKey, string> = {
  required: '{field} là bắt buộc',
  invalid: '{field} không hợp lệ',
  email: '{field} phải là địa chỉ email hợp lệ',
  url: '{field} phải là liên kết hợp lệ',
  length_exact: '{field} phải có đúng {length} ký tự',
  length_between: '{field} phải có từ {min} đến {max} ký tự',
  min_number: '{field} phải lớn hơn hoặc bằng {min}',
  min_length: '{field} phải có ít nhất {min} ký tự',
  max_number: '{field} phải nhỏ hơn hoặc bằng {max}',
  max_length: '{field} không được vượt quá {max} ký tự',
  between_number: '{field} phải nằm trong khoảng từ {min} đến {max}',
  confirm: '{field} không khớp với {other}',
  date: '{field} phải là ngày hợp lệ',
  date_after: '{field} phải sau {date}',
  date_before: '{field} phải trước {date}',
  date_between: '{field} phải nằm trong khoảng từ {min} đến {max}',
  date_format: '{field} phải đúng định dạng {format}',
  alpha: '{field} chỉ được chứa chữ cái',
  alphanumeric: '{field} chỉ được chứa chữ cái và chữ số',
  alpha_spaces: '{field} chỉ được chứa chữ cái và khoảng trắng',
  accepted: '{field} phải được chấp nhận',
  is: '{field} không khớp với giá trị yêu cầu',
  not: '{field} phải là một giá trị khác',
  matches: '{field} không đúng định dạng',
  starts_with: '{field} phải bắt đầu bằng {prefix}',
  ends_with: '{field} phải kết thúc bằng {suffix}',
  number: '{field} phải là số',
  file_type: '{field} phải là tệp có định dạng {types}',
  file_size: '{field} không được lớn hơn {max}',
  name_required: 'Tên là bắt buộc',
  display_name_required: 'Tên hiển thị là bắt buộc',
  enter_your_name: 'Vui lòng nhập tên của bạn',
  fill_out_field: 'Vui lòng điền vào trường này',
  enter_passcode: 'Vui lòng nhập mật khẩu',
  invalid_passcode: 'Mật khẩu không đúng, vui lòng nhập lại',
  verify_code_required: 'Vui lòng nhập mã xác thực',
  invalid_activate_code: 'Mã kích hoạt không hợp lệ',
  wrong_or_expired_code: 'Mã không đúng hoặc đã hết hạn',
  invalid_link: 'Liên kết không hợp lệ',
  invalid_conference_link: 'Liên kết không hợp lệ',
  invalid_qr_code: 'Mã QR không hợp lệ',
};

export const messages: Readonly<Record<Language, Readonly<Record<MessageKey, string>>>> = {
  en,
  vi,
};

/** The {field} value when a rule is used without a label. */
export const defaultFieldLabel: Readonly<Record<Language, string>> = {
  en: 'This field',
  vi: 'Trường này',
};

export const MESSAGE_KEYS = Object.keys(en) as MessageKey[];
