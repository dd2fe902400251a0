import { describe, expect, it } from 'vitest';
import { openNodeLink, signNodeLink } from './node-link.ts';

describe('node link header', () => {
  const key = Buffer.alloc(32, 1);
  const now = 1_800_000_000_000;

  it('carries the client address when signed with the nodes’ secret and fresh', () => {
    expect(openNodeLink(key, signNodeLink(key, '198.51.100.7', now), now + 1_000)).toBe(
      '198.51.100.7',
    );
    expect(openNodeLink(key, signNodeLink(key, '2001:db8::1', now), now)).toBe('2001:db8::1');
  });

  it('SECURITY: is ignored when forged, tampered, stale or malformed', () => {
    const header = signNodeLink(key, '198.51.100.7', now);
    expect(openNodeLink(Buffer.alloc(32, 2), header, now)).toBeNull();
    const [v, at, , sig] = header.split('.');
    const other = Buffer.from('203.0.113.1').toString('base64url');
    expect(openNodeLink(key, `${v}.${at}.${other}.${sig}`, now)).toBeNull();
    expect(openNodeLink(key, header, now + 31_000)).toBeNull();
    expect(openNodeLink(key, header, now - 31_000)).toBeNull();
    expect(openNodeLink(key, undefined, now)).toBeNull();
    expect(openNodeLink(key, ['a', 'b'], now)).toBeNull();
    expect(openNodeLink(key, 'v1.x.y', now)).toBeNull();
  });
});
