import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/server.ts';

const hostile = {
  to: 'dev-outbox@example.test',
  subject: 'Your code <b>bold</b>',
  text: 'Your code is 123456 <script>alert(1)</script>',
  html: '<p onclick="x()">Your code is <b>123456</b></p>',
};

describe('dev outbox page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    await server.podium.services.mailer.sendEmail(hostile);
    await server.podium.services.mailer.sendSms('+84901234567', 'Podium code 654321');
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists entries newest first as JSON, without X-Requested-With', async () => {
    const res = await fetch(server.url + '/dev/outbox.json');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { entries: Array<Record<string, unknown>> };
    expect(body.entries.map((e) => [e.channel, e.to])).toEqual([
      ['sms', '+84901234567'],
      ['email', 'dev-outbox@example.test'],
    ]);
    expect(body.entries[1]).toMatchObject({ subject: hostile.subject, text: hostile.text });
  });

  it('renders an HTML page with every field escaped and no script allowed', async () => {
    const res = await fetch(server.url + '/dev/outbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).not.toContain('onclick="x()"');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('Your code is 123456');
    expect(html.indexOf('+84901234567')).toBeLessThan(html.indexOf('dev-outbox@example.test'));
  });

  it('speaks Vietnamese when the browser asks for it', async () => {
    const res = await fetch(server.url + '/dev/outbox', {
      headers: { 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.5' },
    });
    const html = await res.text();
    expect(html).toContain('<html lang="vi">');
    expect(html).toContain('Hộp thư đi');
  });
});

describe('dev outbox with a data directory', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps showing messages sent before a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-outbox-'));
    dirs.push(dataDir);
    const first = await startTestServer('pglite', { DATA_DIR: dataDir });
    await first.podium.services.mailer.sendEmail({
      to: 'before@example.test',
      subject: 'Before restart',
      text: 'code 111111',
    });
    await first.close();

    const second = await startTestServer('pglite', { DATA_DIR: dataDir });
    try {
      await second.podium.services.mailer.sendEmail({
        to: 'after@example.test',
        subject: 'After restart',
        text: 'code 222222',
      });
      const res = await fetch(second.url + '/dev/outbox.json');
      const body = (await res.json()) as { entries: Array<{ to: string }> };
      expect(body.entries.map((e) => e.to)).toEqual(['after@example.test', 'before@example.test']);
    } finally {
      await second.close();
    }
  });
});

describe('dev outbox in production', () => {
  it('does not exist, so codes are never exposed', async () => {
    const server = await startTestServer('pglite', { NODE_ENV: 'production' });
    try {
      await server.podium.services.mailer.sendEmail({
        to: 'secret@example.test',
        subject: 'Code',
        text: 'code 333333',
      });
      for (const url of ['/dev/outbox', '/dev/outbox.json']) {
        const res = await fetch(server.url + url);
        const text = await res.text();
        expect(text).not.toContain('secret@example.test');
        expect(text).not.toContain('333333');
      }
    } finally {
      await server.close();
    }
  });

  it('is also off with DEV_TOOLS=0', async () => {
    const server = await startTestServer('pglite', { DEV_TOOLS: '0' });
    try {
      await server.podium.services.mailer.sendEmail({
        to: 'hidden@example.test',
        subject: 'Code',
        text: 'code 444444',
      });
      const res = await fetch(server.url + '/dev/outbox.json');
      expect(await res.text()).not.toContain('hidden@example.test');
    } finally {
      await server.close();
    }
  });
});
