import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  assertCanCreateNamespaces,
  chooseTestNetns,
  foreignNeighbours,
  freePort,
  netnsDown,
  netnsUp,
  writeNetnsChromiumWrapper,
  type NetnsSpec,
  type ResolvedNetnsSpec,
} from '@podium/server/test-support';
import { removeParticipantNetnsWithPrefix } from '../calls/support/own-netns.ts';
import { CALLS_ENV, CALLS_KNOBS } from './netns-env.ts';
import { startSmtpCapture } from './smtp-capture.ts';
import { stopChild, waitUntilReady } from './processes.ts';

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
  const callProjects = ['calls', 'calls-network'];
  if (projects.length > 0 && !projects.some((p) => callProjects.some((c) => glob(p).test(c)))) {
    return false;
  }
  if (files.length > 0 && !files.some((f) => f.includes('calls'))) return false;
  return true;
}

const NEEDS_ROOT =
  'The call specs run Janus and the browsers in a network namespace they create, which needs ' +
  'root (CAP_NET_ADMIN) and iproute2. Run them as root (CI does), or leave them out with ' +
  '`--project chromium`.';

/** The namespace to create: from the knobs, else a fresh name and a free /30. */
function chooseNetns(env: NodeJS.ProcessEnv): NetnsSpec {
  const hostIp = env[CALLS_KNOBS.hostIp];
  const nsIp = env[CALLS_KNOBS.nsIp];
  if (!hostIp !== !nsIp) {
    throw new Error(`set both ${CALLS_KNOBS.hostIp} and ${CALLS_KNOBS.nsIp}, or neither`);
  }
  const fresh = chooseTestNetns('pe2e');
  return {
    name: env[CALLS_KNOBS.name] || fresh.name,
    hostIp: hostIp || fresh.hostIp,
    nsIp: nsIp || fresh.nsIp,
  };
}

export default async function callsGlobalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (!callsRequested(process.argv.slice(2), process.env)) return undefined;
  assertCanCreateNamespaces(NEEDS_ROOT);

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
    // Participant namespaces (calls/support/own-netns.ts) a crashed worker left behind first:
    // their links end inside the media namespace.
    if (spec) await removeParticipantNetnsWithPrefix(`${spec.name}-p`);
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
    // Playwright launches Chromium through it, inside the namespace (mDNS candidates off).
    writeNetnsChromiumWrapper(wrapper, spec.name);
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
          // PODIUM_E2E_WEB_DIST: a copy of the built app, for a run that must not see another
          // run's rebuild of apps/web/dist (several engineers' runs on one machine).
          WEB_DIST: process.env.PODIUM_E2E_WEB_DIST ?? path.join(root, 'apps/web/dist'),
          LOGIN_MAX_ATTEMPTS: '1000',
          MEDIA_ENABLED: '1',
          MEDIA_NETNS: spec.name,
          MEDIA_NETNS_HOST_IP: spec.hostIp,
          MEDIA_NETNS_IP: spec.nsIp,
          MEDIA_ICE_INTERFACE: '',
          MEDIA_PUBLIC_IP: '',
          // Live streaming tests push to nginx-rtmp on the runner's loopback (calls/livestream.spec.ts).
          STREAM_ALLOW_PRIVATE_HOSTS: '1',
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
