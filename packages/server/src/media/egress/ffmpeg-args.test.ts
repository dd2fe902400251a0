import { describe, expect, it } from 'vitest';
import { redactArgs, redactText, rtmpArgs } from './ffmpeg-args.ts';

describe('stream keys stay out of logs', () => {
  it('redacts every RTMP URL in a command line and in ffmpeg output', () => {
    const url = 'rtmps://live.example.com:443/app/sk_live_SECRET?token=SECRET2';
    const args = redactArgs(rtmpArgs(url));
    expect(args.join(' ')).not.toContain('SECRET');
    expect(args).toContain('rtmps://live.example.com:443/…');
    const text = redactText(
      `[flv] Error opening output ${url}: I/O error\nrtmp://h/live/KEY2 gone`,
    );
    expect(text).not.toMatch(/SECRET|KEY2/);
  });
});
