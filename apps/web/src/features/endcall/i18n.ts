import { defineStrings } from '../../shared/i18n/strings.ts';

export const strings = defineStrings({
  en: {
    endcall: {
      pageTitle: 'You left the event',
      heading: {
        left: 'You left the event',
        host_ended: 'The host ended the event',
        time_over: 'The event time is over',
        removed: 'You were removed from the event',
        blocked: 'You cannot join this event',
        denied: 'The host did not let you in',
        replaced: 'You joined this event from another window',
      },
      rejoin: 'Re-join',
      home: 'Go to home',
      apps: {
        title: 'Podium apps',
        text: 'Apps for phones and computers are coming soon. Until then, Podium works in your browser.',
        ios: 'iPhone and iPad (coming soon)',
        android: 'Android (coming soon)',
        desktop: 'Windows and macOS (coming soon)',
      },
      upcoming: {
        title: 'Your upcoming events',
        none: 'No upcoming events',
        failed: 'Your events could not be loaded.',
        join: 'Join {{title}}',
        open: 'Join',
      },
    },
  },
  vi: {
    endcall: {
      pageTitle: 'Bạn đã rời sự kiện',
      heading: {
        left: 'Bạn đã rời sự kiện',
        host_ended: 'Người chủ trì đã kết thúc sự kiện',
        time_over: 'Đã hết thời gian của sự kiện',
        removed: 'Bạn đã bị mời ra khỏi sự kiện',
        blocked: 'Bạn không thể tham gia sự kiện này',
        denied: 'Người chủ trì đã không cho bạn vào',
        replaced: 'Bạn đã tham gia sự kiện này từ một cửa sổ khác',
      },
      rejoin: 'Tham gia lại',
      home: 'Về trang chủ',
      apps: {
        title: 'Ứng dụng Podium',
        text: 'Ứng dụng cho điện thoại và máy tính sắp ra mắt. Trong lúc chờ, Podium hoạt động ngay trên trình duyệt.',
        ios: 'iPhone và iPad (sắp ra mắt)',
        android: 'Android (sắp ra mắt)',
        desktop: 'Windows và macOS (sắp ra mắt)',
      },
      upcoming: {
        title: 'Sự kiện sắp tới của bạn',
        none: 'Không có sự kiện sắp tới',
        failed: 'Không thể tải các sự kiện của bạn.',
        join: 'Tham gia {{title}}',
        open: 'Tham gia',
      },
    },
  },
});
