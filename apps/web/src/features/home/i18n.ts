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
        text: 'Open a meeting room now and invite people with its link.',
        action: 'Start a meeting now',
        signInFirst: 'Sign in to start a meeting',
        meetingTitle: 'Meeting of {{name}}',
        meetingTitleGuest: 'Instant meeting',
      },
      schedule: {
        title: 'Schedule an event',
        text: 'Pick a time, set a passcode and share the invitation.',
        action: 'Schedule an event',
        signInFirst: 'Sign in to schedule an event',
      },
      join: {
        title: 'Join an event',
        text: 'Paste the link you received, or type the event code.',
        field: 'Event link or code',
        submit: 'Join',
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
        text: 'Mở phòng họp ngay và mời mọi người bằng liên kết của phòng.',
        action: 'Bắt đầu cuộc họp ngay',
        signInFirst: 'Đăng nhập để bắt đầu cuộc họp',
        meetingTitle: 'Cuộc họp của {{name}}',
        meetingTitleGuest: 'Cuộc họp nhanh',
      },
      schedule: {
        title: 'Lên lịch sự kiện',
        text: 'Chọn thời gian, đặt mật khẩu và chia sẻ lời mời.',
        action: 'Lên lịch sự kiện',
        signInFirst: 'Đăng nhập để lên lịch sự kiện',
      },
      join: {
        title: 'Tham gia sự kiện',
        text: 'Dán liên kết bạn nhận được, hoặc nhập mã sự kiện.',
        field: 'Liên kết hoặc mã sự kiện',
        submit: 'Tham gia',
      },
    },
  },
});
