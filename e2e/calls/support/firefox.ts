import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import puppeteer, { type Browser } from 'puppeteer-core';
import { callsEnv } from '../../support/netns-env.ts';

/**
 * Debian's Firefox ESR inside the calls project's test namespace, driven over WebDriver BiDi by
 * puppeteer-core (Playwright drives only its own patched Firefox builds).
 *
 * Playwright reaches the namespace's Chromium over a pipe; Firefox's remote agent listens only
 * on the loopback of the namespace it runs in, which this process (in the root namespace) cannot
 * reach. A small TCP relay inside the namespace joins the namespace side of the veth pair to
 * that loopback port, and puppeteer connects to the relay.
 */

export const FIREFOX_PATH = process.env.PODIUM_FIREFOX ?? '/usr/bin/firefox-esr';

/**
 * Preferences of the test profile (user.js). The remote agent adds its own recommended set (no
 * updates, telemetry, first-run pages).
 */
function firefoxPrefs(hostIp: string): Record<string, string | number | boolean> {
  return {
    // Synthetic camera and microphone, no permission prompts (Chromium's --use-fake-* switches).
    'media.navigator.streams.fake': true,
    'media.navigator.permission.disabled': true,
    // The server's plain-http origin counts as secure (navigator.mediaDevices, crypto.subtle),
    // as Chromium's --unsafely-treat-insecure-origin-as-secure does.
    'dom.securecontext.allowlist': hostIp,
    // Janus cannot resolve mDNS (.local) host candidates: the namespace's real address instead.
    'media.peerconnection.ice.obfuscate_host_addresses': false,
    // Remote audio plays without a click first (Chromium's test browsers allow it too).
    'media.autoplay.default': 0,
    'media.autoplay.blocking_policy': 0,
    // SECURITY: no proxy discovery and no captive-portal or connectivity probes: the namespace
    // has no route out, and nothing should try.
    'network.proxy.type': 0,
    'network.captive-portal-service.enabled': false,
    // SECURITY: no DNS at all (Chromium's --host-resolver-rules): the server is an IP literal,
    // and a lookup for one of Firefox's services would leave the test network.
    'network.dns.disabled': true,
    'network.connectivity-service.enabled': false,
    // English: the app picks Vietnamese from the browser language.
    'intl.accept_languages': 'en-US',
  };
}

/** One line of user.js. */
const prefLine = ([name, value]: [string, string | number | boolean]) =>
  `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});`;

/**
 * The relay, run by Node inside the namespace: listens on the namespace's veth address (argv[1])
 * and pipes each connection to Firefox's port on the loopback (argv[2]: the host:port Firefox
 * printed). Firefox's HTTP server answers 400 to a Host header it does not serve, so the relay
 * puts that host:port in the handshake's Host header (the rest of the stream passes unchanged).
 */
const RELAY = `
const net = require('node:net');
const [host, target] = process.argv.slice(1);
const port = Number(target.split(':').pop());
const server = net.createServer((client) => {
  const upstream = net.connect(port, '127.0.0.1');
  const end = () => { client.destroy(); upstream.destroy(); };
  client.on('error', end); upstream.on('error', end); client.on('close', end); upstream.on('close', end);
  let head = Buffer.alloc(0);
  const onHead = (chunk) => {
    head = Buffer.concat([head, chunk]);
    const at = head.indexOf('\\r\\n\\r\\n');
    if (at < 0) return;
    client.off('data', onHead);
    const text = head.subarray(0, at).toString('latin1').replace(/^host:.*$/im, 'Host: ' + target);
    upstream.write(Buffer.concat([Buffer.from(text, 'latin1'), head.subarray(at)]));
    client.pipe(upstream);
  };
  client.on('data', onHead);
  upstream.pipe(client);
});
server.listen(0, host, () => console.log('relay ' + server.address().port));
process.on('SIGTERM', () => process.exit(0));
`;

/** Resolves with the first capture of `pattern` in a line of `stream` (or fails on exit). */
function waitForLine(
  child: ChildProcess,
  stream: NodeJS.ReadableStream,
  pattern: RegExp,
  what: string,
  timeoutMs: number,
): Promise<string> {
  const seen: string[] = [];
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: stream });
    const timer = setTimeout(
      () => reject(new Error(`${what}: no ${pattern} within ${timeoutMs} ms\n${seen.join('\n')}`)),
      timeoutMs,
    );
    lines.on('line', (line) => {
      seen.push(line);
      const match = pattern.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code ?? signal}) before ${pattern}\n${seen.join('\n')}`));
    });
  });
}

/** SIGTERM, then SIGKILL after `graceMs`. */
async function stop(child: ChildProcess | undefined, graceMs = 5_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export interface NamespacedFirefox {
  browser: Browser;
  /** `firefox/153.7.0` */
  version: string;
  close(): Promise<void>;
}

/**
 * Starts a headless Firefox ESR with a fresh profile inside the calls namespace and connects
 * puppeteer to it. Always `close()` it (a finally block): it stops Firefox and the relay and
 * removes the profile.
 */
export async function launchFirefoxInNetns(): Promise<NamespacedFirefox> {
  const netns = callsEnv('netns');
  const hostIp = callsEnv('hostIp');
  const nsIp = callsEnv('nsIp');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-e2e-firefox-'));
  fs.writeFileSync(
    path.join(profile, 'user.js'),
    Object.entries(firefoxPrefs(hostIp)).map(prefLine).join('\n') + '\n',
  );

  let firefox: ChildProcess | undefined;
  let relay: ChildProcess | undefined;
  const close = async () => {
    await stop(firefox);
    await stop(relay);
    fs.rmSync(profile, { recursive: true, force: true });
  };
  try {
    // `ip netns exec` execs Firefox: the child's pid is Firefox's own.
    firefox = spawn(
      'ip',
      [
        ...['netns', 'exec', netns, FIREFOX_PATH],
        ...['-headless', '-no-remote', '-profile', profile],
        // Port 0: Firefox picks a free one and prints it. (The Host header of the relay's
        // requests names an IP address, which the remote agent accepts.)
        '--remote-debugging-port=0',
        'about:blank',
      ],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' },
      },
    );
    const listening = await waitForLine(
      firefox,
      firefox.stderr!,
      /WebDriver BiDi listening on ws:\/\/([^/\s]+)/,
      'firefox-esr',
      60_000,
    );
    relay = spawn('ip', ['netns', 'exec', netns, process.execPath, '-e', RELAY, nsIp, listening], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const relayPort = await waitForLine(relay, relay.stdout!, /^relay (\d+)$/, 'relay', 15_000);
    const browser = await puppeteer.connect({
      browserWSEndpoint: `ws://${nsIp}:${relayPort}/session`,
      protocol: 'webDriverBiDi',
      protocolTimeout: 60_000,
    });
    const version = await browser.version();
    return {
      browser,
      version,
      close: async () => {
        await browser.close().catch(() => undefined);
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}
