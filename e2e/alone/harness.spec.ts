import nodemailer from 'nodemailer';
import { test, expect } from '../support/fixtures.ts';
import { extractCode, waitForMail } from '../support/mail.ts';
import { parseMail } from '../support/mime.ts';
import { STRONG_PASSWORD, uniqueEmail } from '../support/data.ts';

// The harness itself: if these fail, every mail-reading spec would fail for the wrong reason.
test.describe('e2e harness', () => {
  test('mail the server sends over SMTP reaches the capture, with its code', async ({
    request,
  }) => {
    const email = uniqueEmail('harness');
    const signup = await request.post('/api/v1/user/signup', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { email, password: STRONG_PASSWORD },
    });
    expect(signup.status()).toBe(201);
    const mail = await waitForMail(email);
    expect(mail.to).toEqual([email]);
    expect(mail.subject).not.toBe('');
    expect(extractCode(mail)).toMatch(/^\d{6}$/);
    expect(extractCode(mail.raw)).toBe(extractCode(mail));
  });

  test('waitForMail names what it did receive when nothing matches', async () => {
    await expect(waitForMail(uniqueEmail('nobody'), { timeoutMs: 300 })).rejects.toThrow(
      /no mail to nobody-.* within 300 ms/,
    );
  });

  test('decodes what nodemailer produces: encoded Vietnamese subjects, QP and base64 bodies', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const text = `Mã xác nhận của bạn là 482913. ${'Dòng rất dài để buộc ngắt dòng mềm. '.repeat(6)}`;
    for (const textEncoding of ['quoted-printable', 'base64'] as const) {
      const info = await transport.sendMail({
        from: 'Podium <no-reply@podium.local>',
        to: 'a@example.test',
        subject: 'Xác nhận tài khoản Podium',
        text,
        html: '<p>Mã: <b>482913</b></p>',
        textEncoding,
      });
      const raw = (info.message as Buffer).toString('utf8');
      const parsed = parseMail(raw);
      expect(parsed.subject).toBe('Xác nhận tài khoản Podium');
      expect(parsed.text.trim()).toBe(text.trim());
      expect(parsed.html).toBe('<p>Mã: <b>482913</b></p>');
      expect(extractCode(raw)).toBe('482913');
    }
  });
});
