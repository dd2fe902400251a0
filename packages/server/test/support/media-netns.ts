// A throwaway network namespace per test run, so media tests never touch the machine's real
// interfaces and two runs on one machine never collide.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import { type ResolvedNetnsSpec, netnsUp } from '../../src/media/netns.ts';

export const NEEDS_ROOT =
  'Media tests run Janus in a network namespace they create, which needs root (CAP_NET_ADMIN) ' +
  'and iproute2 (`ip`). Run the server tests as root (CI does); they never skip.';

/** Fails (never skips) when this machine cannot run the media tests. */
export function assertCanCreateNamespaces(): void {
  if (process.getuid?.() !== 0) {
    throw new Error(`${NEEDS_ROOT} Current uid: ${process.getuid?.() ?? 'unknown'}.`);
  }
  try {
    execFileSync('ip', ['netns', 'list'], { stdio: 'ignore' });
  } catch (error) {
    throw new Error(`${NEEDS_ROOT} \`ip netns list\` failed: ${(error as Error).message}`);
  }
}

/** IPv4 addresses configured anywhere on the host (root namespace). */
function hostAddresses(): Set<string> {
  const out = execFileSync('ip', ['-4', '-o', 'addr', 'show'], { encoding: 'utf8' });
  return new Set([...out.matchAll(/inet (\d+\.\d+\.\d+\.\d+)\//g)].map((m) => m[1]!));
}

/**
 * Creates a namespace with a unique name and a free /30 from 198.19.0.0/16 (benchmarking range,
 * never a real network; 198.18.0.0/30 is left to the default `podium-test`).
 */
export async function createTestNamespace(): Promise<ResolvedNetnsSpec> {
  assertCanCreateNamespaces();
  const used = hostAddresses();
  for (let attempt = 0; attempt < 20; attempt++) {
    const [a, b] = crypto.randomBytes(2);
    const base = `198.19.${a}.${(b! & 0xfc) % 252}`;
    const prefix = base.slice(0, base.lastIndexOf('.') + 1);
    const last = Number(base.slice(base.lastIndexOf('.') + 1));
    const hostIp = `${prefix}${last + 1}`;
    const nsIp = `${prefix}${last + 2}`;
    if (used.has(hostIp) || used.has(nsIp)) continue;
    const name = `pdmt-${crypto.randomBytes(3).toString('hex')}`;
    return netnsUp({ name, hostIp, nsIp });
  }
  throw new Error('no free /30 in 198.19.0.0/16 for the test namespace');
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
