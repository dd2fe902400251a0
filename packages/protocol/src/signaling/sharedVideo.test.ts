import { describe, expect, it } from 'vitest';
import { parseVideoLink } from './sharedVideo.ts';

describe('parseVideoLink', () => {
  it('understands direct files, YouTube and Vimeo links', () => {
    expect(parseVideoLink(' https://cdn.example.com/talks/intro.mp4?t=1 ')).toEqual({
      kind: 'file',
      url: 'https://cdn.example.com/talks/intro.mp4?t=1',
      videoId: null,
    });
    expect(parseVideoLink('http://127.0.0.1:8123/clip.webm')?.kind).toBe('file');
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(parseVideoLink(link)).toMatchObject({ kind: 'youtube', videoId: 'dQw4w9WgXcQ' });
    }
    expect(parseVideoLink('https://vimeo.com/76979871')).toMatchObject({
      kind: 'vimeo',
      videoId: '76979871',
    });
    expect(parseVideoLink('https://player.vimeo.com/video/76979871')?.videoId).toBe('76979871');
  });

  it('refuses anything else (Invalid link)', () => {
    for (const link of [
      '',
      'not a link',
      'javascript:alert(1)//.mp4',
      'ftp://example.com/a.mp4',
      'https://example.com/page.html',
      'https://user:pw@example.com/a.mp4',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ"onload="x',
      'https://vimeo.com/channels/staffpicks',
      'https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ',
      `https://example.com/${'a'.repeat(2000)}.mp4`,
    ]) {
      expect(parseVideoLink(link), link).toBe(null);
    }
  });
});
