import { streamMessages } from '@podium/protocol';
import { defineStrings } from '../../shared/i18n/strings.ts';

/** `stream.check_key` → `{ check_key: text }` in one language (server errors by their key). */
function streamTexts(language: 'en' | 'vi'): Record<string, string> {
  return Object.fromEntries(
    Object.entries(streamMessages).map(([key, text]) => [
      key.slice('stream.'.length),
      text[language],
    ]),
  );
}

/**
 * Live streaming: the settings' linked stream servers and the call's Go live panel
 * (features/room/features/streaming). Error texts come from the protocol (streamMessages).
 */
export const strings = defineStrings({
  en: {
    streaming: {
      servers: {
        heading: 'Linked stream servers',
        intro:
          'RTMP servers you stream your events to (YouTube, Facebook, any server with a stream key). Keys are stored encrypted and never shown again.',
        empty: 'No stream servers yet.',
        name: 'Name',
        url: 'Server URL',
        urlHint: 'rtmp:// or rtmps://',
        key: 'Stream key',
        keyHint: 'Key ending in {{hint}}',
        keyHidden: 'Key saved',
        add: 'Add stream server',
        added: 'Stream server added',
        remove: 'Remove {{name}}',
        removed: 'Stream server removed',
        list: 'Your stream servers',
      },
      room: {
        goLive: 'Go live',
        panel: 'Live streaming',
        close: 'Close live streaming',
        live: 'LIVE',
        liveLabel: 'This event is being streamed live',
        saved: 'Saved stream servers',
        savedNone: 'No saved stream servers. Add one below or in Settings.',
        addOne: 'Or stream to another server for this event',
        start: 'Start streaming',
        stop: 'Stop {{name}}',
        stopAll: 'Stop all',
        dismiss: 'Remove {{name}}',
        destinations: 'Destinations',
        nothing: 'Not streaming.',
        choose: 'Choose a saved server or enter a server URL and stream key.',
        attempt: 'try {{count}}',
        states: {
          starting: 'Starting',
          streaming: 'Streaming',
          retrying: 'Reconnecting',
          stopping: 'Stopping',
          failed: 'Failed',
        },
      },
    },
    serverErrors: { stream: streamTexts('en') },
  },
  vi: {
    streaming: {
      servers: {
        heading: 'Máy chủ phát trực tiếp đã liên kết',
        intro:
          'Các máy chủ RTMP bạn phát sự kiện tới (YouTube, Facebook, bất kỳ máy chủ nào có khóa luồng). Khóa được lưu mã hóa và không bao giờ hiển thị lại.',
        empty: 'Chưa có máy chủ phát trực tiếp nào.',
        name: 'Tên',
        url: 'URL máy chủ',
        urlHint: 'rtmp:// hoặc rtmps://',
        key: 'Khóa luồng',
        keyHint: 'Khóa kết thúc bằng {{hint}}',
        keyHidden: 'Đã lưu khóa',
        add: 'Thêm máy chủ phát trực tiếp',
        added: 'Đã thêm máy chủ phát trực tiếp',
        remove: 'Xóa {{name}}',
        removed: 'Đã xóa máy chủ phát trực tiếp',
        list: 'Máy chủ phát trực tiếp của bạn',
      },
      room: {
        goLive: 'Phát trực tiếp',
        panel: 'Phát trực tiếp',
        close: 'Đóng phát trực tiếp',
        live: 'TRỰC TIẾP',
        liveLabel: 'Sự kiện này đang được phát trực tiếp',
        saved: 'Máy chủ phát trực tiếp đã lưu',
        savedNone: 'Chưa có máy chủ đã lưu. Thêm bên dưới hoặc trong Cài đặt.',
        addOne: 'Hoặc phát tới một máy chủ khác cho sự kiện này',
        start: 'Bắt đầu phát',
        stop: 'Dừng {{name}}',
        stopAll: 'Dừng tất cả',
        dismiss: 'Xóa {{name}}',
        destinations: 'Điểm đến',
        nothing: 'Chưa phát trực tiếp.',
        choose: 'Chọn một máy chủ đã lưu hoặc nhập URL máy chủ và khóa luồng.',
        attempt: 'lần thử {{count}}',
        states: {
          starting: 'Đang bắt đầu',
          streaming: 'Đang phát',
          retrying: 'Đang kết nối lại',
          stopping: 'Đang dừng',
          failed: 'Thất bại',
        },
      },
    },
    serverErrors: { stream: streamTexts('vi') },
  },
});
