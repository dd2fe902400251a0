import type { Language } from '../limits.ts';

/**
 * The zod-free part of gifts.ts: constants and messages the web app's pages import without
 * loading the request schemas and zod (issue 11: first load). gifts.ts re-exports all of it.
 */

export const giftMessages = {
  'gifts.unknown_gift': { en: 'No such gift', vi: 'Không có món quà này' },
  'gifts.not_in_room': {
    en: 'You are not in this room',
    vi: 'Bạn không ở trong phòng này',
  },
  'gifts.receiver_not_in_room': {
    en: 'That person is not in the room',
    vi: 'Người này không ở trong phòng',
  },
  'gifts.receiver_guest': {
    en: 'Gifts go to signed-in participants only',
    vi: 'Chỉ có thể tặng quà cho người đã đăng nhập',
  },
  'gifts.self': {
    en: 'You cannot give a gift to yourself',
    vi: 'Bạn không thể tự tặng quà cho mình',
  },
  'gifts.recipient_unknown': {
    en: 'Nobody goes by this name or link',
    vi: 'Không tìm thấy người nhận với tên hoặc liên kết này',
  },
  'gifts.recipient_required': {
    en: 'Say who receives the gift',
    vi: 'Vui lòng cho biết người nhận',
  },
} as const satisfies Record<string, Record<Language, string>>;
export type GiftMessageKey = keyof typeof giftMessages;
