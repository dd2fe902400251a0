import { defineStrings } from '../../shared/i18n/strings.ts';

export const strings = defineStrings({
  en: {
    about: {
      help: {
        topics: {
          join: {
            title: 'Joining a call',
            text: 'Open the invite link or paste it on the home page. Type your name, check your camera and microphone, then choose Join in browser. A passcode is asked for only when the host set one.',
          },
          devices: {
            title: 'Camera, microphone and speaker',
            text: 'Audio and video lets you test each device and choose the ones calls start with. If the browser blocked a device, allow it for this site in the browser settings.',
          },
          host: {
            title: 'Hosting',
            text: 'Create an event from My events, share its link, QR code or calendar file, and admit people from the waiting room. The host can lock the room and manage participants during the call.',
          },
          privacy: {
            title: 'Privacy and security',
            text: 'Choose an end-to-end encrypted meeting when the content must stay between the participants. Privacy shows what Podium keeps and the settings that control it.',
          },
        },
        shortcutsHeading: 'Keyboard shortcuts in a call',
        shortcutsIntro:
          'Every control of a call can be reached with the keyboard; a visible outline shows where you are.',
        keysColumn: 'Keys',
        actionColumn: 'What it does',
        keyNames: { Tab: 'Tab', Shift: 'Shift', Space: 'Space', Enter: 'Enter', Esc: 'Esc' },
        keys: {
          nextControl: 'Move to the next control',
          previousControl: 'Move to the previous control',
          press: 'Press the focused button or switch',
          closePanel: 'Close the open panel (chat, participants…)',
          sendChat: 'Send the chat message you are typing',
          newLine: 'Start a new line in a chat message',
        },
        more: 'More:',
      },
      update: {
        running: 'You are using Podium {{version}}.',
        whatsNew: "What's new",
        version: 'Version {{version}}',
        current: 'Current',
        changes: {
          calls: 'Video calls in the browser with screen sharing, hand raising and a waiting room.',
          events:
            'Scheduled events with invite links, QR codes, calendar files and speaker invitations.',
          e2ee: 'End-to-end encrypted meetings.',
          chat: 'In-call chat with files, kept with the event.',
          qr: 'QR calls: visitors call your agents by scanning a code.',
          phone: 'A phone menu, and a pre-join page that puts Join first on small screens.',
          a11y: 'Accessibility: labelled controls in English and Vietnamese, and higher text contrast.',
        },
      },
      privacy: {
        factsHeading: 'What Podium keeps',
        facts: {
          account:
            'Your account: your name, email address, optional company and avatar, and your settings.',
          events:
            'Events you create: title, description, times, speakers and the chat history of their calls.',
          calls:
            'Call audio and video pass through the media server, encrypted on the way; they are not stored unless a call is recorded.',
          e2ee: 'In an end-to-end encrypted meeting, audio and video are encrypted in the browsers with keys the server cannot read.',
          recordings: 'A call is recorded only when a host or co-host starts a recording.',
          browser:
            'This browser keeps your sign-in in cookies, and your language and theme in its local storage.',
        },
        signInForSettings: 'Sign in to change the privacy settings of your account.',
        sessionsLink: 'Signed-in devices and password (Advanced security)',
      },
    },
  },
  vi: {
    about: {
      help: {
        topics: {
          join: {
            title: 'Tham gia cuộc gọi',
            text: 'Mở liên kết mời hoặc dán nó vào trang chủ. Nhập tên, kiểm tra camera và micro, rồi chọn Tham gia trên trình duyệt. Chỉ khi chủ trì đặt mật khẩu thì bạn mới phải nhập.',
          },
          devices: {
            title: 'Camera, micro và loa',
            text: 'Trang Âm thanh và video giúp bạn thử từng thiết bị và chọn thiết bị mặc định khi vào cuộc gọi. Nếu trình duyệt chặn thiết bị, hãy cho phép trang này trong cài đặt trình duyệt.',
          },
          host: {
            title: 'Chủ trì',
            text: 'Tạo sự kiện trong Sự kiện của tôi, chia sẻ liên kết, mã QR hoặc tệp lịch, và cho người trong phòng chờ vào. Chủ trì có thể khóa phòng và quản lý người tham gia trong cuộc gọi.',
          },
          privacy: {
            title: 'Quyền riêng tư và bảo mật',
            text: 'Chọn cuộc họp mã hóa đầu cuối khi nội dung chỉ được ở giữa những người tham gia. Trang Quyền riêng tư cho biết Podium lưu gì và các cài đặt liên quan.',
          },
        },
        shortcutsHeading: 'Phím tắt trong cuộc gọi',
        shortcutsIntro:
          'Mọi nút điều khiển của cuộc gọi đều dùng được bằng bàn phím; đường viền hiển thị vị trí hiện tại.',
        keysColumn: 'Phím',
        actionColumn: 'Tác dụng',
        keyNames: { Tab: 'Tab', Shift: 'Shift', Space: 'Phím cách', Enter: 'Enter', Esc: 'Esc' },
        keys: {
          nextControl: 'Chuyển đến nút tiếp theo',
          previousControl: 'Quay lại nút trước',
          press: 'Nhấn nút hoặc công tắc đang chọn',
          closePanel: 'Đóng bảng đang mở (trò chuyện, người tham gia…)',
          sendChat: 'Gửi tin nhắn đang soạn',
          newLine: 'Xuống dòng trong tin nhắn',
        },
        more: 'Xem thêm:',
      },
      update: {
        running: 'Bạn đang dùng Podium {{version}}.',
        whatsNew: 'Có gì mới',
        version: 'Phiên bản {{version}}',
        current: 'Hiện tại',
        changes: {
          calls: 'Gọi video trên trình duyệt với chia sẻ màn hình, giơ tay và phòng chờ.',
          events: 'Sự kiện đặt lịch với liên kết mời, mã QR, tệp lịch và thư mời diễn giả.',
          e2ee: 'Cuộc họp mã hóa đầu cuối.',
          chat: 'Trò chuyện trong cuộc gọi kèm tệp, lưu cùng sự kiện.',
          qr: 'Cuộc gọi QR: khách gọi cho nhân viên của bạn bằng cách quét mã.',
          phone:
            'Menu trên điện thoại, và trang chuẩn bị đặt nút Tham gia lên đầu trên màn hình nhỏ.',
          a11y: 'Trợ năng: nút điều khiển có nhãn bằng tiếng Anh và tiếng Việt, chữ có độ tương phản cao hơn.',
        },
      },
      privacy: {
        factsHeading: 'Podium lưu gì',
        facts: {
          account:
            'Tài khoản của bạn: tên, địa chỉ email, công ty và ảnh đại diện (nếu có), và các cài đặt.',
          events:
            'Sự kiện bạn tạo: tiêu đề, mô tả, thời gian, diễn giả và lịch sử trò chuyện của cuộc gọi.',
          calls:
            'Âm thanh và video của cuộc gọi đi qua máy chủ đa phương tiện, được mã hóa trên đường truyền; chúng không được lưu trừ khi cuộc gọi được ghi lại.',
          e2ee: 'Trong cuộc họp mã hóa đầu cuối, âm thanh và video được mã hóa ngay trong trình duyệt bằng khóa mà máy chủ không đọc được.',
          recordings: 'Cuộc gọi chỉ được ghi lại khi chủ trì hoặc đồng chủ trì bắt đầu ghi.',
          browser:
            'Trình duyệt này giữ phiên đăng nhập trong cookie, ngôn ngữ và giao diện trong bộ nhớ cục bộ.',
        },
        signInForSettings: 'Đăng nhập để thay đổi cài đặt quyền riêng tư của tài khoản.',
        sessionsLink: 'Thiết bị đã đăng nhập và mật khẩu (Bảo mật nâng cao)',
      },
    },
  },
});
