import os from 'node:os';
import type { Page } from '@playwright/test';
import { createEvent, expect, signUpHost, test } from '../../e2e/calls/support/call.ts';
import { clockCamera, clockReader } from './clock-code.ts';

/** Seconds of each measured phase (`GLASS_SECONDS`, at least 60 for the README's table). */
const SECONDS = Number(process.env.GLASS_SECONDS ?? 60);

interface Stats {
  n: number;
  median: number;
  p95: number;
  min: number;
  max: number;
  failed: number;
}

function stats(latencies: number[], failed: number): Stats {
  const s = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { n: s.length, median: at(0.5), p95: at(0.95), min: s[0] ?? NaN, max: at(1), failed };
}

/** The samples a reading page took since `since` (epoch ms). */
async function samplesSince(page: Page, since: number): Promise<{ l: number[]; failed: number }> {
  return page.evaluate((t) => {
    const g = window.__glass ?? { samples: [], failed: 0 };
    return { l: g.samples.filter((s) => s.at >= t).map((s) => s.latency), failed: g.failed };
  }, since);
}

const fmt = (s: Stats) =>
  `median ${s.median} ms, p95 ${s.p95}, min ${s.min}, max ${s.max} (n=${s.n}, unread frames ${s.failed})`;

/**
 * Glass-to-glass latency (issue 12, bench/README.md): the host publishes, through the normal
 * room client, a camera that is a canvas drawing Date.now() as a bar code every frame; a guest
 * in the call (the WebRTC path: Janus, one subscriber) and a viewer of /live/{alias} (the HLS
 * path: Janus → the egress's recorder page → tab capture → ffmpeg → HLS → hls.js) decode the
 * bar code from the <video> they show, each frame, and subtract it from their own Date.now().
 * Phase 1: the watch page as it plays by itself. Phase 2: the viewer's player is moved to
 * 0.3 s behind the end of what it has buffered (what a tighter hls.js live sync would give).
 */
test('glass-to-glass latency: WebRTC subscriber and HLS viewer', async ({ call, request }) => {
  const host = await signUpHost(request, 'Hà Host');
  const event = await createEvent(request, host, { mode: 'livestream' });

  const publisher = await call.open(host.name);
  await publisher.context.addInitScript(clockCamera);
  await call.signIn(publisher, host);
  await call.gotoPreJoin(publisher, event);
  await call.join(publisher);
  await call.cameraAndMicOn(publisher);

  const guest = await call.open('Giang Guest');
  await guest.context.addInitScript(clockReader);
  const prejoin = await call.gotoPreJoin(guest, event);
  await prejoin.displayName.fill('Giang Guest');
  await call.join(guest);
  const tileVideo = guest.room.tile(host.name).locator('video');
  await expect(tileVideo).toBeVisible({ timeout: 60_000 });
  await tileVideo.evaluate((v) => window.__glassRead?.(v as HTMLVideoElement));

  await publisher.page.getByRole('button', { name: 'Start audience stream' }).click();
  await expect(
    publisher.page.getByRole('status', { name: /^Audience: \d+ watching$/ }),
  ).toBeVisible({ timeout: 180_000 });

  const viewer = await call.open('Viewer');
  await viewer.context.addInitScript(clockReader);
  await viewer.page.goto(`/live/${event.name}`);
  const label = `Live video of ${event.title}`;
  const live = viewer.page.getByLabel(label);
  await expect(live).toBeVisible({ timeout: 120_000 });
  await live.evaluate((v) => window.__glassRead?.(v as HTMLVideoElement));
  // Both readers decode before anything counts.
  await expect
    .poll(async () => (await samplesSince(viewer.page, 0)).l.length, { timeout: 180_000 })
    .toBeGreaterThan(10);
  await expect
    .poll(async () => (await samplesSince(guest.page, 0)).l.length, { timeout: 60_000 })
    .toBeGreaterThan(10);
  // Let the player settle at its live distance.
  await viewer.page.waitForTimeout(10_000);

  const load: number[][] = [];
  const phase = async (name: string) => {
    const since = Date.now();
    load.push(os.loadavg());
    await viewer.page.waitForTimeout(SECONDS * 1000);
    load.push(os.loadavg());
    const hls = await samplesSince(viewer.page, since);
    const rtc = await samplesSince(guest.page, since);
    const h = stats(hls.l, hls.failed);
    const r = stats(rtc.l, rtc.failed);
    const line =
      `${name}: HLS glass-to-glass ${fmt(h)}; WebRTC subscriber ${fmt(r)}; ` +
      `ratio of medians ${(h.median / r.median).toFixed(1)}; load ${load
        .slice(-2)
        .map((l) => l.map((x) => x.toFixed(1)).join('/'))
        .join(' → ')}`;
    process.stdout.write(`${line}\n`);
    test.info().annotations.push({ type: 'glass-to-glass', description: line });
    expect(h.n).toBeGreaterThan(SECONDS);
    expect(r.n).toBeGreaterThan(SECONDS);
  };

  await phase(`phase 1 (${SECONDS} s, player as shipped)`);

  // Phase 2: keep the player 0.3 s behind its buffered end, checked every second.
  await live.evaluate((v) => {
    const video = v as HTMLVideoElement;
    setInterval(() => {
      const b = video.buffered;
      if (b.length === 0) return;
      const end = b.end(b.length - 1);
      if (end - video.currentTime > 0.8) video.currentTime = end - 0.3;
    }, 1000);
  });
  await viewer.page.waitForTimeout(5_000);
  await phase(`phase 2 (${SECONDS} s, 0.3 s behind the buffered end)`);
});
