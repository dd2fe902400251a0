import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { callsEnv } from '../support/netns-env.ts';
import { startHostedCall, test, expect } from './support/call.ts';

/**
 * A 40-second test pattern made for this run (VP8 WebM: Debian's Chromium plays it whatever its
 * proprietary codecs), served with Range support on the address the call's browsers reach the
 * server at: the only network traffic is to it.
 */
let server: http.Server;
let videoUrl = '';
let dir = '';

test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-video-'));
  const file = path.join(dir, 'pattern.webm');
  execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x180:rate=15',
      '-t',
      '40',
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-b:v',
      '150k',
      file,
    ],
    { timeout: 120_000 },
  );
  const bytes = fs.readFileSync(file);
  server = http.createServer((req, res) => {
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = range && range[2] ? Number(range[2]) : bytes.length - 1;
    res.writeHead(range ? 206 : 200, {
      'Content-Type': 'video/webm',
      'Accept-Ranges': 'bytes',
      'Content-Length': end - start + 1,
      ...(range ? { 'Content-Range': `bytes ${start}-${end}/${bytes.length}` } : {}),
    });
    res.end(bytes.subarray(start, end + 1));
  });
  const host = new URL(callsEnv('baseUrl')).hostname;
  return new Promise<void>((resolve) =>
    server.listen(0, host, () => {
      videoUrl = `http://${host}:${(server.address() as AddressInfo).port}/pattern.webm`;
      resolve();
    }),
  );
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The shared video's current time and whether it plays, with the wall clock of the reading. */
function reading(page: Page) {
  return page.getByLabel('Shared video player').evaluate((el) => {
    const video = el as HTMLVideoElement;
    return { time: video.currentTime, paused: video.paused, at: Date.now() };
  });
}

/** How far apart the two players are, their readings brought to the same instant. */
async function gap(a: Page, b: Page): Promise<number> {
  const [x, y] = await Promise.all([reading(a), reading(b)]);
  const moving = !x.paused ? (y.at - x.at) / 1000 : 0;
  return Math.abs(x.time + moving - y.time);
}

/**
 * Issue 14 item 2: the host plays a video link; a guest's player is within 0.5 s of the host's
 * after play, pause and seek. A link that is neither a video file nor YouTube/Vimeo is refused.
 */
test('a video link plays in sync for a guest through play, pause and seek', async ({
  call,
  request,
}) => {
  const { event, hostPerson } = await startHostedCall(call, request);
  const guest = await call.openAsGuest('Gia Guest', event);
  await call.join(guest);
  const host = hostPerson.page;

  await hostPerson.room.controls.getByRole('button', { name: 'Video link' }).click();
  const dialog = host.getByRole('dialog', { name: 'Play a video link' });
  const link = dialog.getByRole('textbox', { name: 'Video link' });
  await link.fill('https://example.com/page.html');
  await dialog.getByRole('button', { name: 'Play for everyone' }).click();
  await expect(dialog.getByText('Invalid link')).toBeVisible();
  await link.fill(videoUrl);
  await dialog.getByRole('button', { name: 'Play for everyone' }).click();
  await expect(dialog).toHaveCount(0);

  // Both stages feature it, paused at the start.
  await expect(guest.room.stage.getByRole('group', { name: 'Shared video' })).toBeVisible();
  await expect(guest.page.getByLabel('Shared video player')).toBeVisible();
  await expect.poll(async () => (await reading(guest.page)).time).toBeLessThan(0.5);

  const tile = hostPerson.room.stage.getByRole('group', { name: 'Shared video' });
  await tile.getByRole('button', { name: 'Play' }).click();
  await expect
    .poll(async () => (await reading(guest.page)).time, { timeout: 15_000 })
    .toBeGreaterThan(2);
  await expect.poll(() => gap(host, guest.page), { timeout: 10_000 }).toBeLessThanOrEqual(0.5);

  await tile.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(async () => (await reading(guest.page)).paused).toBe(true);
  await expect.poll(() => gap(host, guest.page), { timeout: 10_000 }).toBeLessThanOrEqual(0.5);
  const paused = (await reading(guest.page)).time;

  // Seek forward while paused: both land 10 s further on.
  await tile.getByRole('button', { name: 'Forward 10 seconds' }).click();
  await expect
    .poll(async () => (await reading(guest.page)).time, { timeout: 10_000 })
    .toBeGreaterThan(paused + 9.5);
  await expect.poll(() => gap(host, guest.page), { timeout: 10_000 }).toBeLessThanOrEqual(0.5);

  // Playing on from there: still together.
  await tile.getByRole('button', { name: 'Play' }).click();
  await expect.poll(async () => (await reading(guest.page)).paused).toBe(false);
  await expect.poll(() => gap(host, guest.page), { timeout: 10_000 }).toBeLessThanOrEqual(0.5);

  // Stopping takes it off every stage.
  await tile.getByRole('button', { name: 'Stop the video' }).click();
  await expect(guest.room.stage.getByRole('group', { name: 'Shared video' })).toHaveCount(0);
});
