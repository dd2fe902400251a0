/**
 * The wall clock drawn into a publisher's camera and read back from a <video>: a bar code of 48
 * cells across the middle of the picture (white = 1, black = 0 on a grey ground) — start guard
 * 1010, the time in ms modulo 2^32 (32 bits, most significant first), an 8-bit check (the sum of
 * the four bytes XOR 0xA5), end guard 0101 — plus the time in digits for a human eye. Each
 * function here runs inside a page (`addInitScript`), so it holds everything it uses.
 */

declare global {
  interface Window {
    /** Glass-to-glass samples of this page: wall time (ms) and latency (ms). */
    __glass?: { samples: { at: number; latency: number }[]; failed: number };
    __glassRead?: (video: HTMLVideoElement) => void;
  }
}

/**
 * The publisher's page: every camera getUserMedia returns a 1280x720 canvas (30 fps) drawing
 * Date.now() as the bar code, with the fake microphone's audio; the room client publishes it
 * as it would a camera.
 */
export function clockCamera(): void {
  const CELLS = 48;
  const canvas = document.createElement('canvas');
  canvas.width = 1280;
  canvas.height = 720;
  const g = canvas.getContext('2d');
  if (!g) return;
  const draw = () => {
    const now = Date.now();
    const ts = now % 2 ** 32;
    const bytes = [(ts >>> 24) & 255, (ts >>> 16) & 255, (ts >>> 8) & 255, ts & 255];
    const check = (bytes.reduce((a, b) => a + b, 0) & 255) ^ 0xa5;
    const bits = [1, 0, 1, 0];
    for (let i = 31; i >= 0; i--) bits.push(Math.floor(ts / 2 ** i) % 2);
    for (let i = 7; i >= 0; i--) bits.push((check >> i) & 1);
    bits.push(0, 1, 0, 1);
    g.fillStyle = 'rgb(128,128,128)';
    g.fillRect(0, 0, 1280, 720);
    const x0 = 128;
    const cell = 1024 / CELLS;
    bits.forEach((bit, i) => {
      g.fillStyle = bit ? '#fff' : '#000';
      g.fillRect(Math.round(x0 + i * cell), 200, Math.ceil(cell), 320);
    });
    g.fillStyle = '#000';
    g.font = 'bold 64px monospace';
    g.fillText(String(now), 128, 120);
  };
  draw();
  setInterval(draw, 1000 / 60);
  const stream = canvas.captureStream(30);
  const devices = navigator.mediaDevices;
  const original = devices.getUserMedia.bind(devices);
  devices.getUserMedia = async (constraints?: MediaStreamConstraints) => {
    if (!constraints?.video) return original(constraints);
    const media = constraints.audio
      ? await original({ audio: constraints.audio })
      : new MediaStream();
    media.addTrack(stream.getVideoTracks()[0]!.clone());
    return media;
  };
}

/**
 * A reading page: `__glassRead(video)` decodes the bar code from every presented frame of the
 * element (requestVideoFrameCallback → canvas → one row at a time until one decodes) and keeps
 * Date.now() minus the decoded time: same machine, same clock.
 */
export function clockReader(): void {
  const CELLS = 48;
  const glass = { samples: [] as { at: number; latency: number }[], failed: 0 };
  window.__glass = glass;
  const decodeRow = (d: Uint8ClampedArray, w: number, y: number): number | null => {
    const lum = (x: number) => {
      const i = (y * w + x) * 4;
      return 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;
    };
    let x0 = -1;
    let x1 = -1;
    for (let x = 0; x < w; x++) {
      if (lum(x) <= 170) continue;
      if (x0 < 0) x0 = x;
      x1 = x;
    }
    if (x0 < 0) return null;
    const cell = (x1 - x0 + 1) / CELLS;
    if (cell < 2.5) return null;
    const bits: number[] = [];
    for (let i = 0; i < CELLS; i++) {
      const c = Math.floor(x0 + (i + 0.5) * cell);
      bits.push((lum(c - 1) + lum(c) + lum(c + 1)) / 3 > 128 ? 1 : 0);
    }
    const guard = [1, 0, 1, 0].every((b, i) => bits[i] === b);
    const end = [0, 1, 0, 1].every((b, i) => bits[44 + i] === b);
    if (!guard || !end) return null;
    let ts = 0;
    for (let i = 0; i < 32; i++) ts = ts * 2 + bits[4 + i]!;
    let check = 0;
    for (let i = 0; i < 8; i++) check = check * 2 + bits[36 + i]!;
    const bytes = [(ts >>> 24) & 255, (ts >>> 16) & 255, (ts >>> 8) & 255, ts & 255];
    return ((bytes.reduce((a, b) => a + b, 0) & 255) ^ 0xa5) === check ? ts : null;
  };
  window.__glassRead = (video: HTMLVideoElement) => {
    const canvas = document.createElement('canvas');
    const g = canvas.getContext('2d', { willReadFrequently: true });
    if (!g) return;
    let last = 0;
    const frame = () => {
      const now = Date.now();
      // At most 15 reads a second: the page must not slow the machine it measures.
      if (now - last >= 66 && video.videoWidth > 0) {
        last = now;
        const w = 480;
        const h = Math.round((w * video.videoHeight) / video.videoWidth);
        canvas.width = w;
        canvas.height = h;
        g.drawImage(video, 0, 0, w, h);
        const data = g.getImageData(0, 0, w, h).data;
        let ts: number | null = null;
        for (let f = 0.2; f <= 0.8 && ts === null; f += 0.03) {
          ts = decodeRow(data, w, Math.floor(h * f));
        }
        if (ts === null) glass.failed += 1;
        else {
          const latency = (now % 2 ** 32) - ts;
          const fixed = latency < -(2 ** 31) ? latency + 2 ** 32 : latency;
          if (fixed >= 0 && fixed < 120_000) glass.samples.push({ at: now, latency: fixed });
        }
      }
      video.requestVideoFrameCallback(frame);
    };
    video.requestVideoFrameCallback(frame);
  };
}
