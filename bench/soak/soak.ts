// Soak benchmark (issue 17): a 3-person call through the real media stack for a long time
// (1 hour by default), sampling every minute the resident memory (VmRSS) and open file
// descriptors of the Podium server and of Janus, and checking that media still flows. Prints
// one line per sample and the growth from the first sample (taken after a warm-up) to the last.
//
//   npm run bench -- soak [--minutes 60] [--warmup 2] [--every 60] [--out file.json]
//
// Needs root (network namespace, like the `calls` e2e project) and the built web app.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, netnsChromiumArgs } from '@podium/server/test-support';
import { prepareEvent, startMediaStack, type MediaStack } from '../lib/media-stack.ts';
import { repoRoot } from '../signaling/server-process.ts';

const log = (text: string) => process.stdout.write(`${new Date().toISOString()} ${text}\n`);

interface ProcessSample {
  rssKb: number;
  fds: number;
}

interface Sample {
  minute: number;
  server: ProcessSample;
  janus: ProcessSample;
  /** Video frames decoded and audio packets received by all three pages since the last sample. */
  frames: number;
  audioPackets: number;
}

function sampleProcess(pid: number): ProcessSample {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  const fds = fs.readdirSync(`/proc/${pid}/fd`).length;
  return { rssKb, fds };
}

/** Total decoded frames and received audio packets over the page's peer connections. */
function received(page: Page): Promise<{ frames: number; audio: number }> {
  return page.evaluate(async () => {
    const peers = (window as Window & { __soakPeers?: RTCPeerConnection[] }).__soakPeers ?? [];
    let frames = 0;
    let audio = 0;
    for (const pc of peers) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: Record<string, unknown>) => {
        if (s.type !== 'inbound-rtp') return;
        if (s.kind === 'video') frames += Number(s.framesDecoded ?? 0);
        else audio += Number(s.packetsReceived ?? 0);
      });
    }
    return { frames, audio };
  });
}

/** Keeps every RTCPeerConnection the app makes, for getStats (runs before the app). */
const KEEP_PEERS = `
  (() => {
    const Native = window.RTCPeerConnection;
    const peers = [];
    window.__soakPeers = peers;
    window.RTCPeerConnection = class extends Native {
      constructor(...args) { super(...args); peers.push(this); }
    };
  })();
`;

async function joinCall(
  browser: Browser,
  stack: MediaStack,
  alias: string,
  who: { name: string } | { token: string; renewal: string },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stack.url,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  await context.addInitScript({ content: KEEP_PEERS });
  if ('token' in who) {
    await context.addCookies(
      [
        ['access_token', who.token],
        ['renewal_token', who.renewal],
      ].map(([name, value]) => ({ name: name!, value: value!, url: stack.url })),
    );
  }
  const page = await context.newPage();
  // Generous: the machines this runs on are shared and often loaded.
  page.setDefaultTimeout(120_000);
  await page.goto(`/j/${alias}`, { timeout: 120_000 });
  if ('name' in who) await page.getByLabel('Your name').fill(who.name);
  await page.getByRole('button', { name: 'Join in browser' }).click({ timeout: 120_000 });
  const controls = page.getByRole('region', { name: 'Call controls' });
  await controls.waitFor({ timeout: 120_000 });
  for (const name of ['Camera', 'Microphone']) {
    const toggle = controls.getByRole('button', { name, exact: true });
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  }
  return page;
}

const pct = (from: number, to: number) => (((to - from) / from) * 100).toFixed(1);

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      minutes: { type: 'string', default: '60' },
      warmup: { type: 'string', default: '2' },
      every: { type: 'string', default: '60' },
      out: { type: 'string' },
    },
  });
  const minutes = Number(values.minutes);
  const warmupMin = Number(values.warmup);
  const everyS = Number(values.every);
  if (!(minutes > 0) || !(warmupMin >= 0) || !(everyS > 0)) {
    throw new Error('--minutes, --warmup and --every must be positive numbers');
  }
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('the web app is not built: run `npm run build` first');
  }
  const stack = await startMediaStack({ web: true, log });
  let browser: Browser | undefined;
  const samples: Sample[] = [];
  try {
    const event = await prepareEvent(stack.url, 'meeting');
    browser = await chromium.launch({
      executablePath: stack.chromiumWrapper(CHROMIUM_PATH),
      headless: true,
      args: [...CHROMIUM_ARGS, ...netnsChromiumArgs(stack.url, stack.spec.hostIp)],
    });
    const pages = [
      await joinCall(browser, stack, event.alias, event),
      await joinCall(browser, stack, event.alias, { name: 'Soak Guest 1' }),
      await joinCall(browser, stack, event.alias, { name: 'Soak Guest 2' }),
    ];
    log(`3 people in the call; warming up ${warmupMin} min`);
    await new Promise((r) => setTimeout(r, warmupMin * 60_000));

    let last = await Promise.all(pages.map(received));
    const started = Date.now();
    for (let i = 0; ; i++) {
      const now = await Promise.all(pages.map(received));
      const frames = now.reduce((sum, r, k) => sum + r.frames - last[k]!.frames, 0);
      const audioPackets = now.reduce((sum, r, k) => sum + r.audio - last[k]!.audio, 0);
      last = now;
      const sample: Sample = {
        minute: Math.round(((Date.now() - started) / 60_000) * 10) / 10,
        server: sampleProcess(stack.serverPid),
        janus: sampleProcess(stack.janusPid),
        frames,
        audioPackets,
      };
      samples.push(sample);
      log(
        `t=${sample.minute} min  server ${(sample.server.rssKb / 1024).toFixed(1)} MB ` +
          `${sample.server.fds} fds  janus ${(sample.janus.rssKb / 1024).toFixed(1)} MB ` +
          `${sample.janus.fds} fds  frames +${frames} audio packets +${audioPackets}`,
      );
      if (i > 0 && (frames === 0 || audioPackets === 0)) log('WARNING: media stopped flowing');
      if (Date.now() - started >= minutes * 60_000) break;
      await new Promise((r) => setTimeout(r, everyS * 1000));
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await stack.stop();
  }

  const first = samples[0]!;
  const end = samples[samples.length - 1]!;
  const summary = {
    minutes: end.minute,
    samples: samples.length,
    serverRssMb: [first.server.rssKb / 1024, end.server.rssKb / 1024],
    serverRssGrowthPct: Number(pct(first.server.rssKb, end.server.rssKb)),
    serverFds: [first.server.fds, end.server.fds],
    janusRssMb: [first.janus.rssKb / 1024, end.janus.rssKb / 1024],
    janusRssGrowthPct: Number(pct(first.janus.rssKb, end.janus.rssKb)),
    janusFds: [first.janus.fds, end.janus.fds],
    mediaStalls: samples.slice(1).filter((s) => s.frames === 0 || s.audioPackets === 0).length,
  };
  log(
    `growth over ${summary.minutes} min: server RSS ${summary.serverRssGrowthPct} % ` +
      `(${first.server.rssKb} → ${end.server.rssKb} kB), fds ${first.server.fds} → ${end.server.fds}; ` +
      `janus RSS ${summary.janusRssGrowthPct} % (${first.janus.rssKb} → ${end.janus.rssKb} kB), ` +
      `fds ${first.janus.fds} → ${end.janus.fds}; samples without media: ${summary.mediaStalls}`,
  );
  if (values.out) fs.writeFileSync(values.out, JSON.stringify({ summary, samples }, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
