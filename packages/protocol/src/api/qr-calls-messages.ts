import type { Language } from '../limits.ts';

/**
 * The zod-free part of qr-calls.ts: constants and messages the web app's pages import without
 * loading the request schemas and zod (issue 11: first load). qr-calls.ts re-exports all of it.
 */

export const QR_CALL_STATES = [
  'ringing',
  'answered',
  'cancelled',
  'busy',
  'timeout',
  'expired',
] as const;
export type QrCallState = (typeof QR_CALL_STATES)[number];

/** Why a ringing dialog closes for one agent. */
export const QR_RING_STOP_REASONS = [
  'answered',
  'answered_elsewhere',
  'cancelled',
  'timeout',
  'declined',
  'expired',
  'busy',
] as const;
export type QrRingStopReason = (typeof QR_RING_STOP_REASONS)[number];

/** Nobody answering within this long: the visitor hears 'agents busy'. */
export const QR_CALL_RING_TIMEOUT_MS = 30_000;
/** Longest a `wait` request is held open before it answers with the unchanged state. */
export const QR_CALL_WAIT_MAX_MS = 25_000;
export const QR_CALL_AGENTS_MAX = 100;
export const QR_CALL_VISITOR_NAME_MAX = 100;

/** Every message of the QR call centre in English and Vietnamese (`key` of errors). */
export const qrCallMessages = {
  'qr.invalid': { en: 'Invalid QR Code', vi: 'Mã QR không hợp lệ' },
  'qr.invalid_hint': {
    en: 'Please contact the owner of this QR code.',
    vi: 'Vui lòng liên hệ chủ sở hữu mã QR này.',
  },
  'qr.expired': { en: 'This QR Call has expired!', vi: 'Cuộc gọi QR này đã hết hạn!' },
  'qr.cancelled': { en: 'Call cancelled', vi: 'Cuộc gọi đã bị hủy' },
  'qr.busy': {
    en: 'Agents busy, try again later',
    vi: 'Nhân viên đang bận, vui lòng thử lại sau',
  },
  'qr.answered_elsewhere': {
    en: 'Answered by another agent',
    vi: 'Cuộc gọi đã được nhân viên khác trả lời',
  },
  'qr.call_over': { en: 'This call has ended', vi: 'Cuộc gọi này đã kết thúc' },
  'qr.call_not_found': { en: 'Call not found', vi: 'Không tìm thấy cuộc gọi' },
  'qr.not_agent': {
    en: 'You do not have permission to perform this function',
    vi: 'Bạn không có quyền thực hiện chức năng này',
  },
  'qr.account_required': {
    en: 'Enter an email or username',
    vi: 'Nhập email hoặc tên người dùng',
  },
  'qr.account_unknown': {
    en: 'No account with this email or username',
    vi: 'Không có tài khoản nào với email hoặc tên người dùng này',
  },
  'qr.agent_exists': { en: 'This person is already an agent', vi: 'Người này đã là nhân viên' },
  'qr.agent_not_found': { en: 'Agent not found', vi: 'Không tìm thấy nhân viên' },
  'qr.agents_too_many': {
    en: `At most ${QR_CALL_AGENTS_MAX} agents`,
    vi: `Tối đa ${QR_CALL_AGENTS_MAX} nhân viên`,
  },
  'qr.name_required': { en: 'Please enter your name', vi: 'Vui lòng nhập tên của bạn' },
  'qr.name_too_long': {
    en: `Name must be at most ${QR_CALL_VISITOR_NAME_MAX} characters`,
    vi: `Tên tối đa ${QR_CALL_VISITOR_NAME_MAX} ký tự`,
  },
  'qr.invalid_characters': {
    en: 'Contains characters that are not allowed',
    vi: 'Chứa ký tự không được phép',
  },
} as const satisfies Record<string, Record<Language, string>>;
export type QrCallMessageKey = keyof typeof qrCallMessages;
