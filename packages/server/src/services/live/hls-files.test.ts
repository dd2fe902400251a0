import { describe, expect, it } from 'vitest';
import { contentTypeOf, fileInside, isHlsFileName, rewritePlaylist } from './hls-files.ts';

describe('HLS files', () => {
  it('know only plain names with a media extension', () => {
    for (const ok of ['index.m3u8', 'segment-000001.ts', 'init_0.mp4', 'part.1.m4s', 'a.aac']) {
      expect(isHlsFileName(ok), ok).toBe(true);
    }
    for (const bad of [
      '../index.m3u8',
      'a/b.ts',
      '.hidden.ts',
      'x..ts',
      'seg.ts\0.m3u8',
      'seg.exe',
      'seg.ts.bak',
      '',
      '%2e%2e.ts',
      `${'a'.repeat(120)}.ts`,
    ]) {
      expect(isHlsFileName(bad), bad).toBe(false);
    }
    expect(fileInside('/srv/hls/run', 'segment-1.ts')).toBe('/srv/hls/run/segment-1.ts');
    expect(fileInside('/srv/hls/run', '../segment-1.ts')).toBeNull();
  });

  it('name their content types', () => {
    expect(contentTypeOf('index.m3u8')).toBe('application/vnd.apple.mpegurl');
    expect(contentTypeOf('segment-1.ts')).toBe('video/mp2t');
    expect(contentTypeOf('part.m4s')).toBe('video/iso.segment');
    expect(contentTypeOf('init.mp4')).toBe('video/mp4');
  });

  it('rewrite a playlist for one viewer: run prefix and token on every URI, nothing foreign', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-TARGETDURATION:1',
      '#EXT-X-MAP:URI="init.mp4"',
      '#EXTINF:1.0,',
      'segment-000001.ts',
      '#EXTINF:1.0,',
      'https://evil.example/segment.ts',
      '#EXTINF:1.0,',
      '../other/segment-000002.ts',
      '#EXT-X-PART:DURATION=0.3,URI="../x.m4s"',
      '#EXTINF:1.0,',
      'segment-000003.ts',
      '',
    ].join('\r\n');
    expect(rewritePlaylist(text, 'RUN/', 'a+b/c').split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-TARGETDURATION:1',
      '#EXT-X-MAP:URI="RUN/init.mp4?token=a%2Bb%2Fc"',
      '#EXTINF:1.0,',
      'RUN/segment-000001.ts?token=a%2Bb%2Fc',
      '#EXTINF:1.0,',
      'RUN/segment-000003.ts?token=a%2Bb%2Fc',
      '',
    ]);
  });
});
