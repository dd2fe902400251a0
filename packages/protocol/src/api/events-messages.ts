import type { Language } from '../limits.ts';

/**
 * The zod-free part of events.ts: constants and messages the web app's pages import without
 * loading the request schemas and zod (issue 11: first load). events.ts re-exports all of it.
 */

export const ALIAS_TYPES = ['conference', 'qrcode'] as const;
export type AliasType = (typeof ALIAS_TYPES)[number];
export const EVENT_MODES = ['meeting', 'conference', 'theater', 'livestream', 'endtoend'] as const;
export type EventMode = (typeof EVENT_MODES)[number];
export const PARTICIPANT_ROLES = ['participant', 'speaker'] as const;
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];
/** The role a join ticket grants. */
export const JOIN_ROLES = ['host', 'speaker', 'participant', 'guest'] as const;
export type JoinRole = (typeof JOIN_ROLES)[number];

export const EVENT_TITLE_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 5000;
/**
 * Shortest passcode a new event (or a changed passcode) may have. SECURITY: with the per-event
 * cap on failed guesses (VERIFY_CALL_EVENT_MAX_FAILURES) six characters keep guessing out of reach.
 */
export const EVENT_PASSCODE_MIN = 6;
/** Events created before the six-character rule keep their shorter passcode (at least this). */
export const EVENT_PASSCODE_LEGACY_MIN = 4;
export const EVENT_PASSCODE_MAX = 32;
export const EVENT_DURATION_MIN = 1;
export const EVENT_DURATION_MAX = 1440;
export const EVENT_DEFAULT_DURATION = 60;
export const EVENT_SPEAKERS_MAX = 100;
export const EVENT_PARTICIPANTS_MAX = 1000;
export const ALIAS_NAME_MIN = 3;
export const ALIAS_NAME_MAX = 64;
/** Default aliases: 12 random base62 characters (decisions.md). */
export const ALIAS_DEFAULT_LENGTH = 12;
export const ALIAS_LIST_DEFAULT_LIMIT = 20;
export const ALIAS_LIST_MAX_LIMIT = 100;
/** Failed verify-call attempts allowed per alias and client address in the window. */
export const VERIFY_CALL_MAX_FAILURES = 10;
export const VERIFY_CALL_WINDOW_MS = 10 * 60_000;
/**
 * Failed passcodes allowed per event from all addresses together in VERIFY_CALL_WINDOW_MS; then
 * the event's passcode is not judged for VERIFY_CALL_EVENT_BACKOFF_MS and its owner is told
 * (defaults; the server's VERIFY_CALL_EVENT_* settings override them).
 */
export const VERIFY_CALL_EVENT_MAX_FAILURES = 100;
export const VERIFY_CALL_EVENT_BACKOFF_MS = 15 * 60_000;
export const JOIN_TICKET_TTL_SECONDS = 10 * 60;

/**
 * Every message of this domain in English and Vietnamese. The server sends the English text
 * (and `key` for errors); the web app shows `eventMessages[key][lang]` or, for a field message,
 * `localizeEventMessage(text, lang)`.
 */
export const eventMessages = {
  'events.fill_out_field': { en: 'Please fill out this field', vi: 'Vui lòng điền vào trường này' },
  'events.title_too_long': {
    en: `Title must be at most ${EVENT_TITLE_MAX} characters`,
    vi: `Tiêu đề tối đa ${EVENT_TITLE_MAX} ký tự`,
  },
  'events.description_too_long': {
    en: `Description must be at most ${EVENT_DESCRIPTION_MAX} characters`,
    vi: `Mô tả tối đa ${EVENT_DESCRIPTION_MAX} ký tự`,
  },
  'events.passcode_length': {
    en: `Passcode must be between ${EVENT_PASSCODE_MIN} and ${EVENT_PASSCODE_MAX} characters`,
    vi: `Mật khẩu phải có từ ${EVENT_PASSCODE_MIN} đến ${EVENT_PASSCODE_MAX} ký tự`,
  },
  'events.passcode_spaces': {
    en: 'Passcode must not contain spaces',
    vi: 'Mật khẩu không được chứa khoảng trắng',
  },
  'events.passcode_required': {
    en: 'Enter the meeting/conference passcode',
    vi: 'Nhập mật khẩu cuộc họp/hội nghị',
  },
  'events.invalid_date': {
    en: 'Enter a valid date and time (ISO 8601 with a time zone)',
    vi: 'Nhập ngày giờ hợp lệ (ISO 8601 có múi giờ)',
  },
  'events.end_before_start': {
    en: 'End time must be after start time',
    vi: 'Thời gian kết thúc phải sau thời gian bắt đầu',
  },
  'events.duration_range': {
    en: `Duration must be between ${EVENT_DURATION_MIN} and ${EVENT_DURATION_MAX} minutes`,
    vi: `Thời lượng phải từ ${EVENT_DURATION_MIN} đến ${EVENT_DURATION_MAX} phút`,
  },
  'events.invalid_mode': {
    en: 'Choose meeting, conference, theater, livestream or end-to-end',
    vi: 'Chọn cuộc họp, hội nghị, nhà hát, phát trực tiếp hoặc mã hóa đầu cuối',
  },
  'events.invalid_type': { en: 'Unknown event type', vi: 'Loại sự kiện không xác định' },
  'events.alias_format': {
    en: `Link name must be ${ALIAS_NAME_MIN}–${ALIAS_NAME_MAX} letters, digits or hyphens`,
    vi: `Tên liên kết phải gồm ${ALIAS_NAME_MIN}–${ALIAS_NAME_MAX} chữ cái, chữ số hoặc dấu gạch ngang`,
  },
  'events.alias_taken': {
    en: 'This link name is already taken',
    vi: 'Tên liên kết này đã được sử dụng',
  },
  'events.speakers_too_many': {
    en: `At most ${EVENT_SPEAKERS_MAX} speakers`,
    vi: `Tối đa ${EVENT_SPEAKERS_MAX} diễn giả`,
  },
  'events.speaker_duplicate': {
    en: 'This email is listed twice',
    vi: 'Email này bị trùng lặp',
  },
  'events.invalid_email': { en: 'Invalid email address', vi: 'Địa chỉ email không hợp lệ' },
  'events.name_required': { en: 'Name is required', vi: 'Tên là bắt buộc' },
  'events.name_too_long': {
    en: 'Name must be at most 100 characters',
    vi: 'Tên tối đa 100 ký tự',
  },
  'events.invalid_cursor': { en: 'Invalid page cursor', vi: 'Con trỏ trang không hợp lệ' },
  'events.limit_range': {
    en: `Limit must be between 1 and ${ALIAS_LIST_MAX_LIMIT}`,
    vi: `Giới hạn phải từ 1 đến ${ALIAS_LIST_MAX_LIMIT}`,
  },
  'events.invalid_time_zone': { en: 'Unknown time zone', vi: 'Múi giờ không xác định' },
  'events.participant_exists': {
    en: 'This person is already invited',
    vi: 'Người này đã được mời',
  },
  'events.participants_too_many': {
    en: `At most ${EVENT_PARTICIPANTS_MAX} participants`,
    vi: `Tối đa ${EVENT_PARTICIPANTS_MAX} người tham gia`,
  },
  'events.too_long': { en: 'Value is too long', vi: 'Giá trị quá dài' },
  'events.invalid_characters': {
    en: 'Contains characters that are not allowed',
    vi: 'Chứa ký tự không được phép',
  },
  // Errors with a `key`.
  'errors.invalid_link': { en: 'Invalid Conference link', vi: 'Liên kết không hợp lệ' },
  'errors.invalid_passcode': {
    en: 'invalid passcode, please try again',
    vi: 'Mật khẩu không đúng, vui lòng nhập lại',
  },
  'errors.event_expired': { en: 'This event has expired', vi: 'Sự kiện này đã hết hạn' },
  'errors.event_not_found': { en: 'Event not found', vi: 'Không tìm thấy sự kiện' },
  'errors.participant_not_found': {
    en: 'Participant not found',
    vi: 'Không tìm thấy người tham gia',
  },
  'errors.confirm_to_invite': {
    en: 'Confirm your email address before inviting people',
    vi: 'Hãy xác nhận địa chỉ email trước khi mời người khác',
  },
  'errors.invitation_quota': {
    en: 'You have sent all the invitations allowed today, please try again tomorrow',
    vi: 'Bạn đã gửi hết số lời mời cho phép hôm nay, vui lòng thử lại vào ngày mai',
  },
  // Success toasts of spec §8 used by the event screens.
  'events.created': { en: 'Create successfully', vi: 'Tạo thành công' },
  'events.edited': { en: 'Edit successfully', vi: 'Chỉnh sửa thành công' },
  'events.copied_invite': {
    en: 'Copied invite link successfully',
    vi: 'Đã sao chép liên kết mời thành công',
  },
  'events.qr_downloaded': {
    en: 'Download QR code successfully',
    vi: 'Tải mã QR thành công',
  },
  'events.removed': { en: 'QR code removed successfully', vi: 'Đã xóa mã QR thành công' },
} as const satisfies Record<string, Record<Language, string>>;
export type EventMessageKey = keyof typeof eventMessages;

/** The Vietnamese (or English) text of a message the server sent in English, else the text. */
export function localizeEventMessage(text: string, lang: Language): string {
  for (const entry of Object.values(eventMessages)) {
    if (entry.en === text) return entry[lang];
  }
  return text;
}
