import { defineStrings } from '../../shared/i18n/strings.ts';

export const strings = defineStrings({
  en: {
    home: {
      welcome: 'Welcome, {{name}}',
      welcomeGuest: 'Welcome to PODIUM',
      intro: 'Host meetings, conferences and livestreams, or join one with a code or link.',
      createAccount: 'Create an account',
      start: {
        title: 'Start a meeting',
        text: 'Instant meetings arrive with the events feature.',
      },
      schedule: {
        title: 'Schedule an event',
        text: 'Event scheduling arrives with the events feature.',
      },
      join: {
        title: 'Join an event',
        text: 'Joining by pasting a link here arrives with the events feature. You can already enter an event code.',
        action: 'Enter an event code',
      },
    },
  },
  vi: {
    home: {
      welcome: 'Chào mừng, {{name}}',
      welcomeGuest: 'Chào mừng đến với PODIUM',
      intro: 'Tổ chức cuộc họp, hội nghị và phát trực tiếp, hoặc tham gia bằng mã hay liên kết.',
      createAccount: 'Tạo tài khoản',
      start: {
        title: 'Bắt đầu cuộc họp',
        text: 'Cuộc họp tức thì sẽ có khi tính năng sự kiện ra mắt.',
      },
      schedule: {
        title: 'Lên lịch sự kiện',
        text: 'Lên lịch sự kiện sẽ có khi tính năng sự kiện ra mắt.',
      },
      join: {
        title: 'Tham gia sự kiện',
        text: 'Tham gia bằng cách dán liên kết tại đây sẽ có khi tính năng sự kiện ra mắt. Bạn đã có thể nhập mã sự kiện.',
        action: 'Nhập mã sự kiện',
      },
    },
  },
});
