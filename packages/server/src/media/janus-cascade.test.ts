import { describe, expect, it } from 'vitest';
import { CascadePorts, remoteStreamsOf } from './janus-cascade.ts';
import type { PublishedStream } from './janus-videoroom.ts';

const stream = (s: Partial<PublishedStream> & Pick<PublishedStream, 'kind' | 'mindex'>) => ({
  mid: String(s.mindex),
  disabled: false,
  ...s,
});

describe('remoteStreamsOf', () => {
  it('keeps the origin mindex order, fills gaps and disables what Janus cannot describe', () => {
    const streams = remoteStreamsOf([
      stream({ kind: 'video', mindex: 2, codec: 'vp8', simulcast: true }),
      stream({ kind: 'audio', mindex: 0, codec: 'opus' }),
      stream({ kind: 'video', mindex: 3 }),
      stream({ kind: 'audio', mindex: 4, codec: 'opus', disabled: true }),
    ]);
    // The edge numbers its streams by position and maps the origin's SSRC 1000 + 10·mindex on
    // them: a missing index 1 would shift the video onto the wrong stream.
    expect(streams).toEqual([
      { kind: 'audio', codec: 'opus' },
      { kind: 'data', disabled: true },
      { kind: 'video', codec: 'vp8', simulcast: true },
      { kind: 'data', disabled: true },
      { kind: 'audio', codec: 'opus', disabled: true },
    ]);
    expect(remoteStreamsOf([])).toEqual([]);
  });
});

describe('CascadePorts', () => {
  it('hands out RTP/RTCP pairs in turn through the range, never the same twice in a row', () => {
    const ports = new CascadePorts({ min: 40000, max: 40005 });
    expect(ports.size).toBe(3);
    expect([ports.take(), ports.take(), ports.take(), ports.take()]).toEqual([
      { port: 40000, rtcpPort: 40001 },
      { port: 40002, rtcpPort: 40003 },
      { port: 40004, rtcpPort: 40005 },
      { port: 40000, rtcpPort: 40001 },
    ]);
    expect(() => new CascadePorts({ min: 5, max: 5 })).toThrow(/min < max/);
  });
});
