#!/usr/bin/env node
// `npm run bench`: runs Podium's benchmarks and prints their results.
//
// The planned ones (ARCHITECTURE.md "Stack") are listed below; those written so far are in
// `runnable` and run with `npm run bench -- <name>`, each reporting into the results table of
// bench/README.md. Without a name this command lists them and exits 0, rather than printing
// numbers that were never measured.
const planned = [
  {
    name: 'join',
    what: 'click on Join to the first remote video frame in headless Chromium, through Janus, interleaved with a bare janus.js page on the same Janus',
    status: 'ready (root, after npm run build): npm run bench -- join [--joins 10] [--bare off]',
  },
  {
    name: 'http',
    what: 'REST API throughput and latency with autocannon, Podium against a bare Fastify route',
    status: 'ready (after npm run build): npm run bench -- http [--stores pglite,postgres]',
  },
  {
    name: 'signaling',
    what: 'WebSocket swarm: join storm, chat and hand fan-out latency, server RSS/CPU',
    status:
      'ready: npm run bench -- signaling [--n 100,1000,5000,10000] [--engines podium,bare | nodes1,nodes2]',
  },
  {
    name: 'media',
    what: 'ffmpeg-fed synthetic publishers and werift subscribers through Janus: CPU per stream',
    status:
      'ready (root): npm run bench -- media [--plan 1x1,1x5,1x10,1x20,4x1,4x5] [--edges 1] [--size 1280x720]',
  },
  {
    name: 'web',
    what: 'first-load JS and CSS per page (raw, gzip, Brotli) from the built web app',
    status: 'ready (after npm run build): npm run bench -- web',
  },
  {
    name: 'soak',
    what: 'a 3-person call for an hour: server and Janus RSS and open fds every minute, growth',
    status: 'ready (root, after npm run build): npm run bench -- soak [--minutes 60]',
  },
  {
    name: 'vbg',
    what: 'virtual background at 720p in headless Chromium: ms per frame and CPU vs the bare camera',
    status: 'ready (after npm run build): npm run bench -- vbg [--seconds 10]',
  },
  {
    name: 'egress',
    what: 'one recording egress at 720p30 and 1080p30: cores and MB of its process tree, click → REC and → first fragment, a bare ffmpeg as reference',
    status: 'ready (root, after npm run build): npm run bench -- egress [--seconds 60]',
  },
  {
    name: 'hls',
    what: 'server CPU per watch-page playlist request (the one nginx cannot cache), against /healthz',
    status: 'ready: npm run bench -- hls [--seconds 10] [--rounds 2]',
  },
  {
    name: 'glass',
    what: 'glass-to-glass latency: a clock drawn into the camera, read on the watch page (HLS) and in the call (WebRTC)',
    status: 'ready (root, after npm run build): GLASS_SECONDS=60 npm run bench -- glass',
  },
];

// Benchmarks that exist, run as `npm run bench -- <name> [options]`. Each is its own process, run
// through bash so the open-file limit can be raised to the hard limit first (the signaling swarm
// holds one socket per participant, up to 10,000, in the client and again in the server).
const runnable = {
  signaling: ['--import', 'tsx', 'bench/signaling/swarm.ts'],
  join: ['--import', 'tsx', 'bench/join/join.ts'],
  media: ['--import', 'tsx', 'bench/media/media.ts'],
  web: ['bench/web.mjs'],
  soak: ['--import', 'tsx', 'bench/soak/soak.ts'],
  http: ['--import', 'tsx', 'bench/http/http.ts'],
  vbg: ['--import', 'tsx', 'bench/virtual-background/vbg.ts'],
  egress: ['--import', 'tsx', 'bench/egress/egress.ts'],
  hls: ['--import', 'tsx', 'bench/hls/playlist.ts'],
  // A Playwright test on the e2e calls harness (GLASS_SECONDS per phase, 60 by default).
  glass: [
    'node_modules/@playwright/test/cli.js',
    'test',
    '-c',
    'bench/glass/playwright.config.ts',
    '--output',
    '.tmp/bench-glass',
  ],
};
const [which, ...rest] = process.argv.slice(2);
if (which !== undefined) {
  const args = runnable[which];
  if (!args) {
    console.error(`unknown benchmark "${which}"; runnable: ${Object.keys(runnable).join(', ')}`);
    process.exit(2);
  }
  const { spawnSync } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const root = fileURLToPath(new URL('..', import.meta.url));
  const run = spawnSync(
    'bash',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"',
      'bench',
      process.execPath,
      ...args,
      ...rest,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  process.exit(run.status ?? 1);
}

console.log('Podium benchmarks\n');
for (const b of planned) console.log(`  ${b.name.padEnd(10)} ${b.what} (${b.status})`);
console.log(
  '\nNothing was measured. Run one with `npm run bench -- <name>` (names marked ready above); ' +
    'results: bench/README.md.',
);
