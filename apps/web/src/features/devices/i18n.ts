import { defineStrings } from '../../shared/i18n/strings.ts';

export const strings = defineStrings({
  en: {
    devices: {
      intro:
        'Check your camera, microphone and speaker before a call, and choose the ones calls start with.',
      testHeading: 'Test your devices',
      playSound: 'Play test sound',
      soundPlayed: 'Did you hear two tones? If not, choose another speaker or raise the volume.',
      soundFailed: 'The test sound could not be played on this speaker.',
      signInForDefaults: 'Sign in to keep your default devices with your account.',
    },
  },
  vi: {
    devices: {
      intro:
        'Kiểm tra camera, micro và loa trước cuộc gọi, và chọn thiết bị mặc định khi vào cuộc gọi.',
      testHeading: 'Kiểm tra thiết bị',
      playSound: 'Phát âm thanh thử',
      soundPlayed:
        'Bạn có nghe thấy hai tiếng bíp không? Nếu không, hãy chọn loa khác hoặc tăng âm lượng.',
      soundFailed: 'Không phát được âm thanh thử trên loa này.',
      signInForDefaults: 'Đăng nhập để lưu thiết bị mặc định vào tài khoản của bạn.',
    },
  },
});
