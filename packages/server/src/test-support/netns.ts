// The throwaway network namespace of a test or benchmark run (recipe in notes/media-janus.md,
// "The test network"): Janus and the test browsers inside, the Podium server on the host side of
// a veth pair, so media never touches the machine's real interfaces and two runs never collide.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import { netnsUp, type NetnsSpec, type ResolvedNetnsSpec } from '../media/netns.ts';

export { netnsDown, netnsUp, type NetnsSpec, type ResolvedNetnsSpec } from '../media/netns.ts';

/** 198.18.0.0/15: the benchmarking range, never a real network. */
const TEST_RANGE = { base: (198 << 24) | (18 << 16), size: 1 << 17 };

const intToIp = (n: number): string => [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join('.');

/**
 * Fails (never skips) unless this process may create namespaces: root (CAP_NET_ADMIN) and
 * iproute2. `why` says who needs them and how to run without them.
 */
export function assertCanCreateNamespaces(why: string): void {
  if (process.getuid?.() !== 0) {
    throw new Error(`${why} Current uid: ${process.getuid?.() ?? 'unknown'}.`);
  }
  try {
    execFileSync('ip', ['netns', 'list'], { stdio: 'ignore' });
  } catch (error) {
    throw new Error(`${why} \`ip netns list\` failed: ${(error as Error).message}`);
  }
}

/** IPv4 addresses configured in the root namespace. */
function hostAddresses(): Set<string> {
  const out = execFileSync('ip', ['-4', '-o', 'addr', 'show'], { encoding: 'utf8' });
  return new Set([...out.matchAll(/inet (\d+\.\d+\.\d+\.\d+)\//g)].map((m) => m[1]!));
}

/**
 * A fresh name `<prefix>-xxxxxx` and a /30 from 198.18.0.0/15 that no interface here uses. The
 * first /30 is left to the default `podium-test` namespace (scripts/netns.mjs).
 */
export function chooseTestNetns(prefix: string): NetnsSpec {
  const used = hostAddresses();
  for (let attempt = 0; attempt < 50; attempt++) {
    const block = 1 + crypto.randomInt(TEST_RANGE.size / 4 - 1);
    const network = TEST_RANGE.base + block * 4;
    const spec = {
      name: `${prefix}-${crypto.randomBytes(3).toString('hex')}`,
      hostIp: intToIp(network + 1),
      nsIp: intToIp(network + 2),
    };
    if (!used.has(spec.hostIp) && !used.has(spec.nsIp)) return spec;
  }
  throw new Error('no free /30 in 198.18.0.0/15 for the test namespace');
}

/** Checks the rights, then creates a namespace from `chooseTestNetns(prefix)`. */
export async function createTestNamespace(prefix: string, why: string): Promise<ResolvedNetnsSpec> {
  assertCanCreateNamespaces(why);
  return netnsUp(chooseTestNetns(prefix));
}

/**
 * Addresses other than the host side that the namespace resolved (or tried to resolve) on its
 * link. With no gateway in the namespace, every packet for any other address starts with a
 * neighbour lookup on the veth, so this lists every attempt to leave the test network.
 */
export function foreignNeighbours(spec: ResolvedNetnsSpec): string[] {
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
