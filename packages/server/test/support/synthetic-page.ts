import { spawn } from 'node:child_process';
import WebSocket from 'ws';

/**
 * What the egress's recorder page sends, without Chromium: ffmpeg's moving test pattern and a
 * tone as H.264 + Opus in live Matroska (MediaRecorder's format), written into a session's
 * ingest socket. Everything after it — the egress process, its ffmpeg outputs, the RTMP server —
 * is real. Returns a stop function.
 */
export function feedSyntheticPage(
  ingestUrl: string,
  size: { width: number; height: number } = { width: 1280, height: 720 },
): () => void {
  const ws = new WebSocket(ingestUrl);
  const ffmpeg = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=${size.width}x${size.height}:rate=30`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'libopus', '-f', 'matroska', '-live', '1', 'pipe:1'],
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  ws.on('open', () => {
    ffmpeg.stdout.on('data', (chunk: Buffer) => ws.send(chunk));
  });
  ws.on('error', () => ffmpeg.kill('SIGKILL'));
  return () => {
    ffmpeg.kill('SIGKILL');
    ws.close();
  };
}
