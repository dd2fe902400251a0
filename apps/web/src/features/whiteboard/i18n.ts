import { defineStrings } from '../../shared/i18n/strings.ts';

/** The whiteboard: in the call (features/room/features/whiteboard) and /draw (this folder). */
export const strings = defineStrings({
  en: {
    whiteboard: {
      control: 'Whiteboard',
      open: 'Open the whiteboard for everyone',
      close: 'Close the whiteboard',
      loading: 'Loading the whiteboard…',
      label: 'Whiteboard',
      openedBy: 'Whiteboard opened by {{name}}',
      viewing: 'You are watching the whiteboard',
      menu: {
        exportPng: 'Export as PNG',
        exportSvg: 'Export as SVG',
        everyone: 'Let everyone draw',
        presenters: 'Only presenters draw',
        loadDrawing: 'Load from my drawing',
      },
      loaded: 'Your drawing was added to the whiteboard',
      nothingToLoad: 'Your drawing is empty',
      imagesLeftOut: 'Images are not shared on the whiteboard',
      draw: {
        heading: 'My drawing',
        saved: 'Saved to your account',
        savedLocally: 'Saved in this browser',
        saving: 'Saving…',
        saveFailed: 'Saved unsuccessfully',
        guestNote: 'Sign in to keep your drawing in your account.',
        shareNote:
          'To show it in a call you host or present in, open the whiteboard there and choose “Load from my drawing”.',
      },
    },
  },
  vi: {
    whiteboard: {
      control: 'Bảng trắng',
      open: 'Mở bảng trắng cho mọi người',
      close: 'Đóng bảng trắng',
      loading: 'Đang tải bảng trắng…',
      label: 'Bảng trắng',
      openedBy: '{{name}} đã mở bảng trắng',
      viewing: 'Bạn đang xem bảng trắng',
      menu: {
        exportPng: 'Xuất ảnh PNG',
        exportSvg: 'Xuất ảnh SVG',
        everyone: 'Cho mọi người vẽ',
        presenters: 'Chỉ người trình bày được vẽ',
        loadDrawing: 'Tải từ bản vẽ của tôi',
      },
      loaded: 'Bản vẽ của bạn đã được thêm vào bảng trắng',
      nothingToLoad: 'Bản vẽ của bạn đang trống',
      imagesLeftOut: 'Hình ảnh không được chia sẻ trên bảng trắng',
      draw: {
        heading: 'Bản vẽ của tôi',
        saved: 'Đã lưu vào tài khoản của bạn',
        savedLocally: 'Đã lưu trong trình duyệt này',
        saving: 'Đang lưu…',
        saveFailed: 'Lưu không thành công',
        guestNote: 'Đăng nhập để lưu bản vẽ vào tài khoản của bạn.',
        shareNote:
          'Để trình chiếu trong cuộc gọi bạn chủ trì hoặc trình bày, hãy mở bảng trắng ở đó và chọn “Tải từ bản vẽ của tôi”.',
      },
    },
  },
});
