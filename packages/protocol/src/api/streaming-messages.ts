import type { Language } from '../limits.ts';

/**
 * The zod-free part of streaming.ts: constants and messages the web app's pages import without
 * loading the request schemas and zod (issue 11: first load). streaming.ts re-exports all of it.
 */

export const STREAM_NAME_MAX = 100;
export const STREAM_URL_MAX = 1024;
export const STREAM_KEY_MAX = 256;
/** Saved destinations per account. */
export const STREAM_SERVERS_MAX = 20;
/** Characters of a key shown back (`key_hint`); shorter keys show none. */
export const STREAM_KEY_HINT_CHARS = 4;

/** Every message of live streaming in English and Vietnamese (the `key` of errors). */
export const streamMessages = {
  'stream.check_key': { en: 'Check your stream key', vi: 'Kiểm tra khóa luồng của bạn' },
  'stream.url_scheme': {
    en: 'The server URL must start with rtmp:// or rtmps://',
    vi: 'URL máy chủ phải bắt đầu bằng rtmp:// hoặc rtmps://',
  },
  'stream.url_invalid': {
    en: 'The server URL is not valid',
    vi: 'URL máy chủ không hợp lệ',
  },
  'stream.url_private': {
    en: 'The server URL points at a private or local address',
    vi: 'URL máy chủ trỏ tới một địa chỉ riêng hoặc cục bộ',
  },
  'stream.url_unresolved': {
    en: 'The server name could not be found',
    vi: 'Không tìm thấy tên máy chủ',
  },
  'stream.name_required': { en: 'Enter a name', vi: 'Nhập tên' },
  'stream.name_too_long': {
    en: `Name must be at most ${STREAM_NAME_MAX} characters`,
    vi: `Tên tối đa ${STREAM_NAME_MAX} ký tự`,
  },
  'stream.key_required': { en: 'Enter the stream key', vi: 'Nhập khóa luồng' },
  'stream.key_too_long': {
    en: `The stream key must be at most ${STREAM_KEY_MAX} characters`,
    vi: `Khóa luồng tối đa ${STREAM_KEY_MAX} ký tự`,
  },
  'stream.key_invalid': {
    en: 'The stream key contains characters that are not allowed',
    vi: 'Khóa luồng chứa ký tự không được phép',
  },
  'stream.server_not_found': {
    en: 'This stream server no longer exists',
    vi: 'Máy chủ phát trực tiếp này không còn tồn tại',
  },
  'stream.too_many_servers': {
    en: `At most ${STREAM_SERVERS_MAX} stream servers`,
    vi: `Tối đa ${STREAM_SERVERS_MAX} máy chủ phát trực tiếp`,
  },
  'stream.endtoend': {
    en: 'End-to-end encrypted rooms cannot be streamed',
    vi: 'Không thể phát trực tiếp phòng được mã hóa đầu cuối',
  },
  'stream.unavailable': {
    en: 'Live streaming is not available on this server',
    vi: 'Máy chủ này không hỗ trợ phát trực tiếp',
  },
  'stream.already_streaming': {
    en: 'This destination is already streaming',
    vi: 'Điểm đến này đang được phát',
  },
  'stream.not_streaming': {
    en: 'This destination is not streaming',
    vi: 'Điểm đến này không được phát',
  },
  'stream.too_many_destinations': {
    en: 'Too many destinations at once',
    vi: 'Quá nhiều điểm đến cùng lúc',
  },
  'stream.connection_lost': {
    en: 'The connection to the stream server was lost',
    vi: 'Mất kết nối tới máy chủ phát trực tiếp',
  },
  'stream.failed': {
    en: 'Live streaming failed, please try again',
    vi: 'Phát trực tiếp thất bại, vui lòng thử lại',
  },
} as const satisfies Record<string, Record<Language, string>>;
export type StreamMessageKey = keyof typeof streamMessages;
