import dns from 'node:dns/promises';
import net from 'node:net';
import type { StreamMessageKey } from '@podium/protocol';

/**
 * SECURITY: where a stream may be pushed. A host names the RTMP server, and the server's
 * encoder connects to it: without this check anyone who can host an event could make the server
 * talk to its own loopback services or the private network it sits in (server-side request
 * forgery). Refused: loopback, private (RFC 1918, unique local), link-local, carrier-grade NAT,
 * benchmarking, multicast and reserved ranges, for every address the name resolves to.
 * The check runs when a destination is saved and again when it starts; a name that re-resolves
 * to a private address between the check and the encoder's own lookup is not caught here (the
 * operator's egress network policy is the last line).
 */
const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv6');
}

/** Is this literal address one a stream must not be pushed to? */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  // IPv4-mapped (::ffff:10.0.0.1) and IPv4-compatible forms are the IPv4 address.
  const mapped = /^(?:::ffff:|::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return BLOCKED.check(mapped, 'ipv4');
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const n = (parseInt(hex[1] ?? '0', 16) << 16) | parseInt(hex[2] ?? '0', 16);
    return BLOCKED.check([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'), 'ipv4');
  }
  return BLOCKED.check(address, 'ipv6');
}

/** The host of an rtmp(s):// URL (already syntax-checked), without brackets. */
export function hostOf(url: string): string {
  const authority = url.replace(/^rtmps?:\/\//i, '').split('/')[0] ?? '';
  if (authority.startsWith('[')) return authority.slice(1, authority.indexOf(']'));
  return authority.replace(/:\d+$/, '').toLowerCase();
}

export type Resolve = (host: string) => Promise<readonly string[]>;

const systemResolve: Resolve = async (host) =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Null when the URL's host may be streamed to, else the message key of the refusal. */
export async function streamHostProblem(
  url: string,
  options: { allowPrivate: boolean; resolve?: Resolve },
): Promise<StreamMessageKey | null> {
  if (options.allowPrivate) return null;
  const host = hostOf(url);
  if (net.isIP(host)) return isPrivateAddress(host) ? 'stream.url_private' : null;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'stream.url_private';
  let addresses: readonly string[];
  try {
    addresses = await (options.resolve ?? systemResolve)(host);
  } catch {
    return 'stream.url_unresolved';
  }
  if (addresses.length === 0) return 'stream.url_unresolved';
  return addresses.some(isPrivateAddress) ? 'stream.url_private' : null;
}
