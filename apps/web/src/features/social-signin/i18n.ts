import { defineStrings } from '../../shared/i18n/strings.ts';

export const strings = defineStrings({
  en: {
    socialSignIn: {
      providers: { google: 'Google', facebook: 'Facebook' },
      signInWith: 'Sign in with {{provider}}',
      or: 'or',
      notConfigured: 'Sign-in with {{provider}} is not set up on this server.',
      redirecting: 'Taking you to {{provider}}…',
      callback: {
        title: 'Signing you in',
        working: 'Finishing sign-in…',
        failed: 'Sign-in did not complete',
        denied: 'The provider did not sign you in: {{reason}}',
        missing:
          'This page was opened without a sign-in answer. Start again from the sign-in page.',
        backToSignIn: 'Back to sign in',
        linked: '{{provider}} is now linked to your account.',
        handedToApp: 'You are signed in in the Podium app. You can close this tab.',
      },
      localApp: {
        title: 'Sign in to the Podium app with {{provider}}',
        intro:
          'The Podium app on this computer asked to sign in. Once you sign in with {{provider}} here, the app receives the session.',
        checking: 'Looking for the Podium app on port {{port}}…',
        ready: 'The Podium app answered on port {{port}}.',
        unreachable:
          'The Podium app does not answer on port {{port}}. Open the app on this computer and try again.',
        badPort: 'The port in this link is not valid.',
        retry: 'Try again',
        submitFailed:
          'You signed in, but the Podium app on port {{port}} did not take the session. Open the app and sign in again.',
      },
      linked: {
        title: 'Linked accounts',
        intro: 'Sign in with these accounts as well as your password.',
        linkedAs: 'Linked as {{email}}',
        linkedNoEmail: 'Linked',
        notLinked: 'Not linked',
        link: 'Link {{provider}}',
        unlink: 'Unlink {{provider}}',
        unlinked: '{{provider}} was unlinked.',
        lastMethod: 'Set a password before unlinking your only way to sign in.',
        loadFailed: 'Linked accounts could not be loaded.',
      },
    },
    serverErrors: {
      errors: {
        oauth_not_configured: 'Sign-in with this provider is not set up on this server',
        oauth_state: 'This sign-in link is invalid or has expired, please start again',
        oauth_provider_mismatch: 'This sign-in was started with another provider',
        oauth_redirect_mismatch: 'The sign-in returned to a different address than it started',
        oauth_redirect_not_allowed: 'This return address is not allowed',
        oauth_exchange_failed: 'The provider refused the sign-in, please start again',
        oauth_id_token: 'The identity token is invalid',
        oauth_provider_unavailable: 'The sign-in provider cannot be reached, try again later',
        oauth_email_in_use:
          'An account with this email already exists; sign in to it and link this provider in settings',
        oauth_already_linked: 'This identity is already linked to another account',
        oauth_provider_linked: 'A different account of this provider is already linked',
        oauth_last_method: 'Set a password before unlinking your only way to sign in',
        oauth_not_linked: 'This provider is not linked to your account',
      },
    },
  },
  vi: {
    socialSignIn: {
      providers: { google: 'Google', facebook: 'Facebook' },
      signInWith: 'Đăng nhập bằng {{provider}}',
      or: 'hoặc',
      notConfigured: 'Máy chủ này chưa thiết lập đăng nhập bằng {{provider}}.',
      redirecting: 'Đang chuyển bạn đến {{provider}}…',
      callback: {
        title: 'Đang đăng nhập',
        working: 'Đang hoàn tất đăng nhập…',
        failed: 'Đăng nhập chưa hoàn tất',
        denied: 'Nhà cung cấp không đăng nhập cho bạn: {{reason}}',
        missing:
          'Trang này được mở mà không có kết quả đăng nhập. Hãy bắt đầu lại từ trang đăng nhập.',
        backToSignIn: 'Quay lại đăng nhập',
        linked: '{{provider}} đã được liên kết với tài khoản của bạn.',
        handedToApp: 'Bạn đã đăng nhập trong ứng dụng Podium. Bạn có thể đóng thẻ này.',
      },
      localApp: {
        title: 'Đăng nhập ứng dụng Podium bằng {{provider}}',
        intro:
          'Ứng dụng Podium trên máy tính này yêu cầu đăng nhập. Sau khi bạn đăng nhập bằng {{provider}} tại đây, ứng dụng sẽ nhận phiên đăng nhập.',
        checking: 'Đang tìm ứng dụng Podium ở cổng {{port}}…',
        ready: 'Ứng dụng Podium đã phản hồi ở cổng {{port}}.',
        unreachable:
          'Ứng dụng Podium không phản hồi ở cổng {{port}}. Hãy mở ứng dụng trên máy tính này rồi thử lại.',
        badPort: 'Cổng trong liên kết này không hợp lệ.',
        retry: 'Thử lại',
        submitFailed:
          'Bạn đã đăng nhập, nhưng ứng dụng Podium ở cổng {{port}} không nhận phiên đăng nhập. Hãy mở ứng dụng và đăng nhập lại.',
      },
      linked: {
        title: 'Tài khoản liên kết',
        intro: 'Đăng nhập bằng các tài khoản này ngoài mật khẩu của bạn.',
        linkedAs: 'Đã liên kết với {{email}}',
        linkedNoEmail: 'Đã liên kết',
        notLinked: 'Chưa liên kết',
        link: 'Liên kết {{provider}}',
        unlink: 'Hủy liên kết {{provider}}',
        unlinked: 'Đã hủy liên kết {{provider}}.',
        lastMethod: 'Hãy đặt mật khẩu trước khi hủy liên kết cách đăng nhập duy nhất của bạn.',
        loadFailed: 'Không tải được các tài khoản liên kết.',
      },
    },
    serverErrors: {
      errors: {
        oauth_not_configured: 'Máy chủ này chưa thiết lập đăng nhập bằng nhà cung cấp này',
        oauth_state: 'Liên kết đăng nhập không hợp lệ hoặc đã hết hạn, vui lòng bắt đầu lại',
        oauth_provider_mismatch: 'Lần đăng nhập này được bắt đầu với nhà cung cấp khác',
        oauth_redirect_mismatch: 'Đăng nhập quay về một địa chỉ khác với lúc bắt đầu',
        oauth_redirect_not_allowed: 'Địa chỉ quay về này không được phép',
        oauth_exchange_failed: 'Nhà cung cấp đã từ chối đăng nhập, vui lòng bắt đầu lại',
        oauth_id_token: 'Mã định danh không hợp lệ',
        oauth_provider_unavailable:
          'Không kết nối được nhà cung cấp đăng nhập, vui lòng thử lại sau',
        oauth_email_in_use:
          'Đã có tài khoản dùng email này; hãy đăng nhập vào tài khoản đó và liên kết nhà cung cấp trong phần cài đặt',
        oauth_already_linked: 'Danh tính này đã được liên kết với tài khoản khác',
        oauth_provider_linked: 'Một tài khoản khác của nhà cung cấp này đã được liên kết',
        oauth_last_method:
          'Hãy đặt mật khẩu trước khi hủy liên kết cách đăng nhập duy nhất của bạn',
        oauth_not_linked: 'Nhà cung cấp này chưa được liên kết với tài khoản của bạn',
      },
    },
  },
});
