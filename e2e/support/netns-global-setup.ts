import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  netnsDown,
  netnsUp,
  type ResolvedNetnsSpec,
} from '../../packages/server/src/media/netns.ts';
import { CALLS_ENV, CALLS_KNOBS } from './netns-env.ts';
import { startSmtpCapture } from './smtp-capture.ts';
import { freePort, stopChild, waitUntilReady } from './processes.ts';

/**
 * The test network of the `calls` project (notes/media-janus.md, "The test network"): a network
 * namespace made for this run, joined to the host by a veth pair with a /30 from 198.18.0.0/15.
 * The Podium server runs in the root namespace, listening only on the host-side address, with
 * MEDIA_NETNS set so its Janus runs inside the namespace; the test browsers run inside it too
 * (through the wrapper written here). Every packet of a call stays on the veth pair or inside
 * the namespace: nothing reaches the machine's real interfaces.
 *
 * Runs in Playwright's main process (so the teardown also runs when a run is interrupted), after
 * support/global-setup.ts. Needs root (CAP_NET_ADMIN) and iproute2.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = process.env.PODIUM_CHROMIUM ?? '/usr/bin/chromium';
const BENCH_RANGE = { base: (198 << 24) | (18 << 16), size: 1 << 17 }; // 198.18.0.0/15

function intToIp(n: number): string {
  return [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join('.');
}

/**
 * Whether this run includes call specs: not when only other projects or only files outside
 * e2e/calls are named on the command line. PODIUM_E2E_CALLS=1|0 decides instead when set.
 * (Playwright gives a global set-up every project of the config, selected or not.)
 */
export function callsRequested(argv: string[], env: NodeJS.ProcessEnv): boolean {
  const forced = env[CALLS_KNOBS.enable];
  if (forced === '1' || forced === 'true') return true;
  if (forced === '0' || forced === 'false') return false;
  const projects: string[] = [];
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--project') projects.push(argv[++i] ?? '');
    else if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length));
    else if (!arg.startsWith('-') && /\.ts\b|\//.test(arg) && !/playwright\.config/.test(arg)) {
      // Only file filters, not the values of other options (-c e2e/playwright.config.ts).
      if (!['-c', '--config'].includes(argv[i - 1] ?? '')) files.push(arg);
    }
  }
  const glob = (pattern: string) =>
    new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i');
  if (projects.length > 0 && !projects.some((p) => glob(p).test('calls'))) return false;
  if (files.length > 0 && !files.some((f) => f.includes('calls'))) return false;
  return true;
}

function assertRoot(): void {
  const hint =
    'The call specs run Janus and the browsers in a network namespace they create, which needs ' +
    'root (CAP_NET_ADMIN) and iproute2. Run them as root (CI does), or leave them out with ' +
    '`--project chromium`.';
  if (process.getuid?.() !== 0) throw new Error(`${hint} Current uid: ${process.getuid?.()}.`);
  try {
    execFileSync('ip', ['netns', 'list'], { stdio: 'ignore' });
  } catch (error) {
    throw new Error(`${hint} \`ip netns list\` failed: ${(error as Error).message}`);
  }
}

/** IPv4 addresses configured in the root namespace. */
function hostAddresses(): Set<string> {
  const out = execFileSync('ip', ['-4', '-o', 'addr', 'show'], { encoding: 'utf8' });
  return new Set([...out.matchAll(/inet (\d+\.\d+\.\d+\.\d+)\//g)].map((m) => m[1]!));
}

/** The namespace to create: from the knobs, else a fresh name and a free /30. */
function chooseNetns(env: NodeJS.ProcessEnv): { name: string; hostIp: string; nsIp: string } {
  const name = env[CALLS_KNOBS.name] || `pe2e-${crypto.randomBytes(3).toString('hex')}`;
  const hostIp = env[CALLS_KNOBS.hostIp];
  const nsIp = env[CALLS_KNOBS.nsIp];
  if (hostIp && nsIp) return { name, hostIp, nsIp };
  if (hostIp || nsIp) {
    throw new Error(`set both ${CALLS_KNOBS.hostIp} and ${CALLS_KNOBS.nsIp}, or neither`);
  }
  const used = hostAddresses();
  for (let attempt = 0; attempt < 50; attempt++) {
    // Skip the first /30 of each /16 (198.18.0.0/30 is the default `podium-test`).
    const block = 1 + crypto.randomInt(BENCH_RANGE.size / 4 - 1);
    const network = BENCH_RANGE.base + block * 4;
    const pair = { name, hostIp: intToIp(network + 1), nsIp: intToIp(network + 2) };
    if (!used.has(pair.hostIp) && !used.has(pair.nsIp)) return pair;
  }
  throw new Error('no free /30 in 198.18.0.0/15 for the test namespace');
}

/**
 * Addresses other than the host side that the namespace resolved (or tried to resolve) on its
 * link. With no gateway in the namespace, every packet for any other address starts with a
 * neighbour lookup on the veth, so this lists every attempt to leave the test network.
 */
function foreignNeighbours(spec: ResolvedNetnsSpec): string[] {
  try {
    const out = execFileSync('ip', ['-n', spec.name, 'neigh', 'show'], { encoding: 'utf8' });
    return out
      .split('\n')
      .map((line) => line.trim().split(/\s+/)[0] ?? '')
      .filter((address) => address && address !== spec.hostIp);
  } catch {
    return [];
  }
}

/**
 * A shell wrapper Playwright launches instead of Chromium: it turns off mDNS host candidates in
 * the fresh profile Playwright made (Local State is read at start; there is no flag for it, and
 * `--disable-features` would replace Playwright's own list), then runs Chromium inside the
 * namespace. Playwright drives Chromium over a pipe, so control is unaffected.
 */
function writeChromiumWrapper(file: string, netnsName: string): void {
  const localState = JSON.stringify({
    browser: { enabled_labs_experiments: ['enable-webrtc-hide-local-ips-with-mdns@2'] },
  });
  fs.writeFileSync(
    file,
    [
      '#!/bin/sh',
      'profile=',
      'for arg in "$@"; do',
      '  case "$arg" in --user-data-dir=*) profile="${arg#--user-data-dir=}" ;; esac',
      'done',
      'if [ -n "$profile" ] && [ ! -e "$profile/Local State" ]; then',
      '  mkdir -p "$profile"',
      `  printf '%s' '${localState}' > "$profile/Local State"`,
      'fi',
      `exec ip netns exec ${netnsName} ${CHROMIUM} "$@"`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
}

export default async function callsGlobalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (!callsRequested(process.argv.slice(2), process.env)) return undefined;
  assertRoot();

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-e2e-calls-'));
  const mailDir = path.join(work, 'mail');
  const dataDir = path.join(work, 'data');
  const serverLog = path.join(work, 'server.log');
  const keptLog = path.join(root, '.tmp', 'e2e-calls-server.log');
  const wrapper = path.join(work, 'chromium-in-netns');

  let spec: ResolvedNetnsSpec | undefined;
  let server: ChildProcess | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>> | undefined;

  const teardown = async () => {
    // Taken before anything stops: the addresses the namespace tried to reach during the run.
    const strays = spec ? foreignNeighbours(spec) : [];
    // The server stops Janus on SIGTERM (Janus takes ~2 s to shut down).
    if (server) await stopChild(server, 20_000);
    await smtp?.close();
    // Browsers are closed by now (workers stop before the global teardown); anything still
    // inside (a Janus the server could not stop) is ended with the namespace.
    if (spec) await netnsDown(spec, { killProcesses: true });
    try {
      fs.mkdirSync(path.dirname(keptLog), { recursive: true });
      fs.copyFileSync(serverLog, keptLog);
    } catch {
      // No log: the server never started.
    }
    fs.rmSync(work, { recursive: true, force: true });
    if (strays.length > 0) {
      throw new Error(
        `the test namespace tried to reach ${strays.join(', ')}: only ${spec!.hostIp} is allowed`,
      );
    }
  };

  try {
    spec = await netnsUp(chooseNetns(process.env));
    writeChromiumWrapper(wrapper, spec.name);
    smtp = await startSmtpCapture(mailDir);
    const port = await freePort(spec.hostIp);
    const baseUrl = `http://${spec.hostIp}:${port}`;

    const logFd = fs.openSync(serverLog, 'w');
    server = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
      {
        cwd: root,
        stdio: ['ignore', logFd, logFd],
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          // SECURITY: only the host side of the veth pair: the browsers in the namespace reach
          // it, nothing on the machine's real interfaces does.
          HOST: spec.hostIp,
          PUBLIC_URL: baseUrl,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
          LOG_LEVEL: process.env.PODIUM_E2E_LOG_LEVEL ?? 'warn',
          WEB_DIST: path.join(root, 'apps/web/dist'),
          LOGIN_MAX_ATTEMPTS: '1000',
          MEDIA_ENABLED: '1',
          MEDIA_NETNS: spec.name,
          MEDIA_NETNS_HOST_IP: spec.hostIp,
          MEDIA_NETNS_IP: spec.nsIp,
          MEDIA_ICE_INTERFACE: '',
          MEDIA_PUBLIC_IP: '',
        },
      },
    );
    fs.closeSync(logFd);
    await waitUntilReady(baseUrl, server, serverLog, 'the calls server');

    process.env[CALLS_ENV.baseUrl] = baseUrl;
    process.env[CALLS_ENV.chromium] = wrapper;
    process.env[CALLS_ENV.netns] = spec.name;
    process.env[CALLS_ENV.hostIp] = spec.hostIp;
    process.env[CALLS_ENV.nsIp] = spec.nsIp;
    process.env[CALLS_ENV.mailDir] = mailDir;
    process.env[CALLS_ENV.serverLog] = serverLog;
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
