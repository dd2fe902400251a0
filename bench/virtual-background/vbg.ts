// Virtual background benchmark (issue 13 item 3): the cost of blurring or replacing the
// background of a 720p camera in headless Debian Chromium, in the real web app
// (/app/change_media_devices, whose preview runs the same processor as the call).
//
//   npm run bench -- vbg [--seconds 10] [--out file.json]
//
// Needs the built web app (npm run build; WEB_DIST=dir for another build). Each phase runs in the same browser, one after the
// other: the bare camera preview (capture + <video>), then blur, then a built-in image. For
// each: ms per output frame on the main thread (compositing with the latest mask) and per mask
// in the segmentation worker (the processor's User Timing measures), output frames and masks
// per second, and the CPU of all Chromium processes (utime +
// stime from /proc, in % of one core) — with the ratio to the bare camera of the same run.
// No network beyond loopback: the server is the in-process test server on 127.0.0.1.
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startTestServer } from '@podium/server/test-support';
import { loadAverage } from '../lib/machine.ts';
import { withDescendants } from '../lib/processes.ts';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, out: { type: 'string' } },
});
const SECONDS = Number(args.seconds);
/** Kept in step with FRAME_MEASURE in apps/web/src/features/virtualBackground/engine. */
const FRAME_MEASURE = 'podium:virtual-background-frame';
/** Segmentation time in the worker per mask (SEGMENT_MEASURE there). */
const SEGMENT_MEASURE = 'podium:virtual-background-segment';
const CLK_TCK = 100;

const log = (text: string) => process.stderr.write(`[vbg] ${text}\n`);

/**
 * CPU ticks (user + system) used so far by the Chromium processes under this process (the
 * test server runs in this Node process and is left out).
 */
function cpuTicks(root: number): number {
  let ticks = 0;
  // The process and all its descendants (Chromium's renderer, GPU and utility processes).
  for (const pid of withDescendants(root)) {
    try {
      if (!/chrom/i.test(fs.readFileSync(`/proc/${pid}/comm`, 'utf8'))) continue;
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone meanwhile.
    }
  }
  return ticks;
}

interface Phase {
  name: string;
  cpuPercent: number;
  /** Frames the preview <video> showed per second. */
  previewFps: number;
  processedFps: number | null;
  /** CPU time of all Chromium processes per second of wall time, in ms. */
  cpuMsPerSecond: number;
  msPerFrame: { p50: number; p95: number; mean: number } | null;
  /** Masks per second from the worker, and its ms per mask. */
  masksPerSecond: number | null;
  segmentMs: { p50: number; p95: number; mean: number } | null;
  videoSize: string;
  effectOn: boolean;
}

function stats(values: number[]): { p50: number; p95: number; mean: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50: round(at(0.5)), p95: round(at(0.95)), mean: round(mean) };
}

async function measure(page: Page, pid: number, name: string): Promise<Phase> {
  const preview = page.getByLabel('Camera preview');
  const frames = () =>
    preview.evaluate((v) => (v as HTMLVideoElement).getVideoPlaybackQuality().totalVideoFrames);
  await page.evaluate(
    (names) => names.forEach((n) => performance.clearMeasures(n)),
    [FRAME_MEASURE, SEGMENT_MEASURE],
  );
  const f0 = await frames();
  const c0 = cpuTicks(pid);
  const t0 = Date.now();
  const durations: number[] = [];
  const segments: number[] = [];
  // The processor clears its measures every 900 frames: collect every second.
  let seen = 0;
  let seenSegment = 0;
  while (Date.now() - t0 < SECONDS * 1000) {
    await page.waitForTimeout(1000);
    const entries = await page.evaluate(
      (n) => performance.getEntriesByName(n).map((e) => [e.startTime, e.duration] as const),
      FRAME_MEASURE,
    );
    for (const [start, duration] of entries) {
      if (start > seen) {
        durations.push(duration);
        seen = start;
      }
    }
    const segmentEntries = await page.evaluate(
      (n) => performance.getEntriesByName(n).map((e) => [e.startTime, e.duration] as const),
      SEGMENT_MEASURE,
    );
    for (const [start, duration] of segmentEntries) {
      if (start > seenSegment) {
        segments.push(duration);
        seenSegment = start;
      }
    }
  }
  const elapsed = (Date.now() - t0) / 1000;
  const cpuPercent = Math.round(((cpuTicks(pid) - c0) / CLK_TCK / elapsed) * 1000) / 10;
  const previewFps = Math.round((((await frames()) - f0) / elapsed) * 10) / 10;
  const videoSize = await preview.evaluate(
    (v) => `${(v as HTMLVideoElement).videoWidth}x${(v as HTMLVideoElement).videoHeight}`,
  );
  const blur = page.getByRole('button', { name: 'No background effect' });
  const effectOn = (await blur.getAttribute('aria-pressed')) !== 'true';
  return {
    name,
    cpuPercent,
    cpuMsPerSecond: Math.round(((cpuTicks(pid) - c0) * (1000 / CLK_TCK)) / elapsed),
    previewFps,
    processedFps: durations.length ? Math.round((durations.length / elapsed) * 10) / 10 : null,
    msPerFrame: durations.length ? stats(durations) : null,
    masksPerSecond: segments.length ? Math.round((segments.length / elapsed) * 10) / 10 : null,
    segmentMs: segments.length ? stats(segments) : null,
    videoSize,
    effectOn,
  };
}

async function main(): Promise<void> {
  // WEB_DIST: another build than apps/web/dist (e.g. one made with `vite build --outDir`).
  const dist = process.env.WEB_DIST;
  const server = await startTestServer('pglite', dist ? { WEB_DIST: dist } : {});
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  const pid = process.pid;
  const loadBefore = loadAverage();
  const phases: Phase[] = [];
  try {
    const context = await browser.newContext({ baseURL: server.url });
    // Keep processing however slow this (shared, loaded) machine is: the bench measures the
    // cost; the automatic turn-off would stop it (choice.ts FALLBACK_KEY).
    await context.addInitScript(() => {
      localStorage.setItem('podium.virtualBackground.fallback', 'off');
    });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') log(`page: ${message.text()}`);
    });
    page.on('pageerror', (error) => log(`page error: ${error.message}`));
    await page.goto('/app/change_media_devices');
    await page.getByRole('button', { name: 'Turn on camera' }).click();
    await page.getByLabel('Camera preview').waitFor();
    await page.waitForTimeout(3000);
    log('bare camera');
    phases.push(await measure(page, pid, 'bare camera (capture + preview)'));

    for (const [name, button] of [
      ['blur', 'Blur my background'],
      ['image (Office)', 'Office'],
    ] as const) {
      await page.getByRole('button', { name: button, exact: true }).click();
      await page
        .getByText('Loading the background effect…')
        .waitFor({ state: 'detached', timeout: 120_000 });
      // Past the processor's warm-up (model compile, first frames).
      await page.waitForTimeout(5000);
      const notice = page.getByRole('alert');
      if (await notice.count()) log(`notice: ${await notice.first().innerText()}`);
      if (process.env.VBG_SHOT)
        await page.screenshot({ path: `${process.env.VBG_SHOT}-${phases.length}.png` });
      log(name);
      phases.push(await measure(page, pid, name));
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const bare = phases[0]?.cpuPercent ?? 0;
  const result = {
    at: new Date().toISOString(),
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadAverage(),
    seconds: SECONDS,
    phases: phases.map((p) => ({
      ...p,
      cpuRatioToBare: bare ? Math.round((p.cpuPercent / bare) * 100) / 100 : null,
      // What processing adds per processed frame, in CPU ms (the bare camera's CPU taken out):
      // independent of how long the frame waited for a core on a loaded machine.
      extraCpuMsPerFrame:
        p.processedFps && phases[0]
          ? Math.round(((p.cpuPercent - phases[0].cpuPercent) * 10) / p.processedFps)
          : null,
    })),
  };
  const text = JSON.stringify(result, null, 2);
  console.log(text);
  if (args.out) fs.writeFileSync(args.out, text);
}

await main();
