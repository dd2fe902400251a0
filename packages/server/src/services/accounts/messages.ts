import { VERIFY_CODE_TTL_MINUTES } from '@podium/protocol';

/** Mail and SMS texts. People may read either language, so every message carries both. */

export type CodeMessageKind = 'verify' | 'reset';

interface Texts {
  subject: string;
  enIntro: string;
  viIntro: string;
  enIgnore: string;
  viIgnore: string;
}

const TEXTS: Record<CodeMessageKind, Texts> = {
  verify: {
    subject: 'Your Podium verification code',
    enIntro: 'Your Podium verification code is:',
    viIntro: 'Mã xác thực Podium của bạn là:',
    enIgnore: 'If you did not create a Podium account, you can ignore this message.',
    viIgnore: 'Nếu bạn không tạo tài khoản Podium, hãy bỏ qua thư này.',
  },
  reset: {
    subject: 'Your Podium password reset code',
    enIntro: 'Your Podium password reset code is:',
    viIntro: 'Mã đặt lại mật khẩu Podium của bạn là:',
    enIgnore: 'If you did not ask to reset your password, you can ignore this message.',
    viIgnore: 'Nếu bạn không yêu cầu đặt lại mật khẩu, hãy bỏ qua thư này.',
  },
};

export function codeEmail(kind: CodeMessageKind, code: string): { subject: string; text: string } {
  const t = TEXTS[kind];
  const minutes = VERIFY_CODE_TTL_MINUTES;
  const text = [
    t.enIntro,
    '',
    code,
    '',
    `It expires in ${minutes} minutes. ${t.enIgnore}`,
    '',
    '---',
    '',
    t.viIntro,
    '',
    code,
    '',
    `Mã có hiệu lực trong ${minutes} phút. ${t.viIgnore}`,
    '',
  ].join('\n');
  return { subject: t.subject, text };
}

export function codeSms(kind: CodeMessageKind, code: string): string {
  const t = TEXTS[kind];
  return [t.enIntro, code, t.viIntro, code].join('\n');
}
