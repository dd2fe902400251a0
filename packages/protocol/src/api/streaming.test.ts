import { describe, expect, it } from 'vitest';
import {
  STREAM_KEY_MAX,
  streamKeyHint,
  streamServerCreateRequest,
  streamUrlProblem,
} from './streaming.ts';
import { parseClientMessage } from '../signaling.ts';

describe('stream server URLs', () => {
  it('accepts rtmp:// and rtmps:// servers with a host, port and path', () => {
    for (const url of [
      'rtmp://a.rtmp.youtube.com/live2',
      'rtmps://live-api-s.facebook.com:443/rtmp/',
      'RTMP://127.0.0.1:1935/live',
      'rtmp://[2001:db8::1]:1935/app',
    ]) {
      expect(streamUrlProblem(url), url).toBeNull();
    }
  });

  it('refuses other schemes, credentials, spaces and bad ports', () => {
    expect(streamUrlProblem('http://example.com/live')).toBe('stream.url_scheme');
    expect(streamUrlProblem('srt://example.com:9000')).toBe('stream.url_scheme');
    expect(streamUrlProblem('example.com/live')).toBe('stream.url_scheme');
    expect(streamUrlProblem('rtmp://user:pass@example.com/live')).toBe('stream.url_invalid');
    expect(streamUrlProblem('rtmp://exa mple.com/live')).toBe('stream.url_invalid');
    expect(streamUrlProblem('rtmp://example.com:99999/live')).toBe('stream.url_invalid');
    expect(streamUrlProblem('rtmp:///live')).toBe('stream.url_invalid');
  });
});

describe('stream server requests', () => {
  const valid = { name: 'YouTube', url: 'rtmp://a.rtmp.youtube.com/live2', key: 'abcd-1234' };

  it('takes a name, URL and key', () => {
    expect(streamServerCreateRequest.safeParse(valid).success).toBe(true);
  });

  it('refuses an over-long key, a key with spaces and an empty name with clear messages', () => {
    const long = streamServerCreateRequest.safeParse({
      ...valid,
      key: 'k'.repeat(STREAM_KEY_MAX + 1),
    });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toContain(`at most ${STREAM_KEY_MAX}`);
    expect(streamServerCreateRequest.safeParse({ ...valid, key: 'a b' }).success).toBe(false);
    expect(streamServerCreateRequest.safeParse({ ...valid, name: '  ' }).success).toBe(false);
    const scheme = streamServerCreateRequest.safeParse({ ...valid, url: 'https://x.com' });
    expect(scheme.error?.issues[0]?.message).toBe(
      'The server URL must start with rtmp:// or rtmps://',
    );
  });

  it('shows only the last 4 characters of long keys, nothing of short ones', () => {
    expect(streamKeyHint('abcd-efgh-ijkl-mnop')).toBe('mnop');
    expect(streamKeyHint('short-key')).toBe('');
  });

  it('a stream_start takes saved ids or ad-hoc destinations, never both in one entry', () => {
    const ok = parseClientMessage({
      type: 'stream_start',
      id: '1',
      destinations: [{ server_id: 's1' }, valid],
    });
    expect(ok.ok).toBe(true);
    const mixed = parseClientMessage({
      type: 'stream_start',
      id: '1',
      destinations: [{ server_id: 's1', ...valid }],
    });
    expect(mixed.ok).toBe(false);
    const none = parseClientMessage({ type: 'stream_start', id: '1', destinations: [] });
    expect(none.ok).toBe(false);
  });

  it('a refused frame does not echo the key back', () => {
    const result = parseClientMessage({
      type: 'stream_start',
      id: '1',
      destinations: [{ ...valid, url: 'http://x', key: 'SECRET-KEY-123' }],
    });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain('SECRET-KEY-123');
  });
});
