// Join benchmark (issue 4, benchmark 1): from the click on 'Join in browser' to the first remote
// video frame decoded, in the real web app in headless Debian Chromium with fake camera and
// microphone. A host with the camera on stays in the room; a guest joins `--joins` times (each
// in a fresh browser context, leaving through 'Leave' before the next one).
//
//   npm run bench -- join [--joins 20] [--guest-media on|off] [--out file.json]
//
// Runs as root: Janus and Chromium run in a network namespace the benchmark makes, the Podium
// server on the host side of its veth pair (bench/lib/media-stack.ts). Times are taken inside
// the page (performance.timeOrigin + performance.now()), so Playwright's own latency is not in
// them; the first frame is found by polling getStats() every 10 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  loadAverage,
  percentile,
  prepareEvent,
  startMediaStack,
  type MediaStack,
} from '../lib/media-stack.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, netnsChromiumArgs } from '@podium/server/test-support';
import { repoRoot } from '../signaling/server-process.ts';

const log = (text: string): void => {
  process.stderr.write(`[join ${new Date().toISOString().slice(11, 19)}] ${text}\n`);
};

/** Absolute page times (ms since the epoch, sub-millisecond) of one join. */
interface Marks {
  click: number | null;
  socketOpen: number | null;
  welcome: number | null;
  /** The subscriber's first remote video track (its offer was applied). */
  remoteTrack: number | null;
  /** A peer connection with a remote video track reached 'connected' (ICE + DTLS). */
  connected: number | null;
  firstFrame: number | null;
}

declare global {
  interface Window {
    __benchMarks?: Marks;
  }
}

/**
 * Runs in the guest's page before the app: notes when the join button is clicked, when the
 * signaling socket opens and gets its `welcome`, when a remote video track arrives and its
 * connection connects, and polls getStats() every 10 ms for the first decoded remote frame.
 */
function instrument(): void {
  const now = (): number => performance.timeOrigin + performance.now();
  const marks: Marks = {
    click: null,
    socketOpen: null,
    welcome: null,
    remoteTrack: null,
    connected: null,
    firstFrame: null,
  };
  window.__benchMarks = marks;
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('button');
      if (button && /Join in browser/.test(button.textContent ?? '') && marks.click === null) {
        marks.click = now();
      }
    },
    true,
  );
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.addEventListener('open', () => {
        marks.socketOpen ??= now();
      });
      this.addEventListener('message', (event: MessageEvent) => {
        if (
          marks.welcome === null &&
          typeof event.data === 'string' &&
          event.data.includes('"type":"welcome"')
        ) {
          marks.welcome = now();
        }
      });
    }
  };
  const peers: RTCPeerConnection[] = [];
  const NativePeer = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends NativePeer {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      peers.push(this);
      let hasVideo = false;
      this.addEventListener('track', (event: RTCTrackEvent) => {
        if (event.track.kind !== 'video') return;
        hasVideo = true;
        marks.remoteTrack ??= now();
        if (this.connectionState === 'connected') marks.connected ??= now();
      });
      this.addEventListener('connectionstatechange', () => {
        if (hasVideo && this.connectionState === 'connected') marks.connected ??= now();
      });
    }
  };
  let busy = false;
  const timer = setInterval(() => {
    if (busy || marks.click === null || peers.length === 0) return;
    busy = true;
    void Promise.all(peers.map((pc) => pc.getStats().catch(() => null)))
      .then((reports) => {
        for (const report of reports) {
          report?.forEach((s: Record<string, unknown>) => {
            if (s.type === 'inbound-rtp' && s.kind === 'video' && Number(s.framesDecoded) > 0) {
              marks.firstFrame ??= now();
            }
          });
        }
        if (marks.firstFrame !== null) clearInterval(timer);
      })
      .finally(() => {
        busy = false;
      });
  }, 10);
}

interface JoinSample {
  i: number;
  /** Click to first remote frame decoded. */
  totalMs: number;
  clickToWelcomeMs: number | null;
  welcomeToTrackMs: number | null;
  trackToConnectedMs: number | null;
  connectedToFrameMs: number | null;
  load1: number;
}

async function newContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl,
    locale: 'en-US',
    timezoneId: 'UTC',
    viewport: { width: 1280, height: 800 },
  });
}

const joinButton = (page: Page) => page.getByRole('button', { name: 'Join in browser' });
const controls = (page: Page) => page.getByRole('region', { name: 'Call controls' });

async function hostJoins(
  browser: Browser,
  stack: MediaStack,
  alias: string,
  tokens: {
    token: string;
    renewal: string;
  },
): Promise<BrowserContext> {
  const context = await newContext(browser, stack.url);
  await context.addCookies(
    [
      ['access_token', tokens.token],
      ['renewal_token', tokens.renewal],
    ].map(([name, value]) => ({ name: name!, value: value!, url: stack.url })),
  );
  const page = await context.newPage();
  await page.goto(`/j/${alias}`);
  await joinButton(page).click({ timeout: 30_000 });
  await controls(page).waitFor({ timeout: 30_000 });
  for (const name of ['Camera', 'Microphone']) {
    const toggle = controls(page).getByRole('button', { name, exact: true });
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    const deadline = Date.now() + 30_000;
    while ((await toggle.getAttribute('aria-pressed')) !== 'true') {
      if (Date.now() > deadline) throw new Error(`the host's ${name} did not turn on`);
      await page.waitForTimeout(100);
    }
  }
  return context;
}

async function oneJoin(
  browser: Browser,
  stack: MediaStack,
  alias: string,
  i: number,
  guestMedia: boolean,
): Promise<JoinSample> {
  const context = await newContext(browser, stack.url);
  try {
    // tsx compiles this file with esbuild's keepNames, which wraps functions and classes in
    // `__name(...)` calls; the page has no such helper, so give it a no-op one first.
    await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await context.addInitScript(instrument);
    const page = await context.newPage();
    // Refused requests, for the report when a join does not go through.
    const refused: string[] = [];
    page.on('requestfailed', (req) => refused.push(`failed ${new URL(req.url()).pathname}`));
    page.on('response', (res) => {
      if (res.status() >= 400) refused.push(`${res.status()} ${new URL(res.url()).pathname}`);
    });
    await page.goto(`/j/${alias}`);
    try {
      await joinButton(page).waitFor({ timeout: 30_000 });
    } catch (error) {
      const text = (
        await page
          .locator('body')
          .innerText()
          .catch(() => '')
      ).slice(0, 200);
      const ready = await fetch(`${stack.url}/readyz`, { signal: AbortSignal.timeout(5000) })
        .then((r) => String(r.status))
        .catch((e: unknown) => String(e));
      const state = await page
        .evaluate(() => `${document.readyState} ${document.documentElement.outerHTML.length}`)
        .catch((e: unknown) => String(e));
      log(`server readyz ${ready}; page ${state}; server log:\n${stack.tail(10)}`);
      throw new Error(
        `no 'Join in browser' in 30 s; page: ${JSON.stringify(text)}; refused: ${refused.join(', ')}`,
        { cause: error },
      );
    }
    await page.getByLabel('Your name').fill(`Guest ${i + 1}`);
    if (!guestMedia) {
      for (const name of ['Turn off camera', 'Turn off microphone']) {
        const button = page.getByRole('button', { name });
        if (await button.isVisible()) await button.click();
      }
    }
    // Let the pre-join page settle (camera preview started) so only the join is measured.
    await page.waitForTimeout(1000);
    const load1 = os.loadavg()[0]!;
    await joinButton(page).click();
    try {
      await page.waitForFunction(() => window.__benchMarks?.firstFrame != null, undefined, {
        timeout: 60_000,
        polling: 50,
      });
    } catch (error) {
      const marks = await page.evaluate(() => window.__benchMarks).catch(() => undefined);
      throw new Error(`no remote frame in 60 s (page marks: ${JSON.stringify(marks)})`, {
        cause: error,
      });
    }
    const m = (await page.evaluate(() => window.__benchMarks)) as Marks;
    const diff = (a: number | null, b: number | null): number | null =>
      a !== null && b !== null ? b - a : null;
    const sample: JoinSample = {
      i,
      totalMs: m.firstFrame! - m.click!,
      clickToWelcomeMs: diff(m.click, m.welcome),
      welcomeToTrackMs: diff(m.welcome, m.remoteTrack),
      trackToConnectedMs: diff(m.remoteTrack, m.connected),
      connectedToFrameMs: diff(m.connected, m.firstFrame),
      load1,
    };
    await controls(page).getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/ended\//, { timeout: 30_000 });
    return sample;
  } finally {
    await context.close().catch(() => undefined);
  }
}

const stats = (values: (number | null)[]) => {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    min: sorted[0] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
  };
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      joins: { type: 'string', default: '20' },
      'guest-media': { type: 'string', default: 'off' },
      out: { type: 'string' },
    },
  });
  const joins = Number(values.joins);
  if (!Number.isInteger(joins) || joins < 1) throw new Error('--joins must be a positive integer');
  const guestMedia = values['guest-media'] === 'on';
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('the web app is not built: run `npm run build` first');
  }
  const loadBefore = loadAverage();
  log(`load average ${loadBefore.join(' ')}; starting the media stack`);
  const stack = await startMediaStack({ web: true, log });
  let browser: Browser | undefined;
  const samples: JoinSample[] = [];
  const failures: string[] = [];
  try {
    const event = await prepareEvent(stack.url, 'meeting');
    browser = await chromium.launch({
      executablePath: stack.chromiumWrapper(CHROMIUM_PATH),
      headless: true,
      args: [...CHROMIUM_ARGS, ...netnsChromiumArgs(stack.url, stack.spec.hostIp)],
    });
    await hostJoins(browser, stack, event.alias, event);
    log('the host is in with camera and microphone on');
    for (let i = 0; i < joins; i++) {
      try {
        const sample = await oneJoin(browser, stack, event.alias, i, guestMedia);
        samples.push(sample);
        log(
          `join ${i + 1}/${joins}: ${sample.totalMs.toFixed(0)} ms ` +
            `(welcome ${sample.clickToWelcomeMs?.toFixed(0)}, track +${sample.welcomeToTrackMs?.toFixed(0)}, ` +
            `connected +${sample.trackToConnectedMs?.toFixed(0)}, frame +${sample.connectedToFrameMs?.toFixed(0)}; load ${sample.load1.toFixed(2)})`,
        );
      } catch (error) {
        failures.push(
          `#${i}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        );
        log(`join ${i + 1}/${joins} failed: ${failures[failures.length - 1]}`);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await stack.stop();
  }
  const result = {
    date: new Date().toISOString(),
    joins,
    guestMedia,
    completed: samples.length,
    failures,
    total: stats(samples.map((s) => s.totalMs)),
    breakdown: {
      clickToWelcome: stats(samples.map((s) => s.clickToWelcomeMs)),
      welcomeToTrack: stats(samples.map((s) => s.welcomeToTrackMs)),
      trackToConnected: stats(samples.map((s) => s.trackToConnectedMs)),
      connectedToFrame: stats(samples.map((s) => s.connectedToFrameMs)),
    },
    loadAverage: { before: loadBefore, after: loadAverage() },
    machine: {
      cores: os.cpus().length,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    samples,
  };
  const text = JSON.stringify(result, null, 2);
  if (values.out) fs.writeFileSync(values.out, text + '\n');
  console.log(text);
  const f = (x: number) => x.toFixed(0);
  log(
    `click → first remote frame over ${samples.length} joins: median ${f(result.total.p50)} ms, ` +
      `p95 ${f(result.total.p95)} ms (min ${f(result.total.min)}, max ${f(result.total.max)})`,
  );
  if (failures.length > 0) process.exitCode = 1;
}

await main();
