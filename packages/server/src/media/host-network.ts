// Picks the interface Janus gathers ICE candidates on when it runs in the host's own network
// (no MEDIA_NETNS). Janus 1.1.2 cannot use loopback, and without an enforced interface libnice
// falls back to every interface (IPv6 included), so one is always chosen explicitly.
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface IceInterface {
  interface: string;
  address: string;
}

/** The interface of the IPv4 default route, from /proc/net/route (lowest metric wins). */
export function defaultRouteInterface(routeTable?: string): string | undefined {
  let text = routeTable;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/net/route', 'utf8');
    } catch {
      return undefined;
    }
  }
  let best: { iface: string; metric: number } | undefined;
  for (const line of text.split('\n').slice(1)) {
    const [iface, destination, , flags, , , metric, mask] = line.trim().split(/\s+/);
    if (!iface || destination !== '00000000' || mask !== '00000000') continue;
    // RTF_UP (0x1): only routes in use.
    if ((Number.parseInt(flags ?? '0', 16) & 0x1) === 0) continue;
    const m = Number(metric ?? 0);
    if (!best || m < best.metric) best = { iface, metric: m };
  }
  return best?.iface;
}

function ipv4Of(
  name: string,
  interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]>,
): string | undefined {
  return interfaces[name]?.find((info) => info.family === 'IPv4' && !info.internal)?.address;
}

/**
 * `preferred` (MEDIA_ICE_INTERFACE) when given; otherwise the default-route interface; otherwise
 * the first non-loopback interface with an IPv4 address.
 */
export function detectIceInterface(
  preferred?: string,
  interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces(),
  routeTable?: string,
): IceInterface {
  if (preferred) {
    const address = ipv4Of(preferred, interfaces);
    if (!address) throw new Error(`interface ${preferred} has no IPv4 address for media`);
    return { interface: preferred, address };
  }
  const viaRoute = defaultRouteInterface(routeTable);
  if (viaRoute) {
    const address = ipv4Of(viaRoute, interfaces);
    if (address) return { interface: viaRoute, address };
  }
  for (const name of Object.keys(interfaces)) {
    const address = ipv4Of(name, interfaces);
    if (address) return { interface: name, address };
  }
  throw new Error(
    'no network interface with an IPv4 address for media: set MEDIA_ICE_INTERFACE or MEDIA_NETNS',
  );
}
