import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { codeFrom, startSmtpCapture, type SmtpCapture } from './support/smtp-capture.ts';

const WEAK = {
  code: 'validation_failed',
  key: 'errors.password_weak',
  message: 'This password is too common or too easy to guess, choose another',
};
const TRIVIAL = ['12345678', 'password', '        ', 'qwertyuiop'];
let seq = 0;

function person() {
  seq += 1;
  const id = `pwrule${seq}${Math.random().toString(36).slice(2, 7)}`;
  return { email: `${id}@example.test`, username: `u_${id}`, password: `pw-${id}-secret` };
}

describe.each(STORE_KINDS)('password rules on %s', (kind) => {
  let smtp: SmtpCapture;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url, LOGIN_MAX_ATTEMPTS: '50' });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('sign-up refuses common and trivial passwords with a field error, and the username itself', async () => {
    for (const password of TRIVIAL) {
      const p = person();
      const res = await server.api(apiPaths.account.signup, {
        body: { email: p.email, username: p.username, password },
      });
      expect(res.status, JSON.stringify(password)).toBe(400);
      expect(res.body.error).toMatchObject({ ...WEAK, fields: { password: WEAK.message } });
    }
    const p = person();
    const own = await server.api(apiPaths.account.signup, {
      body: { email: p.email, username: p.username, password: `${p.username}1` },
    });
    expect(own.status).toBe(400);
    expect(own.body.error.key).toBe(WEAK.key);
    // Nothing was created: the same identity signs up with a good password.
    const ok = await server.api(apiPaths.account.signup, {
      body: { email: p.email, username: p.username, password: p.password },
    });
    expect(ok.status).toBe(201);
  });

  it('change-password refuses a weak new password and keeps the old one', async () => {
    const p = person();
    const signup = await server.api(apiPaths.account.signup, {
      body: { email: p.email, username: p.username, password: p.password },
    });
    expect(signup.status).toBe(201);
    const res = await server.api(apiPaths.account.changePassword, {
      body: { old_password: p.password, new_password: 'password' },
      token: signup.body.authorization,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ ...WEAK, fields: { new_password: WEAK.message } });
    const login = await server.api(apiPaths.session.login, {
      body: { username: p.username, password: p.password },
    });
    expect(login.status).toBe(200);
  });

  it('reset refuses a weak password without spending the code', async () => {
    const p = person();
    expect(
      (
        await server.api(apiPaths.account.signup, {
          body: { email: p.email, username: p.username, password: p.password },
        })
      ).status,
    ).toBe(201);
    const before = smtp.messages.length;
    expect(
      (await server.api(apiPaths.account.resetPassword, { body: { username: p.email } })).status,
    ).toBe(200);
    const mail = await smtp.waitFor(
      (m) =>
        m.to.includes(p.email) &&
        m.subject === 'Your Podium password reset code' &&
        smtp.messages.indexOf(m) >= before,
    );
    const code = codeFrom(mail.text);
    const weak = await server.api(apiPaths.account.forgotPasswordReset, {
      body: { username: p.email, code, password: '12345678' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toMatchObject({ ...WEAK, fields: { password: WEAK.message } });
    const strong = await server.api(apiPaths.account.forgotPasswordReset, {
      body: { username: p.email, code, password: 'after-reset-pw' },
    });
    expect(strong.status).toBe(200);
  });
});
