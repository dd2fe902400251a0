import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_SETTINGS, apiPaths } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { withMailedServer } from './support/smtp-capture.ts';
import { hoursFromNow, signUpAndLogin } from './events-support.ts';
import {
  JPEG,
  MB,
  PDF,
  PNG,
  fileBytes,
  startStorageServer,
  uploadsOnDisk,
  type Answer,
} from './storage-support.ts';

let seq = 0;

describe.each(STORE_KINDS)('account settings API on %s', (kind) => {
  const mailed = withMailedServer((env) => startStorageServer(kind, env));

  /** A username-only account starts active, so no mail is needed to use it. */
  async function account(tag: string) {
    seq += 1;
    const username = `${tag}${seq}${Math.random().toString(36).slice(2, 6)}`;
    const password = `pw-${username}-secret`;
    const res = await mailed.server.api('/api/v1/user/signup', { body: { username, password } });
    expect(res.status).toBe(201);
    return { username, password, token: res.body.authorization as string };
  }

  const update = (body: unknown, token: string) =>
    mailed.server.api(apiPaths.account.settingsUpdate, { body, token });

  async function uploadAvatar(
    token: string | null,
    name: string,
    bytes: Uint8Array,
    type = 'application/octet-stream',
  ): Promise<Answer> {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), name);
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(mailed.server.url + apiPaths.account.avatarUpload, {
      method: 'POST',
      headers,
      body: form,
    });
    return { status: res.status, body: await res.json() };
  }

  it('details carry the default settings until something changes; changes persist', async () => {
    const a = await account('settings');
    const fresh = await mailed.server.api('/api/account/details', { token: a.token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.settings).toEqual(DEFAULT_ACCOUNT_SETTINGS);
    expect(fresh.body.settings.language).toBeNull();
    expect(fresh.body.account_setting).toEqual({ conference_mode: 'meeting' });

    const changed = await update(
      {
        language: 'vi',
        anti_screen_capture: true,
        mic_on_join: true,
        camera_on_join: false,
        audio_input_id: 'mic-123',
        default_layout: 'center',
      },
      a.token,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.settings).toEqual({
      ...DEFAULT_ACCOUNT_SETTINGS,
      language: 'vi',
      anti_screen_capture: true,
      mic_on_join: true,
      audio_input_id: 'mic-123',
      default_layout: 'center',
    });

    // A partial update leaves the rest alone; null returns a device to the system default.
    await update({ camera_on_join: true, audio_input_id: null }, a.token);
    const after = await mailed.server.api('/api/account/details', { token: a.token });
    expect(after.body.settings).toMatchObject({
      language: 'vi',
      anti_screen_capture: true,
      mic_on_join: true,
      camera_on_join: true,
      audio_input_id: null,
      default_layout: 'center',
    });

    // Someone else's settings are their own.
    const b = await account('other');
    expect(
      (await mailed.server.api('/api/account/details', { token: b.token })).body.settings,
    ).toEqual(DEFAULT_ACCOUNT_SETTINGS);
  });

  it('the language is null until chosen, other changes included; English once chosen', async () => {
    const a = await account('lang');
    // A settings row created by another change does not choose a language.
    const other = await update({ mic_on_join: true }, a.token);
    expect(other.status).toBe(200);
    expect(other.body.settings.language).toBeNull();
    const chosen = await update({ language: 'en' }, a.token);
    expect(chosen.body.settings.language).toBe('en');
    const details = await mailed.server.api('/api/account/details', { token: a.token });
    expect(details.body.settings).toMatchObject({ language: 'en', mic_on_join: true });
    // Null forgets the choice: the browser's language applies again.
    const forgot = await update({ language: null }, a.token);
    expect(forgot.status).toBe(200);
    expect(forgot.body.settings.language).toBeNull();
  });

  it('refuses bad settings with 400 and the field, and changes nothing', async () => {
    const a = await account('badset');
    const cases: Array<[unknown, string]> = [
      [{ language: 'fr' }, 'language'],
      [{ anti_screen_capture: 'yes' }, 'anti_screen_capture'],
      [{ mic_on_join: 1 }, 'mic_on_join'],
      [{ audio_input_id: 'x'.repeat(257) }, 'audio_input_id'],
      [{ video_input_id: 42 }, 'video_input_id'],
      [{ default_layout: 'pin' }, 'default_layout'],
      [{ allow_invitation_emails: null }, 'allow_invitation_emails'],
    ];
    for (const [body, field] of cases) {
      const res = await update(body, a.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields).toHaveProperty(field);
    }
    const unknown = await update({ langauge: 'vi' }, a.token);
    expect(unknown.status).toBe(400);
    const notObject = await update([1, 2], a.token);
    expect(notObject.status).toBe(400);
    const malformed = await update('{"language": ', a.token);
    expect(malformed.status).toBe(400);
    expect(
      (await mailed.server.api('/api/account/details', { token: a.token })).body.settings,
    ).toEqual(DEFAULT_ACCOUNT_SETTINGS);
    expect((await update({ language: 'vi' }, 'pat_not-a-token')).status).toBe(401);
    expect((await mailed.server.api(apiPaths.account.settingsUpdate, { body: {} })).status).toBe(
      401,
    );
  });

  it('profile update and conference mode answer with the settings too; bad names → 400', async () => {
    const a = await account('profile');
    await update({ language: 'vi' }, a.token);
    const named = await mailed.server.api('/api/account/profile/update', {
      body: { first_name: 'Lan', last_name: 'Nguyễn' },
      token: a.token,
    });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ first_name: 'Lan', last_name: 'Nguyễn' });
    expect(named.body.settings.language).toBe('vi');
    const mode = await mailed.server.api('/api/account/setting/conference/update', {
      body: { conference_mode: 'endtoend' },
      token: a.token,
    });
    expect(mode.body.account_setting).toEqual({ conference_mode: 'endtoend' });
    expect(mode.body.settings.language).toBe('vi');
    const bad = await mailed.server.api('/api/account/profile/update', {
      body: { first_name: 5, last_name: 'x'.repeat(101) },
      token: a.token,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['first_name', 'last_name']);
  });

  it('uploads an avatar image through storage and serves it; refuses other files and >1 MB', async () => {
    const a = await account('avatar');
    const png = fileBytes(PNG, 4096);
    const ok = await uploadAvatar(a.token, 'me.png', png, 'image/png');
    expect(ok.status).toBe(200);
    expect(ok.body.avatar).toMatch(/^\/api\/storage\/file\/[A-Za-z0-9_-]{32}$/);
    const served = await fetch(mailed.server.url + ok.body.avatar);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
    const details = await mailed.server.api('/api/account/details', { token: a.token });
    expect(details.body.avatar).toBe(ok.body.avatar);

    const onDisk = (await uploadsOnDisk(mailed.server)).length;
    const refusals: Array<[string, Uint8Array, number]> = [
      ['doc.pdf', fileBytes(PDF, 2048), 400],
      // Named an image, but the bytes are not one.
      ['fake.png', fileBytes(PDF, 2048), 400],
      ['big.jpg', fileBytes(JPEG, MB + 1), 413],
    ];
    for (const [name, bytes, status] of refusals) {
      const res = await uploadAvatar(a.token, name, bytes);
      expect(res.status, name).toBe(status);
      expect(res.body.error.message).toBe('File too large or invalid type');
    }
    // Exactly 1 MB is allowed.
    expect((await uploadAvatar(a.token, 'edge.jpg', fileBytes(JPEG, MB))).status).toBe(200);
    expect((await uploadsOnDisk(mailed.server)).length).toBe(onDisk + 1);

    expect((await uploadAvatar(null, 'me.png', png)).status).toBe(401);
    const notMultipart = await mailed.server.api(apiPaths.account.avatarUpload, {
      body: { file: 'x' },
      token: a.token,
    });
    expect(notMultipart.status).toBe(400);
  });

  it('lists sessions, signs one out, then all the others', async () => {
    const a = await account('sessions');
    const login = async () =>
      (
        await mailed.server.api('/api/v1/user/session/new', {
          body: { username: a.username, password: a.password },
        })
      ).body.authorization as string;
    const second = await login();
    const third = await login();
    const list = await mailed.server.api(apiPaths.account.sessions, { token: a.token });
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(3);
    expect(list.body.sessions[0].current).toBe(true);
    expect(list.body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

    const secondId = (
      await mailed.server.api(apiPaths.account.sessions, { token: second })
    ).body.sessions.find((s: { current: boolean }) => s.current).id as string;
    const revoked = await mailed.server.api(apiPaths.account.sessionRevoke, {
      body: { id: secondId },
      token: a.token,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.sessions).toHaveLength(2);
    expect((await mailed.server.api('/api/account/details', { token: second })).status).toBe(401);

    // Another account's session cannot be named; nor can nonsense.
    const b = await account('intruder');
    const foreign = await mailed.server.api(apiPaths.account.sessionRevoke, {
      body: { id: list.body.sessions[0].id },
      token: b.token,
    });
    expect(foreign.status).toBe(404);
    expect((await mailed.server.api('/api/account/details', { token: a.token })).status).toBe(200);
    const bad = await mailed.server.api(apiPaths.account.sessionRevoke, {
      body: { id: 7 },
      token: a.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('id');

    const others = await mailed.server.api(apiPaths.account.sessionsRevokeOthers, {
      body: {},
      token: a.token,
    });
    expect(others.status).toBe(200);
    expect(others.body.sessions).toHaveLength(1);
    expect(others.body.sessions[0].current).toBe(true);
    expect((await mailed.server.api('/api/account/details', { token: third })).status).toBe(401);
    expect((await mailed.server.api('/api/account/details', { token: a.token })).status).toBe(200);
  });

  it('set-pwd refuses a short password with a field error', async () => {
    const a = await account('setpwd');
    const short = await mailed.server.api('/api/account/set-pwd', {
      body: { password: 'short' },
      token: a.token,
    });
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toHaveProperty('password');
  });

  it('privacy: no invitation mail to an account that turned them off', async () => {
    const host = await signUpAndLogin(mailed.server, 'host');
    const quiet = await signUpAndLogin(mailed.server, 'quiet');
    const open = await signUpAndLogin(mailed.server, 'open');
    const off = await update({ allow_invitation_emails: false }, quiet.token);
    expect(off.body.settings.allow_invitation_emails).toBe(false);
    const before = mailed.smtp.messages.length;
    const created = await mailed.server.api('/api/account/qrcode/create', {
      body: {
        title: 'Privacy check',
        start_time: hoursFromNow(24),
        speakers: [
          { name: 'Quiet', email: quiet.email.toUpperCase() },
          { name: 'Open', email: open.email },
        ],
      },
      token: host.token,
    });
    expect(created.status).toBe(201);
    await mailed.smtp.waitFor((m) => m.to.includes(open.email));
    await mailed.server.podium.services.events.drain();
    const sent = mailed.smtp.messages.slice(before).flatMap((m) => m.to);
    expect(sent).toContain(open.email);
    expect(sent).not.toContain(quiet.email);
  });
});
