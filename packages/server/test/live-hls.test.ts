import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { writeHls } from './support/hls-output.ts';
import { hoursFromNow, signUpAndLogin, type SignedIn } from './events-support.ts';

describe.each(STORE_KINDS)('the watch page HLS on %s', (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  let hlsDir: string;
  /** An event with a passcode, on air. */
  let locked: { id: string; name: string };
  let runId: string;
  /** An event without a passcode, never on air. */
  let open: { id: string; name: string };

  async function event(extra: Record<string, unknown> = {}) {
    const res = await server.api('/api/account/qrcode/create', {
      body: { title: 'Buổi hòa nhạc', start_time: hoursFromNow(1), mode: 'livestream', ...extra },
      token: owner.token,
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; name: string };
  }

  async function ticket(alias: string, passcode?: string): Promise<string> {
    const res = await server.api('/api/quickom/qrcode/verify-call', {
      body: { alias, ...(passcode ? { passcode } : {}) },
    });
    expect(res.status).toBe(200);
    return res.body.ticket as string;
  }

  async function playbackToken(alias: string, passcode?: string): Promise<string> {
    const res = await server.api('/api/live/playback', {
      body: { ticket: await ticket(alias, passcode) },
    });
    expect(res.status).toBe(200);
    return res.body.token as string;
  }

  /** A plain GET, as a player or a CDN makes it (no X-Requested-With). */
  const get = (p: string) => fetch(server.url + p);
  const playlistPath = (alias: string, token?: string) =>
    `/live/${alias}/hls/index.m3u8${token ? `?token=${encodeURIComponent(token)}` : ''}`;

  beforeAll(async () => {
    hlsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-hls-test-'));
    server = await startTestServer(kind, { HLS_DIR: hlsDir });
    owner = await signUpAndLogin(server, 'live', 'Mai Trần');
    locked = await event({ passcode: 'Stage-2468' });
    open = await event();
    const live = server.podium.services.live;
    const prepared = await live.prepare(locked.id);
    runId = prepared.run;
    await writeHls(prepared.dir);
    live.onAir(locked.id, runId);
  }, 60_000);
  afterAll(async () => {
    await server.close();
    fs.rmSync(hlsDir, { recursive: true, force: true });
  });

  it('the status says what the page shows: title, on air, passcode needed', async () => {
    const on = await server.api(`/api/live/status?alias=${locked.name}`);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      alias: locked.name,
      title: 'Buổi hòa nhạc',
      mode: 'livestream',
      require_passcode: true,
      live: true,
    });
    expect(Date.parse(on.body.started_at)).toBeGreaterThan(0);
    const off = await server.api(`/api/live/status?alias=${open.name}`);
    expect(off.body).toMatchObject({ live: false, viewers: 0, started_at: null });
    const missing = await server.api('/api/live/status?alias=no-such-event-here');
    expect(missing.status).toBe(404);
    expect(missing.body.error.key).toBe('live.not_found');
  });

  it('a playback token needs a join ticket, so the passcode rule of joining applies', async () => {
    const noPasscode = await server.api('/api/quickom/qrcode/verify-call', {
      body: { alias: locked.name },
    });
    expect(noPasscode.status).toBe(400);
    for (const body of [{ ticket: 'forged.ticket' }, { token: 'forged.token' }, {}]) {
      const res = await server.api('/api/live/playback', { body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const res = await server.api('/api/live/playback', {
      body: { ticket: await ticket(locked.name, 'Stage-2468') },
    });
    expect(res.status).toBe(200);
    expect(res.body.playlist).toBe(`/live/${locked.name}/hls/index.m3u8`);
    expect(Date.parse(res.body.expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);
    // A join ticket is not a playback token, nor the reverse.
    expect(
      (await get(playlistPath(locked.name, await ticket(locked.name, 'Stage-2468')))).status,
    ).toBe(401);
    const asTicket = await server.api('/api/live/playback', { body: { ticket: res.body.token } });
    expect(asTicket.status).toBe(401);
  });

  it('the playlist: only with a token of this event; private, never cached by a CDN', async () => {
    const token = await playbackToken(locked.name, 'Stage-2468');
    for (const bad of [undefined, 'garbage', `${token.slice(0, -3)}AAA`]) {
      const res = await get(playlistPath(locked.name, bad));
      expect(res.status, String(bad)).toBe(401);
      expect(((await res.json()) as { error: { key: string } }).error.key).toBe(
        'live.invalid_token',
      );
    }
    // Another event's token opens nothing here, even though that event needs no passcode.
    const otherToken = await playbackToken(open.name);
    expect((await get(playlistPath(locked.name, otherToken))).status).toBe(404);

    const res = await get(playlistPath(locked.name, token));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await res.text();
    expect(text.startsWith('#EXTM3U')).toBe(true);
    const uris = text.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(uris.length).toBeGreaterThanOrEqual(2);
    for (const uri of uris) {
      expect(uri).toMatch(
        new RegExp(`^${runId}/segment-\\d{6}\\.ts\\?token=${encodeURIComponent(token)}$`),
      );
    }
  });

  it('segments: video/mp2t, immutable, the bytes ffmpeg wrote', async () => {
    const token = await playbackToken(locked.name, 'Stage-2468');
    const text = await (await get(playlistPath(locked.name, token))).text();
    const first = text.split('\n').find((l) => l && !l.startsWith('#'))!;
    const res = await get(`/live/${locked.name}/hls/${first}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp2t');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    const onDisk = fs.readFileSync(path.join(hlsDir, locked.id, runId, 'segment-000000.ts'));
    expect(bytes.equals(onDisk)).toBe(true);
    expect(bytes[0]).toBe(0x47); // MPEG-TS sync byte
    expect(res.headers.get('content-length')).toBe(String(onDisk.length));
    // A segment without (or with a bad) token is refused like the playlist.
    expect((await get(`/live/${locked.name}/hls/${runId}/segment-000000.ts`)).status).toBe(401);
  });

  it('no path leaves the run: traversal, other names and other runs are 404', async () => {
    const token = encodeURIComponent(await playbackToken(locked.name, 'Stage-2468'));
    // Files an attacker would love to read, beside and above the run.
    fs.writeFileSync(path.join(hlsDir, locked.id, 'secret.ts'), 'secret');
    fs.writeFileSync(path.join(hlsDir, 'other.m3u8'), '#EXTM3U\n');
    const base = `/live/${locked.name}/hls`;
    for (const p of [
      `${base}/${runId}/..%2Fsecret.ts`,
      `${base}/${runId}/%2e%2e%2Fsecret.ts`,
      `${base}/${runId}/..%2F..%2Fother.m3u8`,
      `${base}/${runId}/..%5Csecret.ts`,
      `${base}/${runId}/segment-000000.ts%00.m3u8`,
      `${base}/${runId}/.hidden.ts`,
      `${base}/${runId}/index.m3u8.bak`,
      `${base}/${runId}/segment-999999.ts`,
      `${base}/..%2F${locked.id}/secret.ts`,
      `${base}/AAAAAAAAAAAAAAAAAAAAAAAA/segment-000000.ts`,
      `${base}/%2Fetc/passwd.ts`,
    ]) {
      const res = await get(`${p}?token=${token}`);
      expect([400, 404], p).toContain(res.status);
      expect(await res.text()).not.toContain('secret');
    }
  });

  it('counts viewers by their playlist fetches; a renewed token is the same viewer', async () => {
    const live = server.podium.services.live;
    const a = await playbackToken(locked.name, 'Stage-2468');
    const b = await playbackToken(locked.name, 'Stage-2468');
    const before = live.viewers(locked.id);
    await get(playlistPath(locked.name, a));
    await get(playlistPath(locked.name, a));
    await get(playlistPath(locked.name, b));
    expect(live.viewers(locked.id)).toBe(before + 2);
    const renewed = await server.api('/api/live/playback', { body: { token: a } });
    expect(renewed.status).toBe(200);
    expect((await get(playlistPath(locked.name, renewed.body.token))).status).toBe(200);
    expect(live.viewers(locked.id)).toBe(before + 2);
    // Tokens only bought, never played, are nobody.
    await playbackToken(locked.name, 'Stage-2468');
    expect(live.viewers(locked.id)).toBe(before + 2);
    // The status shows the count (after its short cache).
    await new Promise((r) => setTimeout(r, 2100));
    const status = await server.api(`/api/live/status?alias=${locked.name}`);
    expect(status.body.viewers).toBe(live.viewers(locked.id));
  });

  it('off air: the playlist and segments answer offline, the files go after the linger', async () => {
    const live = server.podium.services.live;
    const other = await event({ passcode: 'Other-1357' });
    const prepared = await live.prepare(other.id);
    fs.writeFileSync(path.join(prepared.dir, 'index.m3u8'), '#EXTM3U\n#EXT-X-TARGETDURATION:1\n');
    const token = await playbackToken(other.name, 'Other-1357');
    // Starting: the page waits; nothing to play yet.
    expect((await get(playlistPath(other.name, token))).status).toBe(404);
    live.onAir(other.id, prepared.run);
    expect((await get(playlistPath(other.name, token))).status).toBe(200);
    live.offAir(other.id, prepared.run);
    const res = await get(playlistPath(other.name, token));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { key: string } }).error.key).toBe('live.offline');
    expect(live.viewers(other.id)).toBe(0);
  });
});
