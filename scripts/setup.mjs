#!/usr/bin/env node
// Brings a machine up to what Podium needs, and does nothing (quietly) when it already has it.
//
//   node scripts/setup.mjs [--for=start|test|headed] [--no-system] [--verbose]
//
// Plain Node ESM with no dependencies: it must run before `npm ci` has installed anything.
// Used by `npm start` (scripts/start.mjs), `npm test` (scripts/test.mjs) and `npm run setup`.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Debian packages per purpose. An entry is satisfied when `present()` finds the file we use, or,
 * without `present`, when dpkg reports the package installed. A later purpose includes the
 * earlier ones: `test` needs everything `start` needs.
 *
 * To add a system dependency (e.g. janus, ffmpeg for the media issue), add one line here.
 */
const SYSTEM_PACKAGES = {
  start: [
    // The server runs its own Janus (generated config) as the media server.
    { pkg: 'janus', present: () => hasCommand('janus'), stopService: 'janus' },
    // MEDIA_NETNS runs Janus inside a network namespace: `ip netns`.
    { pkg: 'iproute2', present: () => !process.env.MEDIA_NETNS || hasIp() },
    // Recording and live streaming: the egress renders the stage in headless Chromium and
    // encodes it with ffmpeg (H.264 + AAC) to files, RTMP destinations and HLS.
    { pkg: 'chromium', present: () => fs.existsSync('/usr/bin/chromium') },
    { pkg: 'ffmpeg', present: () => fs.existsSync('/usr/bin/ffmpeg') },
  ],
  test: [
    // Browser tests drive Debian's Chromium (installed for `start` above, for the egress);
    // `playwright install` would download one and fails.
    // The server tests start a throwaway cluster from /usr/lib/postgresql/<v>/bin.
    { pkg: 'postgresql', present: () => postgresBinDir() !== null, stopService: 'postgresql' },
    // `ip netns` for the test network namespace of the media tests.
    { pkg: 'iproute2', present: () => hasIp() },
    // Pages render with real fonts so layouts in screenshots and measurements are stable.
    { pkg: 'fonts-liberation' },
    // Live-streaming tests publish to a real RTMP server: nginx with the RTMP module.
    { pkg: 'nginx', present: () => fs.existsSync('/usr/sbin/nginx'), stopService: 'nginx' },
    // Scale-out tests (issue 16) start a throwaway redis-server on loopback as the shared bus
    // and counters; the system service Debian starts would only be something left listening.
    {
      pkg: 'redis-server',
      present: () => fs.existsSync('/usr/bin/redis-server'),
      stopService: 'redis-server',
    },
    { pkg: 'libnginx-mod-rtmp' },
    // The front-door test (deploy/nginx) serves the web app's precompressed .br files.
    { pkg: 'libnginx-mod-http-brotli-static' },
    // The network-fault call specs' user-space link (e2e/calls/support/netwire.py): the kernel
    // here has no netem, so delay, jitter and loss are applied by a small Python process.
    { pkg: 'python3', present: () => hasCommand('python3') },
    // Cross-browser call test: Firefox ESR driven over WebDriver BiDi.
    { pkg: 'firefox-esr', present: () => fs.existsSync('/usr/bin/firefox-esr') },
    // The join benchmark's bare page joins Janus with Debian's janus.js, no application server.
    {
      pkg: 'libjs-janus-gateway',
      present: () => fs.existsSync('/usr/share/javascript/janus-gateway'),
    },
  ],
  headed: [
    // A virtual display for `npm run test:e2e:headed` on machines without one.
    { pkg: 'xvfb', present: () => fs.existsSync('/usr/bin/xvfb-run') },
  ],
};
const PURPOSE_CHAIN = {
  start: ['start'],
  test: ['start', 'test'],
  headed: ['start', 'test', 'headed'],
};

const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < 20) {
  console.error(`setup: Podium needs Node 20 or newer; this is Node ${process.versions.node}`);
  process.exit(1);
}

const args = process.argv.slice(2);
const purpose = (
  args.find((a) => a.startsWith('--for='))?.slice('--for='.length) ?? 'start'
).trim();
const verbose = args.includes('--verbose');
const skipSystem = args.includes('--no-system') || process.env.PODIUM_SKIP_SYSTEM_SETUP === '1';
if (!(purpose in PURPOSE_CHAIN)) {
  console.error(`setup: unknown --for=${purpose} (use start, test or headed)`);
  process.exit(2);
}

function say(message) {
  console.log(`[setup] ${message}`);
}
function note(message) {
  if (verbose) say(message);
}

// ---------------------------------------------------------------------------------------------
// System packages
// ---------------------------------------------------------------------------------------------

function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const version = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? path.join(base, version, 'bin') : null;
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function hasIp() {
  return hasCommand('ip') || fs.existsSync('/usr/sbin/ip');
}

function dpkgInstalled(pkg) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() === 'install ok installed';
}

function isInstalled(entry) {
  // What matters is the file we use; dpkg is the fallback for packages without one.
  return entry.present ? entry.present() : hasCommand('dpkg-query') && dpkgInstalled(entry.pkg);
}

function run(cmd, cmdArgs, env = {}) {
  note(`$ ${cmd} ${cmdArgs.join(' ')}`);
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`setup: \`${cmd} ${cmdArgs.join(' ')}\` failed (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
}

/**
 * Debian starts a system service for some packages: postgresql creates and starts a cluster on
 * port 5432, janus starts with the Debian default configuration. Podium runs its own instances
 * (a throwaway test cluster; Janus with a generated config), so the system services would only
 * be something left listening. SECURITY: Debian's default Janus config has a well-known admin
 * secret and demo streams on all interfaces; it must never stay running.
 * Only done right after we installed the package, so a service the machine's owner set up on
 * purpose is never touched.
 */
function stopSystemService(service) {
  if (service === 'postgresql' && hasCommand('pg_lsclusters')) {
    const list = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).stdout ?? '';
    for (const line of list.split('\n')) {
      const [version, cluster, , status] = line.trim().split(/\s+/);
      if (!version || !cluster) continue;
      if (status === 'online') {
        spawnSync('pg_ctlcluster', [version, cluster, 'stop'], { stdio: 'ignore' });
      }
      // `manual` keeps the init scripts from starting this cluster.
      const startConf = `/etc/postgresql/${version}/${cluster}/start.conf`;
      if (fs.existsSync(startConf)) fs.writeFileSync(startConf, 'manual\n');
    }
  }
  if (fs.existsSync('/run/systemd/system') && hasCommand('systemctl')) {
    spawnSync('systemctl', ['disable', '--now', service], { stdio: 'ignore' });
  } else {
    if (hasCommand('service')) spawnSync('service', [service, 'stop'], { stdio: 'ignore' });
    if (hasCommand('update-rc.d')) {
      spawnSync('update-rc.d', [service, 'disable'], { stdio: 'ignore' });
    }
  }
  say(`stopped and disabled the system ${service} service (Podium runs its own)`);
}

function setupSystemPackages() {
  const wanted = PURPOSE_CHAIN[purpose].flatMap((p) => SYSTEM_PACKAGES[p]);
  const missing = wanted.filter((entry) => !isInstalled(entry));
  if (missing.length === 0) {
    note('system packages present');
    return;
  }
  const names = missing.map((e) => e.pkg);
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !hasCommand('apt-get')) {
    console.error(
      [
        `setup: missing system packages: ${names.join(' ')}`,
        hasCommand('apt-get')
          ? 'Install them as root, then run this command again:'
          : 'This machine has no apt-get; install the equivalents of these Debian packages:',
        `  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${names.join(' ')}`,
      ].join('\n'),
    );
    process.exit(1);
  }
  say(`installing system packages: ${names.join(' ')}`);
  const aptEnv = { DEBIAN_FRONTEND: 'noninteractive' };
  // A fresh machine has no package lists; refresh them once, right before the first install.
  // Wait for a concurrent apt/dpkg (unattended upgrades, another set-up) instead of failing.
  const lockWait = ['-o', 'DPkg::Lock::Timeout=600'];
  run('apt-get', [...lockWait, 'update', '-q'], aptEnv);
  run('apt-get', [...lockWait, 'install', '-y', '-q', '--no-install-recommends', ...names], aptEnv);
  for (const entry of missing) {
    if (!isInstalled(entry)) {
      console.error(`setup: ${entry.pkg} was installed but is still not usable`);
      process.exit(1);
    }
    if (entry.stopService) stopSystemService(entry.stopService);
  }
}

// ---------------------------------------------------------------------------------------------
// npm dependencies
// ---------------------------------------------------------------------------------------------

const lockFile = path.join(root, 'package-lock.json');
const stampFile = path.join(root, 'node_modules', '.podium-lock-hash');

function lockHash() {
  return crypto.createHash('sha256').update(fs.readFileSync(lockFile)).digest('hex');
}

/**
 * True when node_modules already holds exactly what package-lock.json asks for, judged from
 * npm's own record of the installed tree (node_modules/.package-lock.json). This covers trees
 * installed before the stamp existed and trees updated by `npm install <pkg>`, without
 * reinstalling everything.
 */
function installedTreeMatchesLock() {
  const hidden = path.join(root, 'node_modules', '.package-lock.json');
  if (!fs.existsSync(hidden)) return false;
  try {
    const want = JSON.parse(fs.readFileSync(lockFile, 'utf8')).packages ?? {};
    const have = JSON.parse(fs.readFileSync(hidden, 'utf8')).packages ?? {};
    for (const [key, entry] of Object.entries(want)) {
      if (key === '' || !key.includes('node_modules/')) continue;
      const got = have[key];
      // Optional packages for other platforms are legitimately absent.
      if (!got) {
        if (entry.optional || entry.devOptional) continue;
        return false;
      }
      if (got.version !== entry.version) return false;
      if (!fs.existsSync(path.join(root, key))) return false;
    }
    for (const key of Object.keys(have)) if (!(key in want)) return false;
    return true;
  } catch {
    return false;
  }
}

function setupNpm() {
  if (!fs.existsSync(lockFile)) {
    console.error('setup: package-lock.json is missing; run `npm install` once to create it');
    process.exit(1);
  }
  const hash = lockHash();
  const hasModules = fs.existsSync(path.join(root, 'node_modules'));
  if (
    hasModules &&
    fs.existsSync(stampFile) &&
    fs.readFileSync(stampFile, 'utf8').trim() === hash
  ) {
    note('npm dependencies up to date');
    return;
  }
  if (hasModules && installedTreeMatchesLock()) {
    fs.writeFileSync(stampFile, hash + '\n');
    note('npm dependencies up to date (stamp written)');
    return;
  }
  say(hasModules ? 'package-lock.json changed: npm ci' : 'installing npm dependencies: npm ci');
  // --include=dev: with NODE_ENV=production npm would leave out the devDependencies, and
  // `npm start` needs them to build (vite for the web app, esbuild for the server). What runs
  // is the built output with the server's own dependencies (README "Design notes").
  run('npm', ['ci', '--include=dev', '--no-audit', '--no-fund'], {
    npm_config_update_notifier: 'false',
  });
  fs.writeFileSync(stampFile, hash + '\n');
}

// ---------------------------------------------------------------------------------------------

if (!skipSystem) setupSystemPackages();
setupNpm();
// Sanity check that the install produced a runnable toolchain: the builders `npm start` runs,
// and tsx, through which the tests and `npm run dev` run the TypeScript.
const toolchain = purpose === 'start' ? ['esbuild', 'vite'] : ['esbuild', 'vite', 'tsx'];
// One child process for all of them: each load checked, the first that fails named.
const check = spawnSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `for (const n of ${JSON.stringify(toolchain)}) await import(n).catch(() => { console.log(n); process.exit(1); });`,
  ],
  { cwd: root, encoding: 'utf8' },
);
if (check.status !== 0) {
  const name = check.stdout.trim() || toolchain.join(', ');
  console.error(
    `setup: npm dependencies look incomplete (cannot load ${name}); try \`npm ci --include=dev\``,
  );
  process.exit(1);
}
