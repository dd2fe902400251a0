/**
 * The zod-free part of studio.ts: constants and messages the web app's pages import without
 * loading the request schemas and zod (issue 11: first load). studio.ts re-exports all of it.
 */

export const studioMessages = {
  en: {
    'studio.file_rejected': 'File too large or invalid type',
    'studio.bad_ratio': 'Name badge and scene images must be 16:9',
    'studio.unknown_position': 'Choose one of the eight logo positions',
    'studio.unknown_font': 'Choose a font from the list',
    'studio.invalid': 'Check the studio settings and try again',
    'studio.image_missing': 'This image is no longer available, please upload it again',
  },
  vi: {
    'studio.file_rejected': 'Tệp quá lớn hoặc không đúng định dạng',
    'studio.bad_ratio': 'Ảnh huy hiệu tên và ảnh nền phải có tỉ lệ 16:9',
    'studio.unknown_position': 'Hãy chọn một trong tám vị trí của logo',
    'studio.unknown_font': 'Hãy chọn một phông chữ trong danh sách',
    'studio.invalid': 'Hãy kiểm tra cài đặt studio và thử lại',
    'studio.image_missing': 'Ảnh này không còn nữa, vui lòng tải lên lại',
  },
} as const;
export type StudioMessageKey = keyof typeof studioMessages.en;
