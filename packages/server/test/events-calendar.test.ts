import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { parseSingleEvent, signUpAndLogin, type SignedIn } from './events-support.ts';

describe.each(STORE_KINDS)('calendar files on %s', (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  let event: { id: string; name: string; invite_link: string };

  async function ics(query: string, token?: string) {
    const res = await fetch(`${server.url}/api/quickom/qrcode/calendar?${query}`, {
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    return { res, text: await res.text() };
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUpAndLogin(server, 'calendar');
    const res = await server.api('/api/account/qrcode/create', {
      body: {
        title: 'Launch, day 1; keynote',
        description: 'Bring questions.\nSecond line.',
        // 18:30 in Ho Chi Minh City (UTC+7) for 2 hours.
        start_time: '2031-07-14T18:30:00+07:00',
        duration: 120,
      },
      token: owner.token,
    });
    expect(res.status).toBe(201);
    event = res.body;
  });
  afterAll(async () => {
    await server.close();
  });

  it('with tz: DTSTART carries the zone, and ical.js reads the right start, end and zone', async () => {
    const { res, text } = await ics(`alias=${event.name}&tz=Asia/Ho_Chi_Minh`, owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${event.name}.ics"`);
    expect(text).toContain('DTSTART;TZID=Asia/Ho_Chi_Minh:20310714T183000');
    expect(text).toContain('BEGIN:VTIMEZONE');
    const e = parseSingleEvent(text);
    expect(e.zone).toBe('Asia/Ho_Chi_Minh');
    expect(e.localStart).toBe('2031-07-14T18:30:00');
    expect(e.start.toISOString()).toBe('2031-07-14T11:30:00.000Z');
    expect(e.end.toISOString()).toBe('2031-07-14T13:30:00.000Z');
    expect(e.summary).toBe('Launch, day 1; keynote');
    expect(e.url).toBe(event.invite_link);
    // The owner asked, so the description is included (with the link).
    expect(e.description).toContain('Bring questions.\nSecond line.');
    expect(e.description).toContain(event.invite_link);
  });

  it('with a daylight-saving zone the instants stay right', async () => {
    const { text } = await ics(`alias=${event.name}&tz=America/New_York`);
    const e = parseSingleEvent(text);
    expect(e.zone).toBe('America/New_York');
    expect(e.localStart).toBe('2031-07-14T07:30:00');
    expect(e.start.toISOString()).toBe('2031-07-14T11:30:00.000Z');
    expect(e.end.toISOString()).toBe('2031-07-14T13:30:00.000Z');
  });

  it('without tz the times are UTC; strangers do not get the description', async () => {
    const { res, text } = await ics(`alias=${event.name.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(text).toContain('DTSTART:20310714T113000Z');
    expect(text).not.toContain('VTIMEZONE');
    const e = parseSingleEvent(text);
    expect(e.zone).toBe('UTC');
    expect(e.start.toISOString()).toBe('2031-07-14T11:30:00.000Z');
    expect(e.end.toISOString()).toBe('2031-07-14T13:30:00.000Z');
    expect(e.description).not.toContain('Bring questions');
  });

  it('a join ticket unlocks the description, like detail', async () => {
    const joined = await server.api('/api/quickom/qrcode/verify-call', {
      body: { alias: event.name },
    });
    const { text } = await ics(
      `alias=${event.name}&authorize_data=${encodeURIComponent(joined.body.ticket)}`,
    );
    expect(parseSingleEvent(text).description).toContain('Bring questions.');
  });

  it('refuses unknown zones (400) and unknown aliases (404)', async () => {
    const badZone = await server.api(
      `/api/quickom/qrcode/calendar?alias=${event.name}&tz=Mars/Base`,
    );
    expect(badZone.status).toBe(400);
    expect(badZone.body.error.fields.tz).toBe('Unknown time zone');
    const injection = await server.api(
      `/api/quickom/qrcode/calendar?alias=${event.name}&tz=${encodeURIComponent('UTC\r\nX-EVIL:1')}`,
    );
    expect(injection.status).toBe(400);
    const unknown = await server.api('/api/quickom/qrcode/calendar?alias=NoSuchAlias1');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('invalid_link');
  });
});
