import { describe, expect, it } from 'vitest';
import { SegmentFeed } from './segment-feed.ts';
import { PTS_HZ, TsReader, type TsPacket } from './ts-packets.ts';

const s = (seconds: number) => Math.round(seconds * PTS_HZ);

/** Labelled packets as the hub sends them: 30 fps video (a key frame a second), audio beside. */
function stream(fromS: number, toS: number): TsPacket[] {
  const packets: TsPacket[] = [];
  for (let frame = Math.round(fromS * 30); frame < toS * 30; frame++) {
    const pts = s(frame / 30);
    const data = Buffer.from(`v${frame}`);
    packets.push({ data, kind: 'video', pts, key: frame % 30 === 0 });
    if (frame % 3 === 0)
      packets.push({ data: Buffer.from(`a${frame}`), kind: 'audio', pts, key: false });
    if (frame % 3 === 1)
      packets.push({ data: Buffer.from('pat'), kind: 'psi', pts: null, key: false });
  }
  return packets;
}

const tables = () => [Buffer.from('tables')];
const names = (out: Buffer[]) => out.map((b) => b.toString());

describe('a file segment cut at moments of the media', () => {
  it('takes nothing until its start is known, then starts with the tables and the key frame nearest it', () => {
    const feed = new SegmentFeed();
    expect(feed.take(stream(0, 2), tables)).toEqual([]);
    feed.startAt(s(2.4));
    const out = names(feed.take(stream(2, 4), tables));
    // The key frame at 2 s is 0.4 s early: near enough; sound before the picture is left out.
    expect(out.slice(0, 3)).toEqual(['tables', 'v60', 'a60']);
    expect(feed.keyPts).toBe(s(2));
  });

  it('waits for the next key frame when the nearest one is more than half a second early', () => {
    const feed = new SegmentFeed();
    feed.startAt(s(2.6));
    const out = names(feed.take(stream(2, 4), tables));
    expect(out.slice(0, 2)).toEqual(['tables', 'v90']);
  });

  it('ends at its end moment on every stream and is done once the media has gone past it', () => {
    const feed = new SegmentFeed();
    feed.startAt(0);
    feed.take(stream(0, 3), tables);
    feed.endAt(s(4));
    expect(feed.done).toBe(false);
    const out = names(feed.take(stream(3, 6), tables));
    expect(out).toContain('v119');
    expect(out).not.toContain('v120');
    expect(out).not.toContain('a120');
    expect(feed.done).toBe(true);
    expect(feed.outpoint).toBeNull();
    expect(feed.empty).toBe(false);
  });

  it('a late end (media past it already written) is cut when the file is finalised', () => {
    const feed = new SegmentFeed();
    feed.startAt(s(1));
    feed.take(stream(0, 6), tables);
    feed.endAt(s(3.5));
    expect(feed.done).toBe(true);
    expect(feed.outpoint).toBeCloseTo(2.5, 3);
  });

  it('a stretch that ends before its first key frame came is empty', () => {
    const feed = new SegmentFeed();
    feed.startAt(s(5));
    feed.take(stream(0, 4), tables);
    feed.endAt(s(4.2));
    expect(feed.empty).toBe(true);
  });
});

describe('MPEG-TS labels', () => {
  it('reads the PTS and key frames of real ffmpeg packets', () => {
    // A video PES start with random_access_indicator and PTS 2 s, then its continuation.
    const start = Buffer.alloc(188, 0xff);
    start.set([0x47, 0x41, 0x00, 0x30, 0x07, 0x50]);
    const pes = 4 + 1 + 7;
    start.set([0, 0, 1, 0xe0, 0, 0, 0x80, 0x80, 5], pes);
    const pts = s(2);
    start.set(
      [
        0x21 | ((Math.floor(pts / 2 ** 30) & 7) << 1),
        (pts >> 22) & 0xff,
        (((pts >> 15) & 0x7f) << 1) | 1,
        (pts >> 7) & 0xff,
        ((pts & 0x7f) << 1) | 1,
      ],
      pes + 9,
    );
    const next = Buffer.alloc(188, 0xff);
    next.set([0x47, 0x01, 0x00, 0x11]);
    const pat = Buffer.alloc(188, 0xff);
    pat.set([0x47, 0x40, 0x00, 0x10, 0x00, 0x00, 0xb0]);
    const read = new TsReader().read(Buffer.concat([pat, start, next]));
    expect(read.map((p) => [p.kind, p.pts, p.key])).toEqual([
      ['psi', null, false],
      ['video', pts, true],
      ['video', pts, false],
    ]);
  });
});
