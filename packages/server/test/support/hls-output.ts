import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A real HLS output, as the egress's ffmpeg writes it (1 s segments, `index.m3u8` and
 * `segment-%06d.ts`), here from ffmpeg's lavfi test picture and tone instead of the room.
 */
export async function writeHls(dir: string): Promise<void> {
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-c:a', 'aac'],
    ...['-f', 'hls', '-hls_time', '1', '-hls_list_size', '0'],
    ...['-hls_segment_filename', path.join(dir, 'segment-%06d.ts')],
    path.join(dir, 'index.m3u8'),
  ]);
}
