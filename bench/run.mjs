#!/usr/bin/env node
// `npm run bench`: runs Podium's benchmarks and prints their results.
//
// There are none yet. The planned ones (ARCHITECTURE.md "Stack") are listed below with the issue
// that brings them; each will be a module here exporting `run()` and reporting into the results
// table of bench/README.md. Until one exists this command says so and exits 0, rather than
// printing numbers that were never measured.
const planned = [
  { name: 'http', what: 'REST API throughput and latency with autocannon', status: 'not written' },
  {
    name: 'signaling',
    what: 'WebSocket swarm: joins and messages per second',
    status: 'not written',
  },
  {
    name: 'media',
    what: 'ffmpeg-fed synthetic publishers and werift subscribers through Janus',
    status: 'not written',
  },
];

console.log('Podium benchmarks\n');
for (const b of planned) console.log(`  ${b.name.padEnd(10)} ${b.what} (${b.status})`);
console.log('\nNo benchmark exists yet, so nothing was measured. See bench/README.md.');
