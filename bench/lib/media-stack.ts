// The media stack the `join` and `media` benchmarks run against: a network namespace made for
// the run (veth pair with a /30 from 198.18.0.0/15, notes/media-janus.md "The test network"), a
// real Podium server as its own process on the host side of the veth with MEDIA_ENABLED=1, and
// the Janus it supervises inside the namespace. Nothing listens on or sends to the machine's real
// interfaces. Needs root (CAP_NET_ADMIN) and iproute2, like the `calls` e2e project.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  assertCanCreateNamespaces,
  chooseTestNetns,
  foreignNeighbours,
  freePort,
  netnsDown,
  netnsUp,
  writeNetnsChromiumWrapper,
  type ResolvedNetnsSpec,
} from '@podium/server/test-support';
import { repoRoot } from '../signaling/server-process.ts';
import { childrenOf } from './processes.ts';

const NEEDS_ROOT =
  'this benchmark runs Janus (and browsers) in a network namespace it creates: run it as root';

function commOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

export interface MediaStack {
  spec: ResolvedNetnsSpec;
  /** `http://<host-side address>:<port>`. */
  url: string;
  serverPid: number;
  /** The first Janus (the origin when JANUS_EDGES runs more). */
  janusPid: number;
  /** Every Janus under the server now, the origin first (started first: the lowest pid). */
  janusPids(): number[];
  /** Writes a shell wrapper that runs Chromium inside the namespace (Playwright's executable). */
  chromiumWrapper(chromium: string): string;
  tail(lines?: number): string;
  /**
   * The Janus API the server's Janus listens on and its secret, read from the config folder the
   * server generated (the `join` benchmark's bare janus.js page talks to the same Janus).
   */
  janusApi(): { ip: string; port: number; apiSecret: string; roomAdminKey: string };
  /** Stops the server (which stops Janus), removes the namespace; throws on stray packets. */
  stop(): Promise<void>;
}

export async function startMediaStack(options: {
  /** Serve the built web app (the `join` benchmark); otherwise API and socket only. */
  web: boolean;
  /** The built web app to serve (default apps/web/dist). */
  webDist?: string;
  /** More environment for the server (e.g. JANUS_EDGES). */
  env?: Record<string, string>;
  /**
   * Run the compiled server (packages/server/dist/main.js, built first when stale), as
   * `npm start` does in production (the default); false: its TypeScript sources under tsx.
   */
  compiled?: boolean;
  log: (text: string) => void;
}): Promise<MediaStack> {
  assertCanCreateNamespaces(NEEDS_ROOT);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-bench-media-'));
  const serverLog = path.join(work, 'server.log');
  let spec: ResolvedNetnsSpec | undefined;
  let child: ChildProcess | undefined;
  const tail = (lines = 30): string => {
    try {
      return fs.readFileSync(serverLog, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  };

  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    const strays = spec ? foreignNeighbours(spec) : [];
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      // The server stops Janus on SIGTERM (Janus takes ~2 s).
      const killer = setTimeout(() => child!.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(killer);
    }
    if (spec) await netnsDown(spec, { killProcesses: true });
    fs.rmSync(work, { recursive: true, force: true });
    if (strays.length > 0) {
      throw new Error(`the namespace tried to reach ${strays.join(', ')}: only ${spec!.hostIp}`);
    }
  };
  // An interrupted benchmark must not leave its server, Janus or namespace behind.
  const onSignal = (signal: NodeJS.Signals): void => {
    void stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    // A copy of the built web app: a rebuild of apps/web/dist during the run (another `npm run
    // build`) renames its chunks, which the running server then answers with index.html, and
    // every page after that stays blank.
    const webDist = path.join(work, 'web');
    if (options.web)
      fs.cpSync(options.webDist ?? path.join(repoRoot, 'apps/web/dist'), webDist, {
        recursive: true,
      });
    spec = await netnsUp(chooseTestNetns('pbench'));
    const port = await freePort(spec.hostIp);
    const url = `http://${spec.hostIp}:${port}`;
    const logFd = fs.openSync(serverLog, 'w');
    const compiled = options.compiled ?? true;
    if (compiled) {
      const built = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build-server.mjs')], {
        stdio: 'inherit',
      });
      if (built.status !== 0) throw new Error('the server did not build');
    }
    child = spawn(
      process.execPath,
      compiled
        ? [path.join(repoRoot, 'packages/server/dist/main.js')]
        : ['--import', 'tsx', path.join(repoRoot, 'packages/server/src/main.ts')],
      {
        cwd: repoRoot,
        stdio: ['ignore', logFd, logFd],
        env: {
          PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin',
          HOME: process.env.HOME ?? work,
          NODE_ENV: 'production',
          // Only the host side of the veth pair: reachable from the namespace and this machine,
          // not from its real interfaces.
          HOST: spec.hostIp,
          PORT: String(port),
          PUBLIC_URL: url,
          DATA_DIR: path.join(work, 'data'),
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
          WEB_DIST: options.web ? webDist : path.join(work, 'no-web'),
          MEDIA_ENABLED: '1',
          MEDIA_NETNS: spec.name,
          MEDIA_NETNS_HOST_IP: spec.hostIp,
          MEDIA_NETNS_IP: spec.nsIp,
          MEDIA_ICE_INTERFACE: '',
          MEDIA_PUBLIC_IP: '',
          ...options.env,
        },
      },
    );
    fs.closeSync(logFd);
    // Generous: the server opens PGlite (and compiles through tsx when asked to); minutes on a
    // loaded machine.
    const deadline = Date.now() + 240_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the server exited during start-up:\n${tail()}`);
      }
      try {
        if ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server was not ready in 240 s:\n${tail()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // Janus is the server's child (`ip netns exec` execs it in place).
    let janusPid = 0;
    while (!janusPid) {
      janusPid = childrenOf(child.pid!).find((pid) => commOf(pid) === 'janus') ?? 0;
      if (janusPid) break;
      if (Date.now() > deadline) throw new Error(`no Janus under the server:\n${tail()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    options.log(`server ${child.pid} on ${url}, Janus ${janusPid} in ${spec.name}`);
    const nsName = spec.name;
    const serverPid = child.pid!;
    return {
      spec,
      url,
      serverPid,
      janusPid,
      janusPids: () =>
        childrenOf(serverPid)
          .filter((pid) => commOf(pid) === 'janus')
          .sort((a, b) => a - b),
      tail,
      stop,
      janusApi: () => readJanusApi(path.join(work, 'data', 'media')),
      chromiumWrapper(chromium: string): string {
        // mDNS host candidates off in the fresh profile, then Chromium inside the namespace.
        return writeNetnsChromiumWrapper(path.join(work, 'chromium-in-netns'), nsName, chromium);
      },
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/** The API address and secret from the newest `podium-janus-*` config folder under `mediaDir`. */
function readJanusApi(mediaDir: string): {
  ip: string;
  port: number;
  apiSecret: string;
  roomAdminKey: string;
} {
  const folders = fs
    .readdirSync(mediaDir)
    .filter((name) => name.startsWith('podium-janus-'))
    .map((name) => path.join(mediaDir, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  if (folders.length === 0) throw new Error(`no Janus config folder in ${mediaDir}`);
  const read = (file: string, key: string): string => {
    const text = fs.readFileSync(path.join(folders[0]!, file), 'utf8');
    const match = new RegExp(`^\\s*${key}\\s*=\\s*"?([^"\\n]*)"?`, 'm').exec(text);
    if (!match) throw new Error(`no ${key} in ${file}`);
    return match[1]!;
  };
  return {
    ip: read('janus.transport.websockets.jcfg', 'ws_ip'),
    port: Number(read('janus.transport.websockets.jcfg', 'ws_port')),
    apiSecret: read('janus.jcfg', 'api_secret'),
    roomAdminKey: read('janus.plugin.videoroom.jcfg', 'admin_key'),
  };
}

/** Signs a host up, logs in, creates an event; returns its alias and the host's tokens. */
export async function prepareEvent(
  baseUrl: string,
  mode: 'meeting' | 'conference' | 'theater',
): Promise<{ alias: string; token: string; renewal: string }> {
  const call = async (
    url: string,
    expected: number,
    body: unknown,
    token?: string,
  ): Promise<Record<string, unknown>> => {
    const res = await fetch(baseUrl + url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status !== expected) {
      throw new Error(`${url} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
    }
    return json;
  };
  const tag = crypto.randomBytes(4).toString('hex');
  const email = `bench-${tag}@example.test`;
  const password = `bench-${tag}-password`;
  await call('/api/v1/user/signup', 201, {
    email,
    username: `bench_${tag}`,
    password,
    full_name: 'Bench Host',
  });
  const login = await call('/api/v1/user/session/new', 200, { username: email, password });
  const token = String(login.authorization);
  const start = new Date(Date.now() + 3600_000);
  start.setUTCSeconds(0, 0);
  const event = await call(
    '/api/account/qrcode/create',
    201,
    {
      title: `${mode} benchmark`,
      start_time: start.toISOString(),
      mode,
      join_before_host: true,
      require_passcode: false,
    },
    token,
  );
  return { alias: String(event.name), token, renewal: String(login.renewal_token) };
}

/** Nearest-rank percentile of a sorted array. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}
