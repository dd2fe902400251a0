// Egress benchmark (issue 12): CPU and memory of one egress (the egress process, its headless
// Chromium rendering the stage, the hub and output ffmpegs) recording a call at 720p30 (a
// meeting) and 1080p30 (theater mode), the recording start latency (click on Record → REC shown
// on the host's page, and → the first fragment in the file), and, in the same run, a bare ffmpeg
// encoding a 720p30 test pattern (H.264 + AAC) to a file as the reference.
//
//   npm run bench -- egress [--seconds 60] [--modes meeting,theater] [--out file.json]
//
// Runs as root: Janus and Chromium run in a network namespace the benchmark makes, the Podium
// server on the host side of its veth pair (bench/lib/media-stack.ts). CPU is utime + stime of
// every process of the egress's tree from /proc/<pid>/stat; memory is the sum of their RSS and
// PSS (PSS shares Chromium's shared pages out between its processes, RSS counts them each time).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, netnsChromiumArgs } from '@podium/server/test-support';
import { loadAverage, machine } from '../lib/machine.ts';
import { prepareEvent, startMediaStack, type MediaStack } from '../lib/media-stack.ts';
import { repoRoot } from '../signaling/server-process.ts';
import { processTree, sampleTree, type TreeSample } from './proc.ts';

const log = (text: string): void => {
  process.stderr.write(`[egress ${new Date().toISOString().slice(11, 19)}] ${text}\n`);
};

const REC = 'This event is being recorded';

interface EgressRun {
  mode: 'meeting' | 'theater';
  resolution: string;
  clickToRecMs: number;
  clickToFirstFragmentMs: number | null;
  seconds: number;
  cores: number;
  rssMb: number;
  pssMb: number;
  processes: Record<string, number>;
  load: number[];
}

/** The egress process of this server: its child running media/egress/main.ts. */
function egressPid(serverPid: number): number | undefined {
  return processTree(serverPid).find((p) => /media\/egress\/main\.ts/.test(p.cmdline))?.pid;
}

async function hostJoins(browser: Browser, stack: MediaStack, mode: 'meeting' | 'theater') {
  const event = await prepareEvent(stack.url, mode);
  const context = await browser.newContext({
    baseURL: stack.url,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
  });
  await context.addCookies(
    [
      ['access_token', event.token],
      ['renewal_token', event.renewal],
    ].map(([name, value]) => ({ name: name!, value: value!, url: stack.url })),
  );
  const page = await context.newPage();
  await page.goto(`/j/${event.alias}`);
  await page.getByRole('button', { name: 'Join in browser' }).click({ timeout: 60_000 });
  const controls = page.getByRole('region', { name: 'Call controls' });
  await controls.waitFor({ timeout: 60_000 });
  for (const name of ['Camera', 'Microphone']) {
    const toggle = controls.getByRole('button', { name, exact: true });
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  }
  return { page, close: () => context.close() };
}

/** Wall-clock ms at which the REC indicator shows, taken by the page on the frame it shows. */
async function recShownAt(page: Page): Promise<number> {
  const shown = await page.waitForFunction(
    (label) => (document.querySelector(`[role="status"][aria-label="${label}"]`) ? Date.now() : 0),
    REC,
    { polling: 'raf', timeout: 180_000 },
  );
  return (await shown.jsonValue()) as number;
}

/** The first segment of the recording, named on its ffmpeg's command line. */
function segmentFile(egress: number): string | undefined {
  for (const p of processTree(egress)) {
    const file = p.args.find((a) => /\.parts\/0000\.mp4$/.test(a));
    if (file) return file;
  }
  return undefined;
}

async function firstFragmentAt(egress: number, timeoutMs: number): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  let file: string | undefined;
  while (Date.now() < deadline) {
    file ??= segmentFile(egress);
    // ftyp + empty moov are < 1 KB; a fragment (moof + mdat of a second of video) is far more.
    if (file && (fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0) > 4096) return Date.now();
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

async function measureEgress(
  browser: Browser,
  stack: MediaStack,
  mode: 'meeting' | 'theater',
  seconds: number,
): Promise<EgressRun> {
  const host = await hostJoins(browser, stack, mode);
  try {
    await host.page.waitForTimeout(3000);
    const record = host.page.getByRole('button', { name: 'Record', exact: true });
    const shown = recShownAt(host.page);
    const click = Date.now();
    await record.click();
    // The egress process starts with the first session; the segment's ffmpeg with the output.
    let egress: number | undefined;
    while (!(egress = egressPid(stack.serverPid))) await new Promise((r) => setTimeout(r, 50));
    const fragment = firstFragmentAt(egress, 180_000);
    const recAt = await shown;
    const fragmentAt = await fragment;
    log(
      `${mode}: click → REC ${recAt - click} ms, → first fragment ${fragmentAt ? fragmentAt - click : 'none'} ms`,
    );
    // Settled: measure the whole egress tree over `seconds`.
    await host.page.waitForTimeout(5000);
    const sample = await sampleTree(egress, seconds * 1000);
    log(
      `${mode}: ${sample.cores.toFixed(2)} cores, RSS ${sample.rssMb.toFixed(0)} MB, PSS ${sample.pssMb.toFixed(0)} MB`,
    );
    await record.click();
    await host.page
      .locator(`[role="status"][aria-label="${REC}"]`)
      .waitFor({ state: 'detached', timeout: 60_000 });
    return {
      mode,
      resolution: mode === 'theater' ? '1920x1080' : '1280x720',
      clickToRecMs: recAt - click,
      clickToFirstFragmentMs: fragmentAt ? fragmentAt - click : null,
      ...pick(sample),
      seconds,
      load: loadAverage(),
    };
  } finally {
    await host.close().catch(() => undefined);
  }
}

function pick(s: TreeSample) {
  return { cores: s.cores, rssMb: s.rssMb, pssMb: s.pssMb, processes: s.processes };
}

/** The reference: a bare ffmpeg encoding a 720p30 pattern and a tone to an MP4, in real time. */
async function bareFfmpeg(seconds: number): Promise<TreeSample> {
  const out = path.join(os.tmpdir(), `podium-bench-egress-${process.pid}.mp4`);
  const ffmpeg = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '2500k', '-g', '30'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k'],
      ...['-t', String(seconds + 10), '-y', out],
    ],
    { stdio: 'ignore' },
  );
  try {
    await new Promise((r) => setTimeout(r, 3000));
    return await sampleTree(ffmpeg.pid!, seconds * 1000);
  } finally {
    ffmpeg.kill('SIGKILL');
    fs.rmSync(out, { force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      seconds: { type: 'string', default: '60' },
      modes: { type: 'string', default: 'meeting,theater' },
      out: { type: 'string' },
    },
  });
  const seconds = Number(values.seconds);
  const modes = values.modes.split(',') as ('meeting' | 'theater')[];
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('the web app is not built: run `npm run build` first');
  }
  const loadBefore = loadAverage();
  log(`load average ${loadBefore.join(' ')}; starting the media stack`);
  const stack = await startMediaStack({ web: true, log });
  const runs: EgressRun[] = [];
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: stack.chromiumWrapper(CHROMIUM_PATH),
      headless: true,
      args: [...CHROMIUM_ARGS, ...netnsChromiumArgs(stack.url, stack.spec.hostIp)],
    });
    for (const mode of modes) runs.push(await measureEgress(browser, stack, mode, seconds));
  } finally {
    await browser?.close().catch(() => undefined);
    await stack.stop();
  }
  log('the reference: a bare ffmpeg encoding 720p30 to a file');
  const bare = await bareFfmpeg(seconds);
  log(`bare ffmpeg: ${bare.cores.toFixed(2)} cores, RSS ${bare.rssMb.toFixed(0)} MB`);
  const result = {
    date: new Date().toISOString(),
    runs,
    bareFfmpeg720p: { ...pick(bare), seconds, load: loadAverage() },
    ratio720p: runs.find((r) => r.mode === 'meeting')
      ? runs.find((r) => r.mode === 'meeting')!.cores / bare.cores
      : null,
    loadAverage: { before: loadBefore, after: loadAverage() },
    machine: machine(),
  };
  const text = JSON.stringify(result, null, 2);
  if (values.out) fs.writeFileSync(values.out, text + '\n');
  console.log(text);
}

await main();
