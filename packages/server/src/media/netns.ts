// A network namespace for Janus, joined to the host by a veth pair (recipe and measurements in
// notes/media-janus.md). Media then never touches the machine's real interfaces: tests keep every
// packet on the machine, and `MEDIA_NETNS` offers the same isolation to anyone running Podium.
//
// Needs root (CAP_NET_ADMIN) and iproute2's `ip`. Every step is idempotent, so `up` repairs a
// half-built namespace and `down` on a missing one does nothing.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { isIpv4 } from './janus-config.ts';

const run = promisify(execFile);

export interface NetnsSpec {
  /** Namespace name (`ip netns`): lower-case letters, digits, '-', '_', '.'. */
  name: string;
  /** Host side of the link; the Podium server listens here for test browsers. */
  hostIp: string;
  /** Namespace side; Janus binds its API and ICE here. */
  nsIp: string;
  /** veth names (at most 15 characters); derived from `name` when absent. */
  hostVeth?: string;
  nsVeth?: string;
}

export interface ResolvedNetnsSpec extends Required<NetnsSpec> {
  prefixLength: 30;
}

export const DEFAULT_NETNS: Readonly<NetnsSpec> = {
  name: 'podium-test',
  hostIp: '198.18.0.1',
  nsIp: '198.18.0.2',
};

const NAME = /^[a-z0-9][a-z0-9_.-]{0,49}$/;
const IFNAME = /^[A-Za-z0-9_.-]{1,15}$/;

function ipToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

/** veth names: `<name>-h` / `<name>-n` when short enough, else a stable hash of the name. */
export function vethNames(name: string): { hostVeth: string; nsVeth: string } {
  if (name.length <= 13) return { hostVeth: `${name}-h`, nsVeth: `${name}-n` };
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 10);
  return { hostVeth: `pv${hash}h`, nsVeth: `pv${hash}n` };
}

export function resolveNetnsSpec(spec: NetnsSpec): ResolvedNetnsSpec {
  if (!NAME.test(spec.name)) {
    throw new Error(`network namespace name must match ${NAME}, got ${JSON.stringify(spec.name)}`);
  }
  if (!isIpv4(spec.hostIp) || !isIpv4(spec.nsIp)) {
    throw new Error(`namespace addresses must be IPv4, got ${spec.hostIp} and ${spec.nsIp}`);
  }
  const host = ipToInt(spec.hostIp);
  const ns = ipToInt(spec.nsIp);
  // A /30 holds network, two hosts, broadcast: both ends must be its two usable addresses.
  const usable = (n: number) => n % 4 === 1 || n % 4 === 2;
  if (Math.floor(host / 4) !== Math.floor(ns / 4) || host === ns || !usable(host) || !usable(ns)) {
    throw new Error(`${spec.hostIp} and ${spec.nsIp} must be the two host addresses of one /30`);
  }
  const derived = vethNames(spec.name);
  const hostVeth = spec.hostVeth ?? derived.hostVeth;
  const nsVeth = spec.nsVeth ?? derived.nsVeth;
  for (const ifname of [hostVeth, nsVeth]) {
    if (!IFNAME.test(ifname)) throw new Error(`invalid interface name: ${ifname}`);
  }
  return {
    name: spec.name,
    hostIp: spec.hostIp,
    nsIp: spec.nsIp,
    hostVeth,
    nsVeth,
    prefixLength: 30,
  };
}

async function ip(args: string[]): Promise<string> {
  try {
    const { stdout } = await run('ip', args, { encoding: 'utf8' });
    return stdout;
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new Error('`ip` (iproute2) is not installed: network namespaces need it');
    }
    const detail = (e.stderr ?? e.message).trim();
    const hint = /Operation not permitted|Permission denied/i.test(detail)
      ? ' — creating network namespaces needs root (CAP_NET_ADMIN)'
      : '';
    throw new Error(`\`ip ${args.join(' ')}\` failed: ${detail}${hint}`);
  }
}

async function linkExists(ifname: string, netns?: string): Promise<boolean> {
  try {
    await ip([...(netns ? ['-n', netns] : []), 'link', 'show', 'dev', ifname]);
    return true;
  } catch {
    return false;
  }
}

export function netnsExists(name: string): boolean {
  return existsSync(`/run/netns/${name}`);
}

/** Process ids running inside the namespace. */
export async function netnsPids(name: string): Promise<number[]> {
  if (!netnsExists(name)) return [];
  const out = await ip(['netns', 'pids', name]);
  return out
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => Number.isInteger(pid) && pid > 0);
}

/** Creates (or repairs) the namespace and its link. Returns the resolved spec. */
export async function netnsUp(input: NetnsSpec): Promise<ResolvedNetnsSpec> {
  const spec = resolveNetnsSpec(input);
  const { name, hostVeth, nsVeth } = spec;
  if (!netnsExists(name)) await ip(['netns', 'add', name]);
  // IPv6 off inside: nothing there should ever solicit neighbours or use link-local addresses.
  await run('ip', [
    'netns',
    'exec',
    name,
    'sysctl',
    '-qw',
    'net.ipv6.conf.all.disable_ipv6=1',
    'net.ipv6.conf.default.disable_ipv6=1',
  ]).catch((error: Error & { stderr?: string }) => {
    throw new Error(`sysctl inside ${name} failed: ${(error.stderr ?? error.message).trim()}`);
  });
  const hostSide = await linkExists(hostVeth);
  const nsSide = await linkExists(nsVeth, name);
  if (!hostSide || !nsSide) {
    // Half a pair (or a same-named link elsewhere) cannot be repaired in place: start over.
    if (hostSide) await ip(['link', 'del', hostVeth]);
    if (nsSide) await ip(['-n', name, 'link', 'del', nsVeth]);
    await ip(['link', 'add', hostVeth, 'type', 'veth', 'peer', 'name', nsVeth, 'netns', name]);
  }
  // arp_ignore=1: the host answers ARP on the veth only for the veth's own address, so Janus
  // cannot reach the machine's real interfaces through the link; forwarding stays off.
  await run('sysctl', [
    '-qw',
    `net.ipv6.conf.${hostVeth}.disable_ipv6=1`,
    `net.ipv4.conf.${hostVeth}.arp_ignore=1`,
    `net.ipv4.conf.${hostVeth}.forwarding=0`,
  ]).catch((error: Error & { stderr?: string }) => {
    throw new Error(`sysctl on ${hostVeth} failed: ${(error.stderr ?? error.message).trim()}`);
  });
  await ip(['addr', 'replace', `${spec.hostIp}/${spec.prefixLength}`, 'dev', hostVeth]);
  await ip(['link', 'set', hostVeth, 'up']);
  await ip(['-n', name, 'addr', 'replace', `${spec.nsIp}/${spec.prefixLength}`, 'dev', nsVeth]);
  await ip(['-n', name, 'link', 'set', nsVeth, 'up']);
  await ip(['-n', name, 'link', 'set', 'lo', 'up']);
  // A default route without a gateway: everything leaves through the veth and nothing on the
  // host routes it further (forwarding is off), yet sockets that need a route can be opened.
  await ip(['-n', name, 'route', 'replace', 'default', 'dev', nsVeth]);
  return spec;
}

export interface NetnsDownOptions {
  /** Processes still inside are an error unless this is set; then they get SIGKILL. */
  killProcesses?: boolean;
}

/** Removes the namespace and its link; a no-op when neither exists. */
export async function netnsDown(input: NetnsSpec, options: NetnsDownOptions = {}): Promise<void> {
  const spec = resolveNetnsSpec(input);
  const pids = await netnsPids(spec.name);
  if (pids.length > 0) {
    if (!options.killProcesses) {
      throw new Error(
        `processes still run in network namespace ${spec.name} (${pids.join(', ')}); stop them first`,
      );
    }
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
  // Deleting one end of a veth pair deletes both.
  if (await linkExists(spec.hostVeth)) await ip(['link', 'del', spec.hostVeth]);
  if (netnsExists(spec.name)) await ip(['netns', 'del', spec.name]);
}
