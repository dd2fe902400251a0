import { defineStrings } from '../../shared/i18n/strings.ts';

/** The virtual background: the picker (pre-join page and the call) and its notices. */
export const strings = defineStrings({
  en: {
    virtualBackground: {
      title: 'Background',
      control: 'Background',
      controlTip: 'Blur or replace your background',
      dialogTitle: 'Background',
      hint: 'Only your camera’s picture is changed, in this browser, before it is sent.',
      none: 'No background effect',
      blur: 'Blur my background',
      upload: 'Upload your own image',
      custom: 'Your image',
      loading: 'Loading the background effect…',
      images: {
        office: 'Office',
        sunset: 'Sunset',
        ocean: 'Ocean',
        studio: 'Studio',
      },
      notice: {
        too_slow:
          'Your device cannot keep up with the background effect, so it was turned off. Your camera is sent as it is.',
        failed:
          'The background effect could not start on this device. Your camera is sent as it is.',
        not_saved: 'Your background choice cannot be remembered in this browser.',
      },
      uploadError: {
        type: 'Choose an image (JPEG, PNG, WebP, GIF or BMP).',
        size: 'The image is too large (at most 10 MB).',
        decode: 'This file could not be read as an image.',
      },
    },
  },
  vi: {
    virtualBackground: {
      title: 'Phông nền',
      control: 'Phông nền',
      controlTip: 'Làm mờ hoặc thay phông nền của bạn',
      dialogTitle: 'Phông nền',
      hint: 'Chỉ hình ảnh camera của bạn được thay đổi, ngay trong trình duyệt này, trước khi gửi đi.',
      none: 'Không dùng hiệu ứng phông nền',
      blur: 'Làm mờ phông nền',
      upload: 'Tải lên ảnh của bạn',
      custom: 'Ảnh của bạn',
      loading: 'Đang tải hiệu ứng phông nền…',
      images: {
        office: 'Văn phòng',
        sunset: 'Hoàng hôn',
        ocean: 'Đại dương',
        studio: 'Phòng thu',
      },
      notice: {
        too_slow:
          'Thiết bị của bạn không đủ nhanh cho hiệu ứng phông nền nên hiệu ứng đã được tắt. Camera của bạn được gửi như bình thường.',
        failed:
          'Không thể bật hiệu ứng phông nền trên thiết bị này. Camera của bạn được gửi như bình thường.',
        not_saved: 'Trình duyệt này không thể ghi nhớ lựa chọn phông nền của bạn.',
      },
      uploadError: {
        type: 'Hãy chọn một ảnh (JPEG, PNG, WebP, GIF hoặc BMP).',
        size: 'Ảnh quá lớn (tối đa 10 MB).',
        decode: 'Không thể đọc tệp này dưới dạng ảnh.',
      },
    },
  },
});
