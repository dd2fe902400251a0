import { describe, expect, it } from 'vitest';
import { hostOf, isPrivateAddress, streamHostProblem } from './host-check.ts';

describe('stream destinations: private hosts', () => {
  it('knows loopback, private, link-local and mapped addresses from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd12::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '198.18.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '203.0.113.9', '2606:4700::1111', '172.32.0.1']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('reads the host of a URL with ports and IPv6 brackets', () => {
    expect(hostOf('rtmp://Live.Example.com:1935/app')).toBe('live.example.com');
    expect(hostOf('rtmps://[::1]:443/app')).toBe('::1');
    expect(hostOf('rtmp://10.0.0.1/live')).toBe('10.0.0.1');
  });

  it('refuses a name that resolves to a private address, and one that does not resolve', async () => {
    const resolve = (answers: Record<string, string[]>) => (host: string) => {
      const found = answers[host];
      return found ? Promise.resolve(found) : Promise.reject(new Error('ENOTFOUND'));
    };
    const options = {
      allowPrivate: false,
      resolve: resolve({ 'evil.test': ['203.0.113.1', '10.0.0.7'], 'ok.test': ['203.0.113.1'] }),
    };
    expect(await streamHostProblem('rtmp://evil.test/live', options)).toBe('stream.url_private');
    expect(await streamHostProblem('rtmp://ok.test/live', options)).toBeNull();
    expect(await streamHostProblem('rtmp://gone.test/live', options)).toBe('stream.url_unresolved');
    expect(await streamHostProblem('rtmp://127.0.0.1:1935/live', options)).toBe(
      'stream.url_private',
    );
    expect(await streamHostProblem('rtmp://localhost/live', options)).toBe('stream.url_private');
  });

  it('lets everything through when the operator allows private hosts', async () => {
    expect(await streamHostProblem('rtmp://127.0.0.1/live', { allowPrivate: true })).toBeNull();
  });
});
