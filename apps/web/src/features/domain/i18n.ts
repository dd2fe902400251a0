import { defineStrings } from '../../shared/i18n/strings.ts';

export const strings = defineStrings({
  en: {
    domain: {
      title: 'Organization sign-in',
      intro: "Enter your organization's domain or your work email to find its sign-in.",
      field: 'Organization domain or work email',
      search: 'Find organization',
      found: 'Found {{name}}',
      foundEnvironment: 'Its sign-in is at {{url}}.',
      continue: 'Continue to sign in',
      saved: 'Signed-in organization: {{name}}',
      forget: 'Use this server instead',
      forgotten: 'The organization was forgotten; you sign in to this server again.',
      backToSignIn: 'Back to sign in',
      invalid: 'Enter a domain such as example.com',
    },
    serverErrors: {
      errors: {
        domain_unknown: 'No organization uses this domain on this server',
        enterprise_not_member: 'This account does not belong to this organization',
      },
    },
  },
  vi: {
    domain: {
      title: 'Đăng nhập tổ chức',
      intro: 'Nhập tên miền của tổ chức hoặc email công việc để tìm trang đăng nhập.',
      field: 'Tên miền tổ chức hoặc email công việc',
      search: 'Tìm tổ chức',
      found: 'Đã tìm thấy {{name}}',
      foundEnvironment: 'Trang đăng nhập của tổ chức ở {{url}}.',
      continue: 'Tiếp tục đăng nhập',
      saved: 'Tổ chức đang dùng: {{name}}',
      forget: 'Dùng máy chủ này',
      forgotten: 'Đã bỏ chọn tổ chức; bạn đăng nhập vào máy chủ này như trước.',
      backToSignIn: 'Quay lại đăng nhập',
      invalid: 'Nhập tên miền, ví dụ example.com',
    },
    serverErrors: {
      errors: {
        domain_unknown: 'Không có tổ chức nào dùng tên miền này trên máy chủ này',
        enterprise_not_member: 'Tài khoản này không thuộc tổ chức này',
      },
    },
  },
});
