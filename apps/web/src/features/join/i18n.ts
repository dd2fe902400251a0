import { eventMessages } from '@podium/protocol';
import { defineStrings } from '../../shared/i18n/strings.ts';

export const strings = defineStrings({
  en: {
    join: {
      invalid: {
        title: eventMessages['errors.invalid_link'].en,
        text: 'Check the link you received, or ask the host for a new one.',
      },
      expired: {
        title: eventMessages['errors.event_expired'].en,
        text: 'This event can no longer be joined. Ask the host for a new link.',
      },
      loadFailed: 'The event could not be loaded.',
      retry: 'Try again',
      goHome: 'Go to home',
      prejoin: {
        heading: 'Ready to join?',
        hostedBy: 'Hosted by {{name}}',
        startsAt: 'Starts {{time}}',
        displayName: 'Your name',
        passcode: 'Passcode',
        passcodeTitle: 'Enter the meeting passcode',
        passcodeJoin: 'Join',
        passcodeCancel: 'Cancel',
        joinInBrowser: 'Join in browser',
        continueWithout: 'Continue without mic and camera',
        unsupported: 'This device does not support calling, please use Chrome or Firefox',
        mediaOffNote: 'Your microphone and camera are off. Turn them on to check them.',
      },
      media: {
        preview: 'Camera preview',
        cameraOff: 'Camera is off',
        turnOnCamera: 'Turn on camera',
        turnOffCamera: 'Turn off camera',
        turnOnMicrophone: 'Turn on microphone',
        turnOffMicrophone: 'Turn off microphone',
        micLevel: 'Microphone level',
        settings: 'Device settings',
        camera: 'Camera',
        microphone: 'Microphone',
        speaker: 'Speaker',
        noDevice: 'No device found',
        allowToList: 'Turn the device on once to see its name',
        fallback: {
          cameras: 'Camera {{n}}',
          microphones: 'Microphone {{n}}',
          speakers: 'Speaker {{n}}',
        },
      },
      deviceErrors: {
        camera: {
          not_found:
            'Camera not found. Check that a camera is connected and enabled in your system settings.',
          blocked:
            'Camera is blocked. Allow camera access for this site in your browser settings, then try again.',
          denied: 'Access to the camera was denied, please try again.',
          not_readable:
            'The camera cannot be read: it may be in use by another application. Close it and try again.',
        },
        microphone: {
          not_found:
            'Microphone not found. Check that a microphone is connected and enabled in your system settings.',
          blocked:
            'Microphone is blocked. Allow microphone access for this site in your browser settings, then try again.',
          denied: 'Access to the microphone was denied, please try again.',
          not_readable:
            'The microphone cannot be read: it may be in use by another application. Close it and try again.',
        },
        unknown: 'Error, please try again',
      },
      waiting: {
        locked: {
          title: 'Room is locked',
          text: 'The host has locked this event. You will join by yourself as soon as it is unlocked.',
        },
        waiting_room: {
          title: 'Waiting room',
          text: 'Please wait, the host will let you in soon.',
        },
        waiting_for_host: {
          title: 'Waiting for the host',
          text: 'The event starts when the host joins.',
        },
        full: {
          title: 'Room is Full',
          text: 'This event has reached its number of participants.',
        },
        event: 'Event: {{title}}',
        leave: 'Leave',
        tryAgain: 'Try again',
      },
    },
  },
  vi: {
    join: {
      invalid: {
        title: eventMessages['errors.invalid_link'].vi,
        text: 'Hãy kiểm tra liên kết bạn nhận được, hoặc xin người chủ trì liên kết mới.',
      },
      expired: {
        title: eventMessages['errors.event_expired'].vi,
        text: 'Không thể tham gia sự kiện này nữa. Hãy xin người chủ trì liên kết mới.',
      },
      loadFailed: 'Không thể tải sự kiện.',
      retry: 'Thử lại',
      goHome: 'Về trang chủ',
      prejoin: {
        heading: 'Sẵn sàng tham gia?',
        hostedBy: 'Chủ trì: {{name}}',
        startsAt: 'Bắt đầu lúc {{time}}',
        displayName: 'Tên của bạn',
        passcode: 'Mật khẩu',
        passcodeTitle: 'Nhập mật khẩu cuộc họp',
        passcodeJoin: 'Tham gia',
        passcodeCancel: 'Hủy',
        joinInBrowser: 'Tham gia trên trình duyệt',
        continueWithout: 'Tiếp tục mà không dùng micro và camera',
        unsupported: 'Thiết bị này không hỗ trợ cuộc gọi, vui lòng dùng Chrome hoặc Firefox',
        mediaOffNote: 'Micro và camera của bạn đang tắt. Hãy bật để kiểm tra.',
      },
      media: {
        preview: 'Xem trước camera',
        cameraOff: 'Camera đang tắt',
        turnOnCamera: 'Bật camera',
        turnOffCamera: 'Tắt camera',
        turnOnMicrophone: 'Bật micro',
        turnOffMicrophone: 'Tắt micro',
        micLevel: 'Mức âm lượng micro',
        settings: 'Cài đặt thiết bị',
        camera: 'Camera',
        microphone: 'Micro',
        speaker: 'Loa',
        noDevice: 'Không tìm thấy thiết bị',
        allowToList: 'Bật thiết bị một lần để thấy tên thiết bị',
        fallback: {
          cameras: 'Camera {{n}}',
          microphones: 'Micro {{n}}',
          speakers: 'Loa {{n}}',
        },
      },
      deviceErrors: {
        camera: {
          not_found:
            'Không tìm thấy camera. Hãy kiểm tra camera đã được kết nối và bật trong cài đặt hệ thống.',
          blocked:
            'Camera bị chặn. Hãy cho phép trang này dùng camera trong cài đặt trình duyệt rồi thử lại.',
          denied: 'Quyền truy cập camera bị từ chối, vui lòng thử lại.',
          not_readable:
            'Không thể đọc camera: có thể ứng dụng khác đang dùng. Hãy đóng ứng dụng đó và thử lại.',
        },
        microphone: {
          not_found:
            'Không tìm thấy micro. Hãy kiểm tra micro đã được kết nối và bật trong cài đặt hệ thống.',
          blocked:
            'Micro bị chặn. Hãy cho phép trang này dùng micro trong cài đặt trình duyệt rồi thử lại.',
          denied: 'Quyền truy cập micro bị từ chối, vui lòng thử lại.',
          not_readable:
            'Không thể đọc micro: có thể ứng dụng khác đang dùng. Hãy đóng ứng dụng đó và thử lại.',
        },
        unknown: 'Đã xảy ra lỗi, vui lòng thử lại',
      },
      waiting: {
        locked: {
          title: 'Phòng đã bị khóa',
          text: 'Người chủ trì đã khóa sự kiện này. Bạn sẽ tự động vào ngay khi phòng được mở khóa.',
        },
        waiting_room: {
          title: 'Phòng chờ',
          text: 'Vui lòng đợi, người chủ trì sẽ cho bạn vào ngay.',
        },
        waiting_for_host: {
          title: 'Đang chờ người chủ trì',
          text: 'Sự kiện bắt đầu khi người chủ trì tham gia.',
        },
        full: {
          title: 'Phòng đã đầy',
          text: 'Sự kiện này đã đủ số người tham gia.',
        },
        event: 'Sự kiện: {{title}}',
        leave: 'Rời đi',
        tryAgain: 'Thử lại',
      },
    },
  },
});
