import { defineStrings } from '../../shared/i18n/strings.ts';

export const strings = defineStrings({
  en: {
    notifications: {
      bell: 'Notifications',
      bellUnread: 'Notifications, {{count}} unread',
      heading: 'Notifications',
      markAllRead: 'Mark all as read',
      markRead: 'Mark as read',
      markUnread: 'Mark as unread',
      delete: 'Delete notification',
      loadMore: 'Load more',
      empty: 'No notifications yet',
      loadFailed: 'Notifications could not be loaded',
      retry: 'Try again',
      actionFailed: 'That did not work, please try again',
      unread: 'Unread',
      invitation: {
        title: 'Invitation: {{title}}',
        body: '{{host}} invited you to an event starting {{start}}',
        open: 'Open event',
      },
      gift: {
        title: 'You received a gift',
        body: '{{sender}} sent you {{gift}} ({{amount}} {{unit}})',
      },
      donation: {
        title: 'You received a donation',
        body: '{{sender}} donated {{amount}} {{unit}} to you',
      },
      missedCall: {
        title: 'Missed call',
        body: '{{visitor}} called {{alias}} at {{at}}',
      },
      passcodeGuessing: {
        title: 'Someone is guessing the passcode of "{{title}}"',
        body: '{{failures}} wrong passcodes in a short time. Joining with the passcode is paused until {{until}}; your host and speaker links still work.',
      },
    },
  },
  vi: {
    notifications: {
      bell: 'Thông báo',
      bellUnread: 'Thông báo, {{count}} chưa đọc',
      heading: 'Thông báo',
      markAllRead: 'Đánh dấu tất cả là đã đọc',
      markRead: 'Đánh dấu là đã đọc',
      markUnread: 'Đánh dấu là chưa đọc',
      delete: 'Xóa thông báo',
      loadMore: 'Tải thêm',
      empty: 'Chưa có thông báo nào',
      loadFailed: 'Không thể tải thông báo',
      retry: 'Thử lại',
      actionFailed: 'Thao tác không thành công, vui lòng thử lại',
      unread: 'Chưa đọc',
      invitation: {
        title: 'Lời mời: {{title}}',
        body: '{{host}} đã mời bạn tham gia sự kiện bắt đầu lúc {{start}}',
        open: 'Mở sự kiện',
      },
      gift: {
        title: 'Bạn đã nhận được một món quà',
        body: '{{sender}} đã gửi bạn {{gift}} ({{amount}} {{unit}})',
      },
      donation: {
        title: 'Bạn đã nhận được một khoản ủng hộ',
        body: '{{sender}} đã ủng hộ bạn {{amount}} {{unit}}',
      },
      missedCall: {
        title: 'Cuộc gọi nhỡ',
        body: '{{visitor}} đã gọi {{alias}} lúc {{at}}',
      },
      passcodeGuessing: {
        title: 'Có người đang dò mật khẩu của "{{title}}"',
        body: '{{failures}} lần nhập sai mật khẩu trong thời gian ngắn. Việc tham gia bằng mật khẩu tạm dừng đến {{until}}; liên kết chủ trì và diễn giả vẫn dùng được.',
      },
    },
  },
});
