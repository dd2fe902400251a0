import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { codeFrom, startSmtpCapture, type SmtpCapture } from './support/smtp-capture.ts';
import { accountCodes, accounts } from '../src/store/schema.ts';

const VERIFY_SUBJECT = 'Your Podium verification code';
const RESET_SUBJECT = 'Your Podium password reset code';
let seq = 0;

/** A fresh identity per call, so tests never collide on one server. */
function person(tag: string) {
  seq += 1;
  const id = `${tag}${seq}${Math.random().toString(36).slice(2, 7)}`;
  return {
    email: `${id}@example.test`,
    username: `user_${id}`,
    password: `pw-${id}-secret`,
    phone: `+849${String(Date.now() % 10_000_000).padStart(7, '0')}${seq % 10}`,
  };
}

describe.each(STORE_KINDS)('account API on %s', (kind) => {
  let smtp: SmtpCapture;
  let server: TestServer;

  /** Waits for the next mail to `to` with `subject` that arrived after `since` messages. */
  async function mailTo(to: string, subject: string, since = 0) {
    return smtp.waitFor(
      (m) => m.to.includes(to) && m.subject === subject && smtp.messages.indexOf(m) >= since,
    );
  }

  async function signupVerified(p: ReturnType<typeof person>) {
    const before = smtp.messages.length;
    const res = await server.api('/api/v1/user/signup', {
      body: { email: p.email, username: p.username, password: p.password },
    });
    expect(res.status).toBe(201);
    const code = codeFrom((await mailTo(p.email, VERIFY_SUBJECT, before)).text);
    const confirmed = await server.api('/api/v1/user/confirm-email', {
      body: { code },
      token: res.body.authorization,
    });
    expect(confirmed.status).toBe(200);
    return res.body as { account: { id: string }; authorization: string; renewal_token: string };
  }

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url, LOGIN_MAX_ATTEMPTS: '50' });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('signup → code over SMTP → confirm → login → details → change password → logout → 401', async () => {
    const p = person('flow');
    const signup = await server.api('/api/v1/user/signup', {
      body: {
        email: p.email.toUpperCase(),
        username: p.username,
        password: p.password,
        full_name: 'Lan Nguyễn',
      },
    });
    expect(signup.status).toBe(201);
    expect(signup.body.account).toMatchObject({
      email: p.email,
      username: p.username,
      full_name: 'Lan Nguyễn',
      account_status: 'verifying',
      email_verified: false,
      has_password: true,
      account_setting: { conference_mode: 'meeting' },
    });
    expect(signup.body.account.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(signup.body.account.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(signup.body.authorization).toBeTruthy();
    expect(signup.body.renewal_token).toBeTruthy();
    expect(JSON.stringify(signup.body)).not.toMatch(/hash/i);

    const mail = await mailTo(p.email, VERIFY_SUBJECT);
    expect(mail.text).toContain('Mã xác thực Podium của bạn');
    const code = codeFrom(mail.text);
    // The code also stands on its own line in the raw message as it crossed the wire.
    expect(mail.raw).toMatch(new RegExp(`^${code}\\r?$`, 'm'));

    const wrong = await server.api('/api/v1/user/confirm-email', {
      body: { code: code === '000000' ? '111111' : '000000' },
      token: signup.body.authorization,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: 'invalid_code',
      message: 'Invalid activate code',
    });

    const confirmed = await server.api('/api/v1/user/confirm-email', {
      body: { code },
      token: signup.body.authorization,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ account_status: 'active', email_verified: true });

    const login = await server.api('/api/v1/user/session/new', {
      body: { username: p.username, password: p.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.account).toMatchObject({
      id: signup.body.account.id,
      account_status: 'active',
    });
    const token = login.body.authorization as string;

    // The email works as the identifier too, in any case.
    const byEmail = await server.api('/api/v1/user/session/new', {
      body: { username: p.email.toUpperCase(), password: p.password },
    });
    expect(byEmail.status).toBe(200);

    const details = await server.api('/api/account/details', { token });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ id: signup.body.account.id, email: p.email });

    const badOld = await server.api('/api/v1/user/change-password', {
      body: { old_password: 'not-the-password', new_password: 'brand-new-password' },
      token,
    });
    expect(badOld.status).toBe(400);
    expect(badOld.body.error.fields).toHaveProperty('old_password');

    const changed = await server.api('/api/v1/user/change-password', {
      body: { old_password: p.password, new_password: 'brand-new-password' },
      token,
    });
    expect(changed.status).toBe(200);
    // Other sessions end; this one goes on.
    expect(
      (await server.api('/api/account/details', { token: signup.body.authorization })).status,
    ).toBe(401);
    expect(
      (await server.api('/api/account/details', { token: byEmail.body.authorization })).status,
    ).toBe(401);
    expect((await server.api('/api/account/details', { token })).status).toBe(200);

    const logout = await server.api('/api/v1/user/session', { method: 'DELETE', token });
    expect(logout.status).toBe(200);
    const after = await server.api('/api/account/details', { token });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('unauthorized');
    expect(
      (
        await server.api('/api/v1/user/session/renew', {
          body: { renewal_token: login.body.renewal_token },
        })
      ).status,
    ).toBe(401);

    const oldPassword = await server.api('/api/v1/user/session/new', {
      body: { username: p.username, password: p.password },
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await server.api('/api/v1/user/session/new', {
      body: { username: p.username, password: 'brand-new-password' },
    });
    expect(newPassword.status).toBe(200);
  });

  it('accepts a bare token without "Bearer"', async () => {
    const s = await signupVerified(person('bare'));
    const res = await server.api('/api/account/details', {
      headers: { authorization: s.authorization },
    });
    expect(res.status).toBe(200);
  });

  it('renews: a new pair works, the old renewal token no longer does', async () => {
    const s = await signupVerified(person('renew'));
    const renewed = await server.api('/api/v1/user/session/renew', {
      body: { renewal_token: s.renewal_token },
    });
    expect(renewed.status).toBe(200);
    expect(Object.keys(renewed.body).sort()).toEqual(['authorization', 'renewal_token']);
    expect(
      (await server.api('/api/account/details', { token: renewed.body.authorization })).status,
    ).toBe(200);
    const again = await server.api('/api/v1/user/session/renew', {
      body: { renewal_token: s.renewal_token },
    });
    expect(again.status).toBe(401);
    expect(
      (await server.api('/api/v1/user/session/renew', { body: { renewal_token: 'nope' } })).status,
    ).toBe(401);
  });

  it('lets a verifying account sign in, so the web app can route it to /verify-code', async () => {
    const p = person('verifying');
    await server.api('/api/v1/user/signup', { body: { email: p.email, password: p.password } });
    const login = await server.api('/api/v1/user/session/new', {
      body: { username: p.email, password: p.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.account.account_status).toBe('verifying');
  });

  it('starts a username-only account active: there is nothing to confirm', async () => {
    const p = person('nameonly');
    const before = smtp.messages.length;
    const res = await server.api('/api/v1/user/signup', {
      body: { username: p.username, password: p.password },
    });
    expect(res.status).toBe(201);
    expect(res.body.account).toMatchObject({ account_status: 'active', email: null });
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.messages.length).toBe(before);
  });

  it('answers 409 naming the field for a duplicate email, username or phone', async () => {
    const p = person('dup');
    const first = await server.api('/api/v1/user/signup', {
      body: { email: p.email, username: p.username, phone: p.phone, password: p.password },
    });
    expect(first.status).toBe(201);

    const q = person('dup2');
    const email = await server.api('/api/v1/user/signup', {
      body: { email: p.email, username: q.username, password: q.password },
    });
    expect(email.status).toBe(409);
    expect(Object.keys(email.body.error.fields)).toEqual(['email']);

    const username = await server.api('/api/v1/user/signup', {
      body: { email: q.email, username: p.username.toUpperCase(), password: q.password },
    });
    expect(username.status).toBe(409);
    expect(Object.keys(username.body.error.fields)).toEqual(['username']);

    const phone = await server.api('/api/v1/user/signup', {
      body: { phone: p.phone.replace('+', ''), password: q.password },
    });
    expect(phone.status).toBe(409);
    expect(Object.keys(phone.body.error.fields)).toEqual(['phone']);

    const all = await server.api('/api/v1/user/signup', {
      body: { email: p.email, username: p.username, phone: p.phone, password: q.password },
    });
    expect(all.status).toBe(409);
    expect(Object.keys(all.body.error.fields).sort()).toEqual(['email', 'phone', 'username']);
  });

  it('answers an unknown user and a wrong password exactly alike', async () => {
    const s = await signupVerified(person('same'));
    const account = await server.api('/api/account/details', { token: s.authorization });
    const unknown = await server.api('/api/v1/user/session/new', {
      body: { username: 'nobody-at-all', password: 'whatever-password' },
    });
    const wrongPassword = await server.api('/api/v1/user/session/new', {
      body: { username: account.body.username, password: 'whatever-password' },
    });
    expect(unknown.status).toBe(401);
    expect(wrongPassword.status).toBe(401);
    expect(unknown.body).toEqual(wrongPassword.body);
    expect(unknown.body.error).toMatchObject({
      code: 'invalid_credentials',
      message: 'Incorrect username or password',
    });
  });

  it('rejects a wrong code, an expired code, and a code after 5 wrong tries', async () => {
    const p = person('codes');
    const before = smtp.messages.length;
    const signup = await server.api('/api/v1/user/signup', {
      body: { email: p.email, password: p.password },
    });
    const token = signup.body.authorization as string;
    const code = codeFrom((await mailTo(p.email, VERIFY_SUBJECT, before)).text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await server.api('/api/v1/user/confirm-email', { body: { code: wrong }, token });
      expect(res.body.error.code).toBe('invalid_code');
    }
    const used = await server.api('/api/v1/user/confirm-email', { body: { code }, token });
    expect(used.status).toBe(400);
    expect(used.body.error).toMatchObject({
      code: 'expired_code',
      message: 'Wrong or expired code',
    });

    // Resend brings a fresh code.
    const resendAt = smtp.messages.length;
    const resend = await server.api('/api/v1/user/resend-email', { body: { username: p.email } });
    expect(resend.status).toBe(200);
    const fresh = codeFrom((await mailTo(p.email, VERIFY_SUBJECT, resendAt)).text);

    // Past its 15 minutes the code is refused as expired.
    const db = server.podium.services.store.db;
    await db
      .update(accountCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountCodes.accountId, signup.body.account.id));
    const expired = await server.api('/api/v1/user/confirm-email', {
      body: { code: fresh },
      token,
    });
    expect(expired.status).toBe(400);
    expect(expired.body.error).toMatchObject({
      code: 'expired_code',
      message: 'Wrong or expired code',
    });

    const lastAt = smtp.messages.length;
    await server.api('/api/v1/user/resend-email', { body: { username: p.email } });
    const last = codeFrom((await mailTo(p.email, VERIFY_SUBJECT, lastAt)).text);
    const ok = await server.api('/api/v1/user/confirm-email', { body: { code: last }, token });
    expect(ok.status).toBe(200);
    expect(ok.body.account_status).toBe('active');
  });

  it('resend-email answers 200 whatever the account, and mails only a verifying one', async () => {
    const before = smtp.messages.length;
    const unknown = await server.api('/api/v1/user/resend-email', {
      body: { username: 'no-such-person@example.test' },
    });
    expect(unknown.status).toBe(200);
    const active = await signupVerified(person('resend-active'));
    const details = await server.api('/api/account/details', { token: active.authorization });
    const afterSignup = smtp.messages.length;
    const activeResend = await server.api('/api/v1/user/resend-email', {
      body: { username: details.body.email },
    });
    expect(activeResend.status).toBe(200);
    expect(unknown.body).toEqual(activeResend.body);
    // Give a wrongly sent mail time to arrive before asserting none came.
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.slice(afterSignup)).toHaveLength(0);
    expect(
      smtp.messages.slice(before).every((m) => !m.to.includes('no-such-person@example.test')),
    ).toBe(true);
  });

  it('signs up with only a phone: code by SMS, confirmed through confirm-email or phone/verify', async () => {
    const p = person('phone');
    const signup = await server.api('/api/v1/user/signup', {
      body: { phone: p.phone, password: p.password },
    });
    expect(signup.status).toBe(201);
    expect(signup.body.account).toMatchObject({
      phone_number: p.phone,
      account_status: 'verifying',
    });
    const outbox = server.podium.services.mailer.outbox();
    const sms = outbox.filter((m) => m.channel === 'sms' && m.to === p.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain('Mã xác thực Podium của bạn');

    // A resend replaces the first code.
    const resend = await server.api('/api/account/phone/resend', { body: { phone: p.phone } });
    expect(resend.status).toBe(200);
    const texts = server.podium.services.mailer.outbox().filter((m) => m.to === p.phone);
    expect(texts).toHaveLength(2);
    const first = codeFrom(texts[0]!.text);
    const second = codeFrom(texts[1]!.text);
    const token = signup.body.authorization as string;
    if (first !== second) {
      const stale = await server.api('/api/account/phone/verify', { body: { code: first }, token });
      expect(stale.body.error.code).toBe('invalid_code');
    }
    const ok = await server.api('/api/v1/user/confirm-email', { body: { code: second }, token });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ account_status: 'active', phone_verified: true });

    const login = await server.api('/api/v1/user/session/new', {
      body: { username: p.phone.replace('+', ''), password: p.password },
    });
    expect(login.status).toBe(200);
  });

  it('resets a forgotten password with a mailed code and ends every session', async () => {
    const p = person('reset');
    const s = await signupVerified(p);
    const unknown = await server.api('/api/v1/user/reset-password', {
      body: { username: 'nobody-here' },
    });
    expect(unknown.status).toBe(200);

    const before = smtp.messages.length;
    const asked = await server.api('/api/v1/user/reset-password', {
      body: { username: p.username },
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual(unknown.body);
    const mail = await mailTo(p.email, RESET_SUBJECT, before);
    expect(mail.text).toContain('Mã đặt lại mật khẩu Podium của bạn');
    const code = codeFrom(mail.text);

    const wrong = await server.api('/api/account/forgot-pwd/reset', {
      body: {
        username: p.username,
        code: code === '000000' ? '111111' : '000000',
        password: 'after-reset-pw',
      },
    });
    expect(wrong.status).toBe(400);
    const stranger = await server.api('/api/account/forgot-pwd/reset', {
      body: { username: 'nobody-here', code, password: 'after-reset-pw' },
    });
    // The same answer for a wrong code and an unknown account: nothing to learn accounts from.
    expect(wrong.body).toEqual(stranger.body);
    expect(stranger.body.error).toMatchObject({ code: 'expired_code' });

    const reset = await server.api('/api/account/forgot-pwd/reset', {
      body: { username: p.email, code, password: 'after-reset-pw' },
    });
    expect(reset.status).toBe(200);
    expect((await server.api('/api/account/details', { token: s.authorization })).status).toBe(401);
    const again = await server.api('/api/account/forgot-pwd/reset', {
      body: { username: p.email, code, password: 'other-password' },
    });
    expect(again.body.error.code).toBe('expired_code');
    expect(
      (
        await server.api('/api/v1/user/session/new', {
          body: { username: p.email, password: p.password },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await server.api('/api/v1/user/session/new', {
          body: { username: p.email, password: 'after-reset-pw' },
        })
      ).status,
    ).toBe(200);
  });

  it('set-pwd works only for an account without a password', async () => {
    const p = person('setpwd');
    const s = await signupVerified(p);
    const refused = await server.api('/api/account/set-pwd', {
      body: { password: 'another-password' },
      token: s.authorization,
    });
    expect(refused.status).toBe(409);

    // As an account made by social sign-in would be.
    await server.podium.services.store.db
      .update(accounts)
      .set({ passwordHash: null })
      .where(eq(accounts.id, s.account.id));
    const details = await server.api('/api/account/details', { token: s.authorization });
    expect(details.body.has_password).toBe(false);
    const noOld = await server.api('/api/v1/user/change-password', {
      body: { old_password: p.password, new_password: 'another-password' },
      token: s.authorization,
    });
    expect(noOld.status).toBe(400);

    const set = await server.api('/api/account/set-pwd', {
      body: { password: 'another-password' },
      token: s.authorization,
    });
    expect(set.status).toBe(200);
    expect(set.body.has_password).toBe(true);
    expect(
      (
        await server.api('/api/v1/user/session/new', {
          body: { username: p.username, password: 'another-password' },
        })
      ).status,
    ).toBe(200);
  });

  it('updates the profile and the conference mode (invalid or missing → meeting)', async () => {
    const s = await signupVerified(person('profile'));
    const token = s.authorization;
    const updated = await server.api('/api/account/profile/update', {
      body: {
        first_name: ' Lan ',
        last_name: 'Nguyễn',
        company: 'Podium',
        avatar: 'https://example.test/a.png',
      },
      token,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      first_name: 'Lan',
      last_name: 'Nguyễn',
      company: 'Podium',
      avatar: 'https://example.test/a.png',
    });
    const cleared = await server.api('/api/account/profile/update', {
      body: { company: '' },
      token,
    });
    expect(cleared.body).toMatchObject({ company: null, first_name: 'Lan' });

    const script = await server.api('/api/account/profile/update', {
      body: { avatar: 'javascript:alert(1)' },
      token,
    });
    expect(script.status).toBe(400);
    expect(script.body.error.fields).toHaveProperty('avatar');
    const long = await server.api('/api/account/profile/update', {
      body: { first_name: 'x'.repeat(101) },
      token,
    });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toHaveProperty('first_name');

    const setMode = (body: unknown) =>
      server.api('/api/account/setting/conference/update', { body, token });
    expect((await setMode({ conference_mode: 'endtoend' })).body.account_setting).toEqual({
      conference_mode: 'endtoend',
    });
    expect((await setMode({ conference_mode: 'bogus' })).body.account_setting.conference_mode).toBe(
      'meeting',
    );
    await setMode({ conference_mode: 'endtoend' });
    expect((await setMode({})).body.account_setting.conference_mode).toBe('meeting');
    await setMode({ conference_mode: 'endtoend' });
    expect((await setMode({ conference_mode: 42 })).body.account_setting.conference_mode).toBe(
      'meeting',
    );
    const details = await server.api('/api/account/details', { token });
    expect(details.body.account_setting.conference_mode).toBe('meeting');
  });

  it('records the referrer and refuses an unknown referral code', async () => {
    const referrer = await signupVerified(person('referrer'));
    const code = (await server.api('/api/account/details', { token: referrer.authorization })).body
      .referral_code as string;
    const p = person('referred');
    const res = await server.api('/api/v1/user/signup', {
      body: { email: p.email, password: p.password, referral_code: code.toLowerCase() },
    });
    expect(res.status).toBe(201);
    expect(res.body.account.referral_code).not.toBe(code);
    const [row] = await server.podium.services.store.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, res.body.account.id));
    expect(row!.referredBy).toBe(referrer.account.id);

    const q = person('badref');
    const bad = await server.api('/api/v1/user/signup', {
      body: { email: q.email, password: q.password, referral_code: 'NOSUCH99' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('referral_code');
  });

  it('serves the GraphQL profile to a signed-in account only', async () => {
    const s = await signupVerified(person('gql'));
    await server.api('/api/account/profile/update', {
      body: { first_name: 'Minh', last_name: 'Trần', avatar: 'https://example.test/m.png' },
      token: s.authorization,
    });
    const query = '{ profile { id avatar email first_name last_name role membership_id } }';
    const res = await server.api('/graphql/v1', { body: { query }, token: s.authorization });
    expect(res.status).toBe(200);
    expect(res.body.data.profile).toMatchObject({
      id: s.account.id,
      avatar: 'https://example.test/m.png',
      first_name: 'Minh',
      last_name: 'Trần',
      role: 'user',
      membership_id: null,
    });
    expect(res.body.data.profile.email).toMatch(/@example\.test$/);

    const anonymous = await server.api('/graphql/v1', { body: { query } });
    expect(anonymous.body.errors[0].message).toBe('Please sign in again');
    expect(anonymous.body.data?.profile ?? null).toBeNull();
    await server.api('/api/v1/user/session', { method: 'DELETE', token: s.authorization });
    const revoked = await server.api('/graphql/v1', { body: { query }, token: s.authorization });
    expect(revoked.body.errors[0].message).toBe('Please sign in again');
  });

  it('answers malformed JSON, wrong types and over-long strings with 400 and fields', async () => {
    const malformed = await server.api('/api/v1/user/signup', { body: '{"email": ' });
    expect(malformed.status).toBe(400);
    const types = await server.api('/api/v1/user/signup', { body: { email: 5, password: [] } });
    expect(types.status).toBe(400);
    expect(Object.keys(types.body.error.fields).sort()).toEqual(['email', 'password']);
    const long = await server.api('/api/v1/user/session/new', {
      body: { username: 'a'.repeat(300), password: 'x' },
    });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toHaveProperty('username');
    const none = await server.api('/api/v1/user/signup', { body: { password: 'long-enough-pw' } });
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toHaveProperty('email');
  });
});

describe.each(STORE_KINDS)('sign-in rate limit on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_MAX_ATTEMPTS: '3', LOGIN_WINDOW_MS: '60000' });
  });
  afterAll(async () => {
    await server.close();
  });

  /** Signs in from a chosen loopback source address (all of 127.0.0.0/8 reaches the server). */
  function login(username: string, password: string, from: string) {
    const { port } = new URL(server.url);
    const payload = JSON.stringify({ username, password });
    return new Promise<{ status: number; retryAfter: string | undefined; code: string }>(
      (resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: Number(port),
            localAddress: from,
            method: 'POST',
            path: '/api/v1/user/session/new',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
              'x-requested-with': 'XMLHttpRequest',
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (text += c));
            res.on('end', () => {
              const body = JSON.parse(text) as { error?: { code: string } };
              resolve({
                status: res.statusCode ?? 0,
                retryAfter: res.headers['retry-after'],
                code: body.error?.code ?? '',
              });
            });
          },
        );
        req.on('error', reject);
        req.end(payload);
      },
    );
  }

  it('limits failed sign-ins per (account, address): a victim signs in from elsewhere', async () => {
    const p = person('limit');
    const signup = await server.api('/api/v1/user/signup', {
      body: { email: p.email, username: p.username, password: p.password },
    });
    expect(signup.status).toBe(201);

    // An attacker at A keeps guessing, far past the limit (3 here), by username and by email.
    const attacker = '127.0.0.11';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await login(i % 2 ? p.email : p.username, `wrong-${i}`, attacker)).status);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(new Set(statuses.slice(3))).toEqual(new Set([429]));
    // A is held, even with the right password...
    const limited = await login(p.username, p.password, attacker);
    expect(limited.status).toBe(429);
    expect(limited.code).toBe('too_many_requests');
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    // ...but the victim at B, which never failed, is never refused the right password.
    expect((await login(p.username, p.password, '127.0.0.12')).status).toBe(200);
    expect((await login(p.email, p.password, '127.0.0.13')).status).toBe(200);
    // A wrong guess from B is judged, not refused: B has its own allowance.
    expect((await login(p.username, 'typo', '127.0.0.12')).status).toBe(401);
    expect((await login(p.username, p.password, '127.0.0.12')).status).toBe(200);
  });

  it('under a distributed attack an address that failed waits; one that never failed signs in', async () => {
    const p = person('swarm');
    expect(
      (
        await server.api('/api/v1/user/signup', {
          body: { email: p.email, username: p.username, password: p.password },
        })
      ).status,
    ).toBe(201);
    // 30 addresses (ten times the allowance of 3) each guess once.
    for (let i = 1; i <= 30; i++) {
      expect((await login(p.username, `guess-${i}`, `127.0.2.${i}`)).status).toBe(401);
    }
    expect((await login(p.username, 'guess-again', '127.0.2.1')).status).toBe(429);
    expect((await login(p.username, p.password, '127.0.2.2')).status).toBe(429);
    expect((await login(p.username, p.password, '127.0.2.200')).status).toBe(200);
  });

  it('limits failures per address across accounts', async () => {
    // Per address: many unknown names from one address; the address allowance is five times
    // the per-account one (3 × 5 = 15), then that address waits whatever name it tries.
    const from = '127.0.1.1';
    for (let i = 0; i < 15; i++) {
      expect((await login(`ghost-${i}`, 'x', from)).status, `attempt ${i + 1}`).toBe(401);
    }
    expect((await login('ghost-new', 'x', from)).status).toBe(429);
    // The same unknown name from elsewhere is still only 401: the limits are independent.
    expect((await login('ghost-new', 'x', '127.0.1.2')).status).toBe(401);
  });
});

describe.each(STORE_KINDS)('code mails on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 9 of loopback (discard), so every mail fails to go out.
    server = await startTestServer(kind, { SMTP_URL: 'smtp://127.0.0.1:9?ignoreTLS=true' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('still signs up when the code mail fails, and says so on resend', async () => {
    const p = person('nomail');
    const signup = await server.api('/api/v1/user/signup', {
      body: { email: p.email, password: p.password },
    });
    expect(signup.status).toBe(201);
    const resend = await server.api('/api/v1/user/resend-email', { body: { username: p.email } });
    expect(resend.status).toBe(503);
    expect(resend.body.error).toMatchObject({
      code: 'send_failed',
      message: 'Could not resend verification',
      key: 'errors.resend_failed',
    });
  });

  it('limits resends per identifier (case-insensitive), whether or not the account exists', async () => {
    const resend = (username: string) =>
      server.api('/api/v1/user/resend-email', { body: { username } });
    for (let i = 0; i < 5; i++) {
      expect((await resend('someone-unknown@example.test')).status).toBe(200);
    }
    const limited = await resend('Someone-Unknown@example.test');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('too_many_requests');
    expect((await resend('someone-else@example.test')).status).toBe(200);
  });
});
