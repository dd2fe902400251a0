import type os from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultRouteInterface, detectIceInterface } from './host-network.ts';

const ROUTES = [
  'Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT',
  'wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0',
  'eth0\t00000000\t0100000A\t0003\t0\t0\t100\t00000000\t0\t0\t0',
  'eth0\t0000000A\t00000000\t0001\t0\t0\t100\t00FFFFFF\t0\t0\t0',
  'docker0\t00000000\t00000000\t0000\t0\t0\t0\t00000000\t0\t0\t0',
].join('\n');

function nic(address: string, family: 'IPv4' | 'IPv6' = 'IPv4', internal = false) {
  return { address, family, internal, netmask: '', mac: '', cidr: null } as os.NetworkInterfaceInfo;
}

const INTERFACES = {
  lo: [nic('127.0.0.1', 'IPv4', true)],
  wlan0: [nic('192.168.1.20')],
  eth0: [nic('fe80::1', 'IPv6'), nic('10.0.0.5')],
  docker0: [nic('172.17.0.1')],
};

describe('host network for ICE', () => {
  it('takes the default route with the lowest metric that is up', () => {
    expect(defaultRouteInterface(ROUTES)).toBe('eth0');
    expect(defaultRouteInterface(ROUTES.split('\n').slice(0, 2).join('\n'))).toBe('wlan0');
    expect(defaultRouteInterface('Iface\tDestination\n')).toBeUndefined();
  });

  it('uses the default-route interface and its IPv4 address', () => {
    expect(detectIceInterface(undefined, INTERFACES, ROUTES)).toEqual({
      interface: 'eth0',
      address: '10.0.0.5',
    });
  });

  it('honours an explicit interface and refuses one without IPv4', () => {
    expect(detectIceInterface('wlan0', INTERFACES, ROUTES)).toEqual({
      interface: 'wlan0',
      address: '192.168.1.20',
    });
    expect(() => detectIceInterface('lo', INTERFACES, ROUTES)).toThrow(/no IPv4/);
    expect(() => detectIceInterface('nope', INTERFACES, ROUTES)).toThrow(/no IPv4/);
  });

  it('falls back to any non-loopback IPv4 interface, and fails clearly with none', () => {
    expect(detectIceInterface(undefined, INTERFACES, 'Iface\n')).toEqual({
      interface: 'wlan0',
      address: '192.168.1.20',
    });
    expect(() => detectIceInterface(undefined, { lo: INTERFACES.lo }, 'Iface\n')).toThrow(
      /MEDIA_ICE_INTERFACE or MEDIA_NETNS/,
    );
  });
});
