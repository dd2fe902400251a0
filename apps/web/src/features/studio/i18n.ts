import { studioMessages } from '@podium/protocol';
import { defineStrings } from '../../shared/i18n/strings.ts';

/** `studio.bad_ratio` → `{ bad_ratio: text }` in one language (server errors by their key). */
function studioTexts(language: 'en' | 'vi'): Record<string, string> {
  return Object.fromEntries(
    Object.entries(studioMessages[language]).map(([key, text]) => [
      key.slice('studio.'.length),
      text,
    ]),
  );
}

/**
 * The studio (issue 13): the editor shared by /app/customize_conference (the account's defaults)
 * and the call's Studio panel (features/room/features/studio), and the stage overlays' labels.
 * Error texts come from the protocol (studioMessages).
 */
export const strings = defineStrings({
  en: {
    studio: {
      page: {
        heading: 'Customize conference',
        intro:
          'The studio your new events start with: name badges, your logo, a scene behind the speakers, a text banner and the video layout. Hosts and co-hosts can change it live in the call.',
        signIn: 'Sign in to customize your conferences.',
        loadFailed: 'Could not load your studio settings',
      },
      control: 'Studio',
      panel: 'Studio',
      panelIntro: 'What everyone sees on the stage, recordings and live streams included.',
      saved: 'Saved successfully',
      saveFailed: 'Saved unsuccessfully',
      open: {
        badge: 'Name badge',
        logo: 'Logo',
        scene: 'Scene',
        text: 'Text effect',
        layout: 'Video layout',
      },
      badge: {
        enabled: 'Show a name badge under each presenter',
        style: 'Style',
        styles: { classic: 'Classic', bold: 'Bold', minimal: 'Minimal' },
        image: 'Badge image (16:9, max 1 MB)',
      },
      logo: {
        image: 'Logo image (100x100 recommended, max 1 MB)',
        position: 'Position',
        positions: {
          'top-left': 'Top left',
          'top-center': 'Top center',
          'top-right': 'Top right',
          'bottom-left': 'Bottom left',
          'bottom-center': 'Bottom center',
          'bottom-right': 'Bottom right',
          'middle-left': 'Middle left',
          'middle-right': 'Middle right',
        },
      },
      scene: { image: 'Scene image (16:9, max 1 MB)' },
      image: {
        choose: 'Choose an image',
        remove: 'Remove image',
        none: 'No image',
        uploading: 'Uploading…',
        preview: 'Preview of the {{what}}',
      },
      text: {
        enabled: 'Show the text on the stage',
        kind: 'Effect',
        kinds: { banner: 'Banner', ticker: 'Ticker' },
        text: 'Text',
        font: 'Font',
        fonts: {
          sans: 'Sans serif',
          serif: 'Serif',
          mono: 'Monospace',
          condensed: 'Condensed',
          handwriting: 'Handwriting',
        },
        fontStyle: 'Font style',
        fontStyles: {
          normal: 'Normal',
          italic: 'Italic',
          bold: 'Bold',
          'bold-italic': 'Bold italic',
        },
        fontSize: 'Font size',
        transform: 'Text transform',
        transforms: {
          none: 'None',
          uppercase: 'UPPERCASE',
          lowercase: 'lowercase',
          capitalize: 'Capitalize',
        },
        color: 'Text color',
        background: 'Background color',
      },
      layout: {
        label: 'Video layout',
        modes: {
          own: 'Each viewer chooses',
          '1': 'Layout 1: one speaker fills the stage',
          '2': 'Layout 2: side by side',
          '3': 'Layout 3: featured speaker with the others beside',
        },
      },
      save: 'Save',
      cancel: 'Cancel',
      stage: {
        logo: 'Logo',
        scene: 'Scene',
      },
    },
    serverErrors: { studio: studioTexts('en') },
  },
  vi: {
    studio: {
      page: {
        heading: 'Tùy chỉnh hội nghị',
        intro:
          'Studio mà các sự kiện mới của bạn bắt đầu với: huy hiệu tên, logo, ảnh nền phía sau người nói, dòng chữ và bố cục video. Chủ trì và đồng chủ trì có thể thay đổi trực tiếp trong cuộc gọi.',
        signIn: 'Đăng nhập để tùy chỉnh hội nghị của bạn.',
        loadFailed: 'Không tải được cài đặt studio',
      },
      control: 'Studio',
      panel: 'Studio',
      panelIntro: 'Những gì mọi người thấy trên sân khấu, kể cả bản ghi hình và phát trực tiếp.',
      saved: 'Lưu thành công',
      saveFailed: 'Lưu không thành công',
      open: {
        badge: 'Huy hiệu tên',
        logo: 'Logo',
        scene: 'Ảnh nền',
        text: 'Hiệu ứng chữ',
        layout: 'Bố cục video',
      },
      badge: {
        enabled: 'Hiện huy hiệu tên dưới mỗi người trình bày',
        style: 'Kiểu',
        styles: { classic: 'Cổ điển', bold: 'Đậm', minimal: 'Tối giản' },
        image: 'Ảnh huy hiệu (16:9, tối đa 1 MB)',
      },
      logo: {
        image: 'Ảnh logo (khuyến nghị 100x100, tối đa 1 MB)',
        position: 'Vị trí',
        positions: {
          'top-left': 'Trên cùng bên trái',
          'top-center': 'Trên cùng ở giữa',
          'top-right': 'Trên cùng bên phải',
          'bottom-left': 'Dưới cùng bên trái',
          'bottom-center': 'Dưới cùng ở giữa',
          'bottom-right': 'Dưới cùng bên phải',
          'middle-left': 'Giữa bên trái',
          'middle-right': 'Giữa bên phải',
        },
      },
      scene: { image: 'Ảnh nền (16:9, tối đa 1 MB)' },
      image: {
        choose: 'Chọn ảnh',
        remove: 'Xóa ảnh',
        none: 'Chưa có ảnh',
        uploading: 'Đang tải lên…',
        preview: 'Xem trước {{what}}',
      },
      text: {
        enabled: 'Hiện dòng chữ trên sân khấu',
        kind: 'Hiệu ứng',
        kinds: { banner: 'Biểu ngữ', ticker: 'Chữ chạy' },
        text: 'Nội dung',
        font: 'Phông chữ',
        fonts: {
          sans: 'Không chân',
          serif: 'Có chân',
          mono: 'Đơn cách',
          condensed: 'Chữ hẹp',
          handwriting: 'Viết tay',
        },
        fontStyle: 'Kiểu chữ',
        fontStyles: {
          normal: 'Thường',
          italic: 'Nghiêng',
          bold: 'Đậm',
          'bold-italic': 'Đậm nghiêng',
        },
        fontSize: 'Cỡ chữ',
        transform: 'Biến đổi chữ',
        transforms: {
          none: 'Không',
          uppercase: 'CHỮ HOA',
          lowercase: 'chữ thường',
          capitalize: 'Viết Hoa Đầu Từ',
        },
        color: 'Màu chữ',
        background: 'Màu nền',
      },
      layout: {
        label: 'Bố cục video',
        modes: {
          own: 'Mỗi người xem tự chọn',
          '1': 'Bố cục 1: một người nói chiếm toàn sân khấu',
          '2': 'Bố cục 2: cạnh nhau',
          '3': 'Bố cục 3: người nói nổi bật, những người khác bên cạnh',
        },
      },
      save: 'Lưu',
      cancel: 'Hủy',
      stage: {
        logo: 'Logo',
        scene: 'Ảnh nền',
      },
    },
    serverErrors: { studio: studioTexts('vi') },
  },
});
