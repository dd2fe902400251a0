import { defineStrings } from '../../shared/i18n/strings.ts';

/** Playing a video link in the call (features/room/features/sharedVideo). */
export const strings = defineStrings({
  en: {
    sharedVideo: {
      control: 'Video link',
      share: 'Play a video link for everyone',
      stop: 'Stop the video',
      dialogTitle: 'Play a video link',
      link: 'Video link',
      linkHint: 'A video file (mp4, webm) or a YouTube or Vimeo link',
      invalidLink: 'Invalid link',
      shareButton: 'Play for everyone',
      cancel: 'Cancel',
      tile: 'Shared video',
      video: 'Shared video player',
      play: 'Play',
      pause: 'Pause',
      back: 'Back 10 seconds',
      forward: 'Forward 10 seconds',
      position: 'Position',
      unmute: 'Unmute',
    },
  },
  vi: {
    sharedVideo: {
      control: 'Liên kết video',
      share: 'Phát một liên kết video cho mọi người',
      stop: 'Dừng video',
      dialogTitle: 'Phát liên kết video',
      link: 'Liên kết video',
      linkHint: 'Tệp video (mp4, webm) hoặc liên kết YouTube, Vimeo',
      invalidLink: 'Liên kết không hợp lệ',
      shareButton: 'Phát cho mọi người',
      cancel: 'Hủy',
      tile: 'Video được chia sẻ',
      video: 'Trình phát video được chia sẻ',
      play: 'Phát',
      pause: 'Tạm dừng',
      back: 'Lùi 10 giây',
      forward: 'Tới 10 giây',
      position: 'Vị trí',
      unmute: 'Bật tiếng',
    },
  },
});
