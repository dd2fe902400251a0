// Join benchmark (issue 4, benchmark 1): from the click on 'Join in browser' to the first remote
// video frame decoded, in the real web app in headless Debian Chromium with fake camera and
// microphone. A host with the camera on stays in the room; a guest joins `--joins` times (each
// in a fresh browser context, leaving through 'Leave' before the next one).
//
//   npm run bench -- join [--joins 20] [--guest-media on|off] [--out file.json] [--trace dir] [--source]
//
// Runs as root: Janus and Chromium run in a network namespace the benchmark makes, the Podium
// server on the host side of its veth pair (bench/lib/media-stack.ts). Times are taken inside
// the page (performance.timeOrigin + performance.now()), so Playwright's own latency is not in
// them; the first frame is found by polling getStats() every 10 ms, and when it is shown (a
// remote video element in the document has a frame: what the person sees) in the same poll.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { loadAverage, machine } from '../lib/machine.ts';
import { percentile, prepareEvent, startMediaStack, type MediaStack } from '../lib/media-stack.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, netnsChromiumArgs } from '@podium/server/test-support';
import { repoRoot } from '../signaling/server-process.ts';

/** Debian's janus.js (libjs-janus-gateway), for the bare page. */
const JANUS_JS = '/usr/share/javascript/janus-gateway/janus.js';

const log = (text: string): void => {
  process.stderr.write(`[join ${new Date().toISOString().slice(11, 19)}] ${text}\n`);
};

/** Absolute page times (ms since the epoch, sub-millisecond) of one join. */
interface Marks {
  click: number | null;
  socketOpen: number | null;
  welcome: number | null;
  /** The first subscription request sent (Podium `subscribe`, Janus `join` as subscriber). */
  subscribeSent: number | null;
  /** The subscriber's offer applied (setRemoteDescription of an offer called). */
  offerIn: number | null;
  /** The subscriber's answer sent (Podium `answer`, Janus `start` with the answer). */
  answerSent: number | null;
  /** The subscriber's first remote video track (its offer was applied). */
  remoteTrack: number | null;
  /** A peer connection with a remote video track reached 'connected' (ICE + DTLS). */
  connected: number | null;
  firstFrame: number | null;
  /**
   * A video element in the document that plays a remote video track has a frame to show
   * (readyState ≥ HAVE_CURRENT_DATA): what the person sees, which the decoded frame alone does
   * not say (a page may decode before it renders the element).
   */
  shown: number | null;
  /** What the page sent on its sockets from the click to the first frame: ms after the click, what. */
  sent: [number, string][];
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
  // The same moments as user-timing marks, so a Chromium trace (--trace) lines them up with
  // the main thread's tasks and samples.
  const mark = (name: string): void => {
    try {
      performance.mark(`bench:${name}`);
    } catch {
      // Marks are only for traces.
    }
  };
  const marks: Marks = {
    click: null,
    socketOpen: null,
    welcome: null,
    subscribeSent: null,
    offerIn: null,
    answerSent: null,
    remoteTrack: null,
    connected: null,
    firstFrame: null,
    shown: null,
    sent: [],
  };
  window.__benchMarks = marks;
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('button');
      if (button && /Join in browser/.test(button.textContent ?? '') && marks.click === null) {
        marks.click = now();
        mark('click');
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
        if (marks.click !== null && marks.firstFrame === null) {
          marks.sent.push([Math.round(now() - marks.click), 'socket open']);
          mark('socket open');
        }
      });
      this.addEventListener('message', (event: MessageEvent) => {
        // In the room and told its feeds: Podium's `welcome`, Janus's `joined` (bare page).
        if (
          marks.welcome === null &&
          typeof event.data === 'string' &&
          (event.data.includes('"type":"welcome"') || event.data.includes('"videoroom":"joined"'))
        ) {
          marks.welcome = now();
          mark('welcome');
        }
        if (marks.click !== null && marks.firstFrame === null && typeof event.data === 'string') {
          const what = /"(?:type|janus|videoroom)":"([a-z_]+)"/.exec(event.data)?.[1] ?? '?';
          mark(`in:${what}`);
        }
      });
    }
    override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
      if (typeof data === 'string' && marks.click !== null) {
        if (data.includes('"type":"subscribe"') || data.includes('"ptype":"subscriber"')) {
          marks.subscribeSent ??= now();
        }
        if (data.includes('"type":"answer"')) marks.answerSent ??= now();
        if (marks.firstFrame === null) {
          const what = /"(?:type|janus|request)":"([a-z_]+)"/.exec(data)?.[1] ?? '?';
          marks.sent.push([Math.round(now() - marks.click), what]);
          mark(`out:${what}`);
        }
      }
      super.send(data);
    }
  };
  // HTTP requests from the click on (verify-call, socket credentials, ICE config): when each
  // was asked and answered, in `sent` as 'path' and 'path done'.
  const nativeFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const what = new URL(url, location.href).pathname;
    const track = marks.click !== null && marks.firstFrame === null;
    if (track) {
      marks.sent.push([Math.round(now() - marks.click!), what]);
      mark(`out:${what}`);
    }
    const answer = nativeFetch(input, init);
    if (track) {
      void answer.finally(() => {
        marks.sent.push([Math.round(now() - marks.click!), `${what} done`]);
        mark(`in:${what}`);
      });
    }
    return answer;
  };
  const peers: RTCPeerConnection[] = [];
  const remoteVideo = new WeakSet<MediaStreamTrack>();
  const NativePeer = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends NativePeer {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      peers.push(this);
      let hasVideo = false;
      this.addEventListener('track', (event: RTCTrackEvent) => {
        if (event.track.kind !== 'video') return;
        hasVideo = true;
        remoteVideo.add(event.track);
        if (marks.remoteTrack === null) mark('remoteTrack');
        marks.remoteTrack ??= now();
        if (this.connectionState === 'connected') marks.connected ??= now();
      });
      this.addEventListener('connectionstatechange', () => {
        if (hasVideo && this.connectionState === 'connected' && marks.connected === null) {
          marks.connected = now();
          mark('connected');
        }
      });
    }
    override setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
      if (description?.type === 'offer' && marks.click !== null && marks.offerIn === null) {
        marks.offerIn = now();
        mark('offerIn');
      }
      return super.setRemoteDescription(description);
    }
  };
  const checkShown = (): void => {
    if (marks.shown !== null) return;
    for (const video of document.querySelectorAll('video')) {
      const stream = video.srcObject;
      if (
        video.isConnected &&
        stream instanceof MediaStream &&
        stream.getVideoTracks().some((t) => remoteVideo.has(t)) &&
        video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA &&
        video.videoWidth > 0
      ) {
        marks.shown = now();
        mark('shown');
        return;
      }
    }
  };
  let busy = false;
  const timer = setInterval(() => {
    if (busy || marks.click === null || peers.length === 0) return;
    checkShown();
    if (marks.firstFrame !== null) {
      if (marks.shown !== null) clearInterval(timer);
      return;
    }
    busy = true;
    void Promise.all(peers.map((pc) => pc.getStats().catch(() => null)))
      .then((reports) => {
        for (const report of reports) {
          report?.forEach((s: Record<string, unknown>) => {
            if (
              s.type === 'inbound-rtp' &&
              s.kind === 'video' &&
              Number(s.framesDecoded) > 0 &&
              marks.firstFrame === null
            ) {
              marks.firstFrame = now();
              mark('firstFrame');
            }
          });
        }
        checkShown();
      })
      .finally(() => {
        busy = false;
      });
  }, 10);
}

type Kind = 'podium' | 'bare';

interface JoinSample {
  kind: Kind;
  i: number;
  /** Click to first remote frame decoded. */
  totalMs: number;
  /** Click to a remote video element with a frame to show (null: not within 5 s of the frame). */
  shownMs: number | null;
  clickToWelcomeMs: number | null;
  clickToSubscribeMs: number | null;
  /** Subscription asked → its offer applied: the application server and Janus. */
  subscribeToOfferMs: number | null;
  /** Offer applied → answer sent: the browser. */
  offerToAnswerMs: number | null;
  welcomeToTrackMs: number | null;
  trackToConnectedMs: number | null;
  connectedToFrameMs: number | null;
  load1: number;
  sent: [number, string][];
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

/** The host's display name: the bare page subscribes to the feed Janus lists under it. */
const HOST_NAME = 'Bench Host';

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

/**
 * The bare page's server: its HTML and Debian's janus.js over HTTP, and a TCP relay to the
 * Janus API on the host side of the veth. Janus's WebSocket transport accepts only the Podium
 * server's address (its ACL), which is this side's; the relay copies bytes and adds nothing.
 */
async function startBarePage(
  stack: MediaStack,
  guestMedia: boolean,
): Promise<{ url: string; close(): Promise<void> }> {
  const api = stack.janusApi();
  const html = fs.readFileSync(path.join(repoRoot, 'bench/join/bare.html'));
  const janusJs = fs.readFileSync(JANUS_JS);
  const web = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const body = pathname === '/bare.html' ? html : pathname === '/janus.js' ? janusJs : null;
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': pathname.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
    });
    res.end(body);
  });
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(api.port, api.ip);
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (server: net.Server): Promise<number> =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, stack.spec.hostIp, () =>
        resolve((server.address() as net.AddressInfo).port),
      );
    });
  const [webPort, relayPort] = [await listen(web), await listen(relay)];
  const query = new URLSearchParams({
    ws: `ws://${stack.spec.hostIp}:${relayPort}`,
    secret: api.apiSecret,
    // Podium's rooms are private: only a `list` with the VideoRoom admin key shows them.
    adminkey: api.roomAdminKey,
    host: HOST_NAME,
    media: guestMedia ? 'on' : 'off',
  });
  return {
    url: `http://${stack.spec.hostIp}:${webPort}/bare.html?${query}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all(
        [web, relay].map((server) => new Promise((resolve) => server.close(resolve))),
      );
    },
  };
}

/**
 * What a `--trace` run records from the click to the first frame: the main thread's tasks, the
 * user-timing marks of `instrument`, and V8's samples (bench/join/trace.ts reads them).
 */
const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
];

/** Waits for the first remote frame after the click and turns the page's marks into a sample. */
async function measure(
  page: Page,
  kind: Kind,
  i: number,
  traceDir: string | null,
): Promise<JoinSample> {
  const browser = page.context().browser();
  // Playwright sets up its injected script in the page's own world on the first waitForFunction
  // (20–30 ms of the main thread, traced): done here, not inside the measured join.
  await page.waitForFunction(() => window.__benchMarks != null, undefined, { polling: 50 });
  if (traceDir && browser) {
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  }
  const load1 = os.loadavg()[0]!;
  await joinButton(page).click();
  try {
    await page.waitForFunction(() => window.__benchMarks?.firstFrame != null, undefined, {
      timeout: 60_000,
      polling: 50,
    });
  } catch (error) {
    const marks = await page.evaluate(() => window.__benchMarks).catch(() => undefined);
    const status = await page
      .locator('#status')
      .innerText({ timeout: 1000 })
      .catch(() => '');
    throw new Error(
      `no remote frame in 60 s (page marks: ${JSON.stringify(marks)}${status ? `; ${status}` : ''})`,
      { cause: error },
    );
    // What the person sees may come after the decoded frame (the page renders the tile later).
    await page
      .waitForFunction(() => window.__benchMarks?.shown != null, undefined, {
        timeout: 5_000,
        polling: 50,
      })
      .catch(() => undefined);
  } finally {
    if (traceDir && browser) {
      const trace = await browser.stopTracing();
      fs.mkdirSync(traceDir, { recursive: true });
      fs.writeFileSync(path.join(traceDir, `${kind}-${i + 1}.json`), trace);
    }
  }
  const m = (await page.evaluate(() => window.__benchMarks)) as Marks;
  const diff = (a: number | null, b: number | null): number | null =>
    a !== null && b !== null ? b - a : null;
  return {
    kind,
    i,
    totalMs: m.firstFrame! - m.click!,
    shownMs: diff(m.click, m.shown),
    clickToWelcomeMs: diff(m.click, m.welcome),
    clickToSubscribeMs: diff(m.click, m.subscribeSent),
    subscribeToOfferMs: diff(m.subscribeSent, m.offerIn),
    offerToAnswerMs: diff(m.offerIn, m.answerSent),
    welcomeToTrackMs: diff(m.welcome, m.remoteTrack),
    trackToConnectedMs: diff(m.remoteTrack, m.connected),
    connectedToFrameMs: diff(m.connected, m.firstFrame),
    load1,
    sent: m.sent,
  };
}

async function instrumentedPage(context: BrowserContext): Promise<Page> {
  // tsx compiles this file with esbuild's keepNames, which wraps functions and classes in
  // `__name(...)` calls; the page has no such helper, so give it a no-op one first.
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  await context.addInitScript(instrument);
  return context.newPage();
}

async function oneJoin(
  browser: Browser,
  stack: MediaStack,
  alias: string,
  i: number,
  guestMedia: boolean,
  traceDir: string | null,
): Promise<JoinSample> {
  const context = await newContext(browser, stack.url);
  try {
    const page = await instrumentedPage(context);
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
    const sample = await measure(page, 'podium', i, traceDir);
    await controls(page).getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/ended\//, { timeout: 30_000 });
    return sample;
  } finally {
    await context.close().catch(() => undefined);
  }
}

async function oneBareJoin(
  browser: Browser,
  url: string,
  i: number,
  traceDir: string | null,
): Promise<JoinSample> {
  const context = await newContext(browser, url);
  try {
    const page = await instrumentedPage(context);
    await page.goto(url);
    try {
      await page.locator('#status', { hasText: /^ready$/ }).waitFor({ timeout: 30_000 });
    } catch (error) {
      const status = await page
        .locator('#status')
        .innerText()
        .catch(() => '');
      throw new Error(`the bare page was not ready in 30 s: ${status}`, { cause: error });
    }
    await page.waitForTimeout(1000);
    const sample = await measure(page, 'bare', i, traceDir);
    await page.locator('#leave').click();
    await page.locator('#status', { hasText: /^left$/ }).waitFor({ timeout: 10_000 });
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

function summary(samples: JoinSample[]) {
  return {
    total: stats(samples.map((s) => s.totalMs)),
    shown: stats(samples.map((s) => s.shownMs)),
    breakdown: {
      clickToWelcome: stats(samples.map((s) => s.clickToWelcomeMs)),
      clickToSubscribe: stats(samples.map((s) => s.clickToSubscribeMs)),
      subscribeToOffer: stats(samples.map((s) => s.subscribeToOfferMs)),
      offerToAnswer: stats(samples.map((s) => s.offerToAnswerMs)),
      welcomeToTrack: stats(samples.map((s) => s.welcomeToTrackMs)),
      trackToConnected: stats(samples.map((s) => s.trackToConnectedMs)),
      connectedToFrame: stats(samples.map((s) => s.connectedToFrameMs)),
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      joins: { type: 'string', default: '10' },
      'guest-media': { type: 'string', default: 'on' },
      bare: { type: 'string', default: 'on' },
      out: { type: 'string' },
      'web-dist': { type: 'string' },
      /** Run the server from its TypeScript sources (tsx) rather than compiled, as production. */
      source: { type: 'boolean', default: false },
      /** A Chromium trace of each join into this folder (tasks, marks, V8 samples; slower). */
      trace: { type: 'string' },
    },
  });
  const joins = Number(values.joins);
  if (!Number.isInteger(joins) || joins < 1) throw new Error('--joins must be a positive integer');
  const guestMedia = values['guest-media'] === 'on';
  const withBare = values.bare !== 'off';
  const traceDir = values.trace ? path.resolve(values.trace) : null;
  const webDist = path.resolve(values['web-dist'] ?? path.join(repoRoot, 'apps/web/dist'));
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('the web app is not built: run `npm run build` first');
  }
  if (withBare && !fs.existsSync(JANUS_JS)) {
    throw new Error(`${JANUS_JS} is missing: apt-get install libjs-janus-gateway`);
  }
  const loadBefore = loadAverage();
  log(`load average ${loadBefore.join(' ')}; starting the media stack`);
  const stack = await startMediaStack({ web: true, webDist, log, compiled: !values.source });
  let browser: Browser | undefined;
  let bare: Awaited<ReturnType<typeof startBarePage>> | undefined;
  const samples: JoinSample[] = [];
  const failures: string[] = [];
  try {
    const event = await prepareEvent(stack.url, 'meeting');
    if (withBare) bare = await startBarePage(stack, guestMedia);
    // Both origins are plain http on a non-loopback address: each must count as secure, or the
    // page gets no navigator.mediaDevices.
    const origins = [stack.url, ...(bare ? [new URL(bare.url).origin] : [])].join(',');
    browser = await chromium.launch({
      executablePath: stack.chromiumWrapper(CHROMIUM_PATH),
      headless: true,
      args: [...CHROMIUM_ARGS, ...netnsChromiumArgs(origins, stack.spec.hostIp)],
    });
    await hostJoins(browser, stack, event.alias, event);
    log('the host is in with camera and microphone on');
    // Interleaved, the order alternating per round, so load drifts hit both alike.
    for (let i = 0; i < joins; i++) {
      const kinds: Kind[] = !bare
        ? ['podium']
        : i % 2 === 0
          ? ['podium', 'bare']
          : ['bare', 'podium'];
      for (const kind of kinds) {
        try {
          const sample =
            kind === 'podium'
              ? await oneJoin(browser, stack, event.alias, i, guestMedia, traceDir)
              : await oneBareJoin(browser, bare!.url, i, traceDir);
          samples.push(sample);
          const f = (x: number | null) => (x === null ? '—' : x.toFixed(0));
          log(
            `${kind} ${i + 1}/${joins}: ${f(sample.totalMs)} ms, shown ${f(sample.shownMs)} ` +
              `(welcome ${f(sample.clickToWelcomeMs)}, subscribe ${f(sample.clickToSubscribeMs)}, ` +
              `offer +${f(sample.subscribeToOfferMs)}, answer +${f(sample.offerToAnswerMs)}, ` +
              `connected +${f(sample.trackToConnectedMs)}, frame +${f(sample.connectedToFrameMs)}; ` +
              `load ${sample.load1.toFixed(2)})`,
          );
        } catch (error) {
          failures.push(
            `${kind} #${i}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
          );
          log(`${kind} ${i + 1}/${joins} failed: ${failures[failures.length - 1]}`);
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  } finally {
    await bare?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await stack.stop();
  }
  const podium = summary(samples.filter((s) => s.kind === 'podium'));
  const bareSummary = withBare ? summary(samples.filter((s) => s.kind === 'bare')) : null;
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  const result = {
    date: new Date().toISOString(),
    joins,
    guestMedia,
    completed: samples.length,
    failures,
    // Podium's figures stay at the top level (the shape of earlier results files).
    ...podium,
    bare: bareSummary,
    ratio: bareSummary
      ? {
          median: ratio(podium.total.p50, bareSummary.total.p50),
          p95: ratio(podium.total.p95, bareSummary.total.p95),
          shownMedian: ratio(podium.shown.p50, bareSummary.shown.p50),
          shownP95: ratio(podium.shown.p95, bareSummary.shown.p95),
        }
      : null,
    loadAverage: { before: loadBefore, after: loadAverage() },
    machine: machine(),
    samples,
  };
  const text = JSON.stringify(result, null, 2);
  if (values.out) fs.writeFileSync(values.out, text + '\n');
  console.log(text);
  const f = (x: number) => x.toFixed(0);
  log(
    `podium, click → first remote frame over ${podium.total.n} joins: median ${f(podium.total.p50)} ms, ` +
      `p95 ${f(podium.total.p95)} ms (min ${f(podium.total.min)}, max ${f(podium.total.max)})`,
  );
  if (bareSummary && result.ratio) {
    log(
      `bare janus.js over ${bareSummary.total.n} joins: median ${f(bareSummary.total.p50)} ms, ` +
        `p95 ${f(bareSummary.total.p95)} ms; podium ÷ bare: median ${result.ratio.median}×, ` +
        `p95 ${result.ratio.p95}× (targets ≤ 1.2×, ≤ 1.5×); shown ${result.ratio.shownMedian}× / ` +
        `${result.ratio.shownP95}×; load ${loadBefore.join(' ')} → ` +
        `${result.loadAverage.after.join(' ')}`,
    );
  }
  if (failures.length > 0) process.exitCode = 1;
}

await main();
