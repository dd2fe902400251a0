import { describe, expect, it } from 'vitest';
import { readRecorderParams } from './params.ts';

describe('recorder page parameters', () => {
  it('reads credentials, ingest socket and a supported size from the fragment', () => {
    expect(
      readRecorderParams('#c=abc.def&i=ws%3A%2F%2F127.0.0.1%3A4000%2Fingest%2Fxyz&w=1920&h=1080'),
    ).toEqual({
      credentials: 'abc.def',
      ingest: 'ws://127.0.0.1:4000/ingest/xyz',
      width: 1920,
      height: 1080,
    });
  });

  it('refuses a missing part, another scheme or an unsupported size', () => {
    expect(readRecorderParams('#i=ws://x/y&w=1280&h=720')).toBeNull();
    expect(readRecorderParams('#c=a&i=http://x/y&w=1280&h=720')).toBeNull();
    expect(readRecorderParams('#c=a&i=ws://x/y&w=640&h=480')).toBeNull();
  });
});
