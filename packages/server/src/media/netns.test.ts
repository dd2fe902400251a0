import { describe, expect, it } from 'vitest';
import { DEFAULT_NETNS, resolveNetnsSpec, vethNames } from './netns.ts';

describe('network namespace spec', () => {
  it('defaults to the measured recipe', () => {
    expect(resolveNetnsSpec(DEFAULT_NETNS)).toEqual({
      name: 'podium-test',
      hostIp: '198.18.0.1',
      nsIp: '198.18.0.2',
      hostVeth: 'podium-test-h',
      nsVeth: 'podium-test-n',
      prefixLength: 30,
    });
  });

  it('keeps veth names within the kernel limit of 15 characters, stable per name', () => {
    const long = vethNames('podium-media-production');
    expect(long.hostVeth.length).toBeLessThanOrEqual(15);
    expect(long.nsVeth.length).toBeLessThanOrEqual(15);
    expect(long.hostVeth).not.toBe(long.nsVeth);
    expect(vethNames('podium-media-production')).toEqual(long);
    expect(vethNames('podium-media-staging')).not.toEqual(long);
  });

  it('accepts the two host addresses of one /30 in either order', () => {
    expect(resolveNetnsSpec({ name: 'a', hostIp: '198.19.4.6', nsIp: '198.19.4.5' }).nsIp).toBe(
      '198.19.4.5',
    );
  });

  it('refuses names and addresses that would misconfigure the link', () => {
    const ok = { name: 'podium-x', hostIp: '198.18.0.1', nsIp: '198.18.0.2' };
    expect(() => resolveNetnsSpec({ ...ok, name: 'Bad Name' })).toThrow(/name/);
    expect(() => resolveNetnsSpec({ ...ok, name: '../etc' })).toThrow(/name/);
    expect(() => resolveNetnsSpec({ ...ok, nsIp: '198.18.0.3' })).toThrow(/\/30/);
    expect(() => resolveNetnsSpec({ ...ok, nsIp: '198.18.0.5' })).toThrow(/\/30/);
    expect(() => resolveNetnsSpec({ ...ok, nsIp: '198.18.0.1' })).toThrow(/\/30/);
    expect(() => resolveNetnsSpec({ ...ok, hostIp: 'localhost' })).toThrow(/IPv4/);
    expect(() => resolveNetnsSpec({ ...ok, hostVeth: 'much-too-long-name' })).toThrow(/interface/);
  });
});
