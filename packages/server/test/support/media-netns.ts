// A throwaway network namespace per test run, so media tests never touch the machine's real
// interfaces and two runs on one machine never collide (the set-up is shared with the e2e calls
// project and the benchmarks: src/test-support/netns.ts).
import { execFileSync } from 'node:child_process';
import type { ResolvedNetnsSpec } from '../../src/media/netns.ts';
import { createTestNamespace as createNamespace } from '../../src/test-support/netns.ts';

const NEEDS_ROOT =
  'Media tests run Janus in a network namespace they create, which needs root (CAP_NET_ADMIN) ' +
  'and iproute2 (`ip`). Run the server tests as root (CI does); they never skip.';

/** A namespace with a unique name and a free /30 from 198.18.0.0/15; fails without root. */
export function createTestNamespace(): Promise<ResolvedNetnsSpec> {
  return createNamespace('pdmt', NEEDS_ROOT);
}

/** Process ids whose command line mentions `needle` (e.g. a config folder). */
export function processesMentioning(needle: string): number[] {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes(needle))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .filter((pid) => pid !== process.pid);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A Podium server's environment for real media in `spec`'s namespace: its Janus inside, on UDP
 * ports `rtp.min`-`rtp.max` (each test file its own range, so files running side by side never
 * share one), and the server on the host side of the veth, where the namespace's browsers reach
 * it.
 */
export function mediaServerEnv(
  spec: ResolvedNetnsSpec,
  rtp: { min: number; max: number },
): Record<string, string> {
  return {
    MEDIA_ENABLED: '1',
    MEDIA_NETNS: spec.name,
    MEDIA_NETNS_HOST_IP: spec.hostIp,
    MEDIA_NETNS_IP: spec.nsIp,
    JANUS_RTP_PORT_MIN: String(rtp.min),
    JANUS_RTP_PORT_MAX: String(rtp.max),
    HOST: spec.hostIp,
  };
}
