import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { concatArgs } from './ffmpeg-args.ts';

const run = promisify(execFile);

/** Where a file output keeps its segments (one per stretch between pauses) until finalised. */
export function segmentsDir(file: string): string {
  return `${file}.parts`;
}

export function segmentName(segment: number): string {
  return `${String(segment).padStart(4, '0')}.mp4`;
}

/** Where a segment is cut when joined (seconds from its start), kept beside it for a crash. */
interface SegmentCut {
  outpoint: number;
}

export function writeSegmentCut(file: string, segment: number, cut: SegmentCut): void {
  const name = segmentName(segment).replace(/\.mp4$/, '.json');
  fs.writeFileSync(path.join(segmentsDir(file), name), JSON.stringify(cut));
}

function readSegmentCut(segmentFile: string): SegmentCut | null {
  try {
    const cut = JSON.parse(fs.readFileSync(segmentFile.replace(/\.mp4$/, '.json'), 'utf8')) as {
      outpoint?: unknown;
    };
    return typeof cut.outpoint === 'number' && cut.outpoint > 0 ? { outpoint: cut.outpoint } : null;
  } catch {
    return null;
  }
}

/** The concat demuxer's list: each segment, cut where media past its end was written. */
function concatList(segments: readonly string[]): string {
  return segments
    .map((f) => {
      const cut = readSegmentCut(f);
      const line = `file '${f.replace(/'/g, "'\\''")}'\n`;
      return cut ? `${line}outpoint ${cut.outpoint.toFixed(3)}\n` : line;
    })
    .join('');
}

/**
 * Joins a file output's segments into `file` (one MP4, index first, paused time left out; a
 * segment written past its end is cut at its `outpoint`) and
 * removes them. Used when an output stops and by the server after the egress process died, so a
 * recording is always one playable file. Idempotent: nothing to do once the segments are gone.
 */
export async function finaliseFile(file: string, ffmpegBin: string): Promise<void> {
  const dir = segmentsDir(file);
  let names: string[];
  try {
    names = fs
      .readdirSync(dir)
      .filter((n) => /^\d{4}\.mp4$/.test(n))
      .sort();
  } catch {
    return; // already finalised (or never started)
  }
  // A segment cut before its first fragment holds no media; leave it out.
  const segments = names.map((n) => path.join(dir, n)).filter((f) => fs.statSync(f).size > 4096);
  if (segments.length > 0) {
    const list = path.join(dir, 'list.txt');
    fs.writeFileSync(list, concatList(segments));
    const tmp = `${file}.tmp.mp4`;
    await run(ffmpegBin, concatArgs(list, tmp), { timeout: 10 * 60_000 });
    fs.renameSync(tmp, file);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
