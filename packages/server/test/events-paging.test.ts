import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { signUpAndLogin, type SignedIn } from './events-support.ts';

interface Entry {
  id: string;
  name: string;
  title: string;
  start_time: string;
}

describe.each(STORE_KINDS)('event list paging on %s', (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  let other: SignedIn;
  const created: Entry[] = [];

  const list = (body: Record<string, unknown>, token = owner.token) =>
    server.api('/api/account/qrcode/list/conference', { body, token });

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUpAndLogin(server, 'pager');
    other = await signUpAndLogin(server, 'bystander');
    // 120 events; every third shares its start time with the one before, so the id tie-break
    // is exercised at page boundaries too.
    for (let i = 0; i < 120; i++) {
      const slot = i - (i % 3 === 2 ? 1 : 0);
      const start = new Date(Date.UTC(2031, 0, 1) + slot * 3600_000).toISOString();
      const res = await server.api('/api/account/qrcode/create', {
        body: { title: `${i % 10 === 0 ? 'Alpha' : 'Event'} ${i}`, start_time: start },
        token: owner.token,
      });
      expect(res.status).toBe(201);
      created.push(res.body as Entry);
    }
    const noise = await server.api('/api/account/qrcode/create', {
      body: { title: 'Alpha of someone else', start_time: '2031-01-01T00:00:00Z' },
      token: other.token,
    });
    expect(noise.status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await server.close();
  });

  it('walks 120 events in pages of 50, seeing each exactly once, newest start first', async () => {
    const seen: Entry[] = [];
    const pages: number[] = [];
    let after: string | null = null;
    do {
      const res = await list({ type: 'conference', limit: 50, ...(after ? { after } : {}) });
      expect(res.status).toBe(200);
      expect(res.body.metadata.total_count).toBe(120);
      pages.push(res.body.entries.length);
      seen.push(...res.body.entries);
      after = res.body.metadata.after;
    } while (after);
    expect(pages).toEqual([50, 50, 20]);
    expect(new Set(seen.map((e) => e.id)).size).toBe(120);
    expect(new Set(seen.map((e) => e.id))).toEqual(new Set(created.map((e) => e.id)));
    const expected = [...created].sort(
      (a, b) => b.start_time.localeCompare(a.start_time) || b.id.localeCompare(a.id),
    );
    expect(seen.map((e) => e.id)).toEqual(expected.map((e) => e.id));
  });

  it('before leads back to the previous page; the first page has no before', async () => {
    const first = await list({ limit: 50 });
    expect(first.body.metadata.before).toBeNull();
    const second = await list({ limit: 50, after: first.body.metadata.after });
    expect(second.body.metadata.before).toBeTruthy();
    const back = await list({ limit: 50, before: second.body.metadata.before });
    expect(back.body.entries.map((e: Entry) => e.id)).toEqual(
      first.body.entries.map((e: Entry) => e.id),
    );
    expect(back.body.metadata.before).toBeNull();
    expect(back.body.metadata.after).toBe(first.body.metadata.after);
  });

  it('defaults to 20 per page and searches titles and names case-insensitively', async () => {
    const page = await list({});
    expect(page.body.entries).toHaveLength(20);
    const alpha = await list({ search: 'aLpHa' });
    expect(alpha.body.metadata.total_count).toBe(12);
    expect(alpha.body.entries.every((e: Entry) => e.title.startsWith('Alpha'))).toBe(true);
    const byName = await list({ search: created[7]!.name });
    expect(byName.body.entries.map((e: Entry) => e.id)).toEqual([created[7]!.id]);
    const literal = await list({ search: '%' });
    expect(literal.body.metadata.total_count).toBe(0);
  });

  it('lists conferences unless another type is asked for', async () => {
    const qr = await server.api('/api/account/qrcode/create', {
      body: { type: 'qrcode', title: 'Alpha desk', start_time: '2030-01-01T00:00:00Z' },
      token: other.token,
    });
    expect(qr.status).toBe(201);
    expect((await list({ search: 'Alpha desk' }, other.token)).body.metadata.total_count).toBe(0);
    const qrs = await list({ type: 'qrcode' }, other.token);
    expect(qrs.body.entries.map((e: Entry) => e.id)).toEqual([qr.body.id]);
  });

  it('lists only the caller’s events', async () => {
    const theirs = await list({ search: 'Alpha' }, other.token);
    expect(theirs.body.metadata.total_count).toBe(1);
    expect(theirs.body.entries[0].title).toBe('Alpha of someone else');
  });

  it('refuses bad cursors and limits with 400', async () => {
    for (const body of [
      { after: 'not-a-cursor' },
      { after: Buffer.from('["2031-01-01T00:00:00.000Z","x"]').toString('base64url') },
      { limit: 0 },
      { limit: 101 },
      { limit: 'ten' },
      { type: 'webinar' },
    ]) {
      const res = await list(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});
