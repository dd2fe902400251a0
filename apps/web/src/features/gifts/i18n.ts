import { giftMessages } from '@podium/protocol';
import { defineStrings } from '../../shared/i18n/strings.ts';

const en = (key: keyof typeof giftMessages) => giftMessages[key].en;
const vi = (key: keyof typeof giftMessages) => giftMessages[key].vi;

export const strings = defineStrings({
  en: {
    gifts: {
      heading: 'Send a gift',
      donationHeading: 'Make a donation',
      to: 'To {{name}}',
      noRecipient: 'This link does not say who receives the gift.',
      signIn: 'Sign in to send gifts and donations',
      signInHint: 'Gifts and donations come from your wallet, so you need to be signed in.',
      balance: 'Your balance: {{value}} coins',
      send: 'Send {{name}} ({{price}} coins)',
      sent: 'You sent {{name}} to {{to}}.',
      donated: 'You donated {{amount}} coins to {{to}}.',
      amount: 'Amount (coins)',
      donate: 'Donate',
      amountInvalid: 'Enter a whole amount greater than zero',
      loadFailed: 'The gifts could not be loaded',
      toDonation: 'Donate an amount instead',
      toGifts: 'Send a gift instead',
      price: '{{price}} coins',
      room: {
        open: 'Gifts',
        title: 'Send a gift',
        close: 'Close gifts',
        receiver: 'Receiver',
        nobody: 'Nobody else here can receive gifts yet.',
        guestHint: 'Sign in to give gifts.',
        give: 'Give {{name}} ({{price}} coins)',
        line: '{{from}} gave {{gift}} to {{to}}',
        given: 'Gift sent',
      },
    },
    serverErrors: {
      gifts: {
        unknown_gift: en('gifts.unknown_gift'),
        not_in_room: en('gifts.not_in_room'),
        receiver_not_in_room: en('gifts.receiver_not_in_room'),
        receiver_guest: en('gifts.receiver_guest'),
        self: en('gifts.self'),
        recipient_unknown: en('gifts.recipient_unknown'),
        recipient_required: en('gifts.recipient_required'),
      },
    },
  },
  vi: {
    gifts: {
      heading: 'Gửi quà',
      donationHeading: 'Ủng hộ',
      to: 'Gửi đến {{name}}',
      noRecipient: 'Liên kết này không cho biết người nhận quà.',
      signIn: 'Đăng nhập để gửi quà và ủng hộ',
      signInHint: 'Quà tặng và ủng hộ được trả từ ví của bạn, vì vậy bạn cần đăng nhập.',
      balance: 'Số dư của bạn: {{value}} xu',
      send: 'Gửi {{name}} ({{price}} xu)',
      sent: 'Bạn đã gửi {{name}} đến {{to}}.',
      donated: 'Bạn đã ủng hộ {{amount}} xu cho {{to}}.',
      amount: 'Số tiền (xu)',
      donate: 'Ủng hộ',
      amountInvalid: 'Nhập một số nguyên lớn hơn 0',
      loadFailed: 'Không tải được danh sách quà',
      toDonation: 'Ủng hộ một số tiền',
      toGifts: 'Gửi quà tặng',
      price: '{{price}} xu',
      room: {
        open: 'Quà tặng',
        title: 'Gửi quà',
        close: 'Đóng quà tặng',
        receiver: 'Người nhận',
        nobody: 'Chưa có ai khác ở đây có thể nhận quà.',
        guestHint: 'Đăng nhập để tặng quà.',
        give: 'Tặng {{name}} ({{price}} xu)',
        line: '{{from}} đã tặng {{gift}} cho {{to}}',
        given: 'Đã gửi quà',
      },
    },
    serverErrors: {
      gifts: {
        unknown_gift: vi('gifts.unknown_gift'),
        not_in_room: vi('gifts.not_in_room'),
        receiver_not_in_room: vi('gifts.receiver_not_in_room'),
        receiver_guest: vi('gifts.receiver_guest'),
        self: vi('gifts.self'),
        recipient_unknown: vi('gifts.recipient_unknown'),
        recipient_required: vi('gifts.recipient_required'),
      },
    },
  },
});
