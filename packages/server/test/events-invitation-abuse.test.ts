import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@podium/protocol';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { startSmtpCapture, type SmtpCapture } from './support/smtp-capture.ts';
import { hoursFromNow, signUpAndLogin } from './events-support.ts';
import { upload } from './storage-support.ts';

const PER_DAY = 3;

describe.each(STORE_KINDS)('invitation mail abuse on %s', (kind) => {
  let smtp: SmtpCapture;
  let server: TestServer;
  let seq = 0;
  const address = (tag: string) => `${tag}-${++seq}-${kind}@example.test`;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, {
      SMTP_URL: smtp.url,
      INVITATIONS_PER_DAY: String(PER_DAY),
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const mailsTo = (to: string) => smtp.messages.filter((m) => m.to.includes(to));

  it('an unconfirmed account cannot invite speakers or participants, nor upload; nobody is mailed', async () => {
    const spammer = await signUpAndLogin(server, 'spammer', 'Spam', { confirmed: false });
    const victim = address('victim');
    const created = await server.api(apiPaths.events.create, {
      body: { title: 'Win', start_time: hoursFromNow(1), speakers: [{ name: 'V', email: victim }] },
      token: spammer.token,
    });
    expect(created.status).toBe(403);
    expect(created.body.error).toMatchObject({
      code: 'unconfirmed_account',
      key: 'errors.confirm_to_invite',
      message: 'Confirm your email address before inviting people',
    });
    // Without anyone to mail the event is fine; adding people to it is not.
    const plain = await server.api(apiPaths.events.create, {
      body: { title: 'Plain', start_time: hoursFromNow(1) },
      token: spammer.token,
    });
    expect(plain.status).toBe(201);
    const added = await server.api(apiPaths.events.participantAdd, {
      body: { alias: plain.body.name, name: 'V', email: victim },
      token: spammer.token,
    });
    expect(added.status).toBe(403);
    const updated = await server.api(apiPaths.events.update, {
      body: { id: plain.body.id, speakers: [{ name: 'V', email: victim }] },
      token: spammer.token,
    });
    expect(updated.status).toBe(403);
    // Refused whole: the speaker list did not change either.
    const list = await server.api(
      `${apiPaths.events.participantList}?alias=${encodeURIComponent(plain.body.name)}`,
      { token: spammer.token },
    );
    expect(list.body.entries).toEqual([]);

    const uploaded = await upload(server, {
      name: 'flyer.pdf',
      bytes: new TextEncoder().encode('%PDF-1.4 spam'),
      type: 'application/pdf',
      token: spammer.token,
    });
    expect(uploaded.status).toBe(403);
    expect(uploaded.body.error).toMatchObject({
      code: 'unconfirmed_account',
      key: 'errors.confirm_to_upload',
    });

    await server.podium.services.events.drain();
    expect(mailsTo(victim)).toHaveLength(0);
  });

  it('a confirmed account has a daily quota of invitation mails', async () => {
    const host = await signUpAndLogin(server, 'quota', 'Lan Host');
    const [a, b, c, d] = [address('a'), address('b'), address('c'), address('d')];
    const created = await server.api(apiPaths.events.create, {
      body: {
        title: 'Planning',
        start_time: hoursFromNow(1),
        speakers: [
          { name: 'A', email: a },
          { name: 'B', email: b },
        ],
      },
      token: host.token,
    });
    expect(created.status).toBe(201);
    const third = await server.api(apiPaths.events.participantAdd, {
      body: { alias: created.body.name, name: 'C', email: c },
      token: host.token,
    });
    expect(third.status).toBe(201);
    const fourth = await server.api(apiPaths.events.participantAdd, {
      body: { alias: created.body.name, name: 'D', email: d },
      token: host.token,
    });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatchObject({
      code: 'too_many_requests',
      key: 'errors.invitation_quota',
    });
    await server.podium.services.events.drain();
    for (const to of [a, b, c]) expect(mailsTo(to)).toHaveLength(1);
    expect(mailsTo(d)).toHaveLength(0);
  });

  it('user-written text in an invitation never becomes a clickable link', async () => {
    const host = await signUpAndLogin(server, 'linker', 'Prize desk www.evil.example');
    const to = address('reader');
    const created = await server.api(apiPaths.events.create, {
      body: {
        title: 'Claim your prize at https://evil.example/win or evil.example',
        start_time: hoursFromNow(1),
        speakers: [{ name: 'R', email: to }],
      },
      token: host.token,
    });
    expect(created.status).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.includes(to));
    expect(mail.text + mail.subject).not.toMatch(/evil\.example/);
    expect(mail.text).toContain('hxxps[:]//evil[.]example/win');
    // The one link is the server's own join link.
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(server.url)).toBe(true);
  });
});
