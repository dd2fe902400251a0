import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin } from './events-support.ts';

/**
 * Issue 10 item 9: `forgot-pwd/reset` answered `invalid_code` for an account with a pending
 * code and `expired_code` for an unknown one, so a wrong guess told whether an address has an
 * account. Every failure now answers the same status and body.
 */
describe.each(STORE_KINDS)('forgot-pwd/reset does not reveal accounts (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  it('a wrong code for an existing account answers like an unknown account', async () => {
    const person = await signUpAndLogin(server, 'forgot');
    // A reset code is pending for the account (the mail goes to the dev outbox).
    const asked = await server.api('/api/v1/user/reset-password', {
      body: { username: person.email },
    });
    expect(asked.status).toBe(200);

    const existing = await server.api('/api/account/forgot-pwd/reset', {
      body: { username: person.email, code: '000000', password: 'after-reset-pw' },
    });
    const unknown = await server.api('/api/account/forgot-pwd/reset', {
      body: { username: 'nobody-at-all@example.test', code: '000000', password: 'after-reset-pw' },
    });
    const noCode = await server.api('/api/account/forgot-pwd/reset', {
      body: {
        username: (await signUpAndLogin(server, 'forgot')).email,
        code: '000000',
        password: 'after-reset-pw',
      },
    });
    expect(unknown.status).toBe(400);
    expect(existing.status).toBe(unknown.status);
    expect(existing.body).toEqual(unknown.body);
    expect(noCode.body).toEqual(unknown.body);
    expect(unknown.body.error).toMatchObject({
      code: 'expired_code',
      message: 'Wrong or expired code',
    });
  });
});
