// The load side of bench/hls/playlist.ts, in a process of its own so its CPU is not the
// server's: autocannon against one URL, every request from another client address
// (X-Forwarded-For, the server runs with TRUST_PROXY=1) as a real audience would be, so the
// per-address limit of the HLS routes (1,200 a minute) is not what gets measured.
//
//   node bench/hls/load.mjs '{"url":"http://127.0.0.1:8080/...","connections":50,"seconds":10}'
// prints autocannon's result as one JSON line.
import autocannon from 'autocannon';

const { url, connections, seconds } = JSON.parse(process.argv[2] ?? '{}');
let n = 0;
const result = await autocannon({
  url,
  connections,
  duration: seconds,
  requests: [
    {
      setupRequest(request) {
        n += 1;
        const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
        return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } };
      },
    },
  ],
});
process.stdout.write(
  JSON.stringify({
    total: result.requests.total,
    average: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }) + '\n',
);
