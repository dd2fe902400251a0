/**
 * The microphone level meter: a WebAudio AnalyserNode on the local stream, read once per frame.
 * The level is the signal's RMS mapped to 0..1 on a decibel scale, which follows loudness as a
 * person hears it far better than raw amplitude.
 */

/** Below this the meter reads 0 (room noise); 0 dBFS reads 1. */
export const METER_FLOOR_DB = -60;

/** RMS of time-domain samples in -1..1. */
export function rms(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const s = samples[i] ?? 0;
    sum += s * s;
  }
  return Math.sqrt(sum / samples.length);
}

/** 0..1 for an RMS amplitude, linear in decibels between METER_FLOOR_DB and 0 dBFS. */
export function levelFromRms(value: number, floorDb = METER_FLOOR_DB): number {
  if (!(value > 0)) return 0;
  const db = 20 * Math.log10(value);
  return Math.min(1, Math.max(0, (db - floorDb) / -floorDb));
}

/** Peaks show at once; the meter then falls back gradually instead of flickering. */
export function smoothLevel(previous: number, next: number, decay = 0.85): number {
  return next >= previous ? next : Math.max(next, previous * decay);
}

export interface LevelMeterDeps {
  createContext?: () => AudioContext;
  requestFrame?: (callback: () => void) => number;
  cancelFrame?: (handle: number) => void;
}

/**
 * Measures `stream`'s audio and calls `onLevel` (0..1) on every animation frame. Returns the
 * stop function, which releases the audio graph; it does not stop the stream's tracks.
 */
export function startLevelMeter(
  stream: MediaStream,
  onLevel: (level: number) => void,
  deps: LevelMeterDeps = {},
): () => void {
  const context = deps.createContext?.() ?? new AudioContext();
  const requestFrame = deps.requestFrame ?? ((cb) => requestAnimationFrame(cb));
  const cancelFrame = deps.cancelFrame ?? ((h) => cancelAnimationFrame(h));
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let level = 0;
  let frame = 0;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    analyser.getFloatTimeDomainData(samples);
    level = smoothLevel(level, levelFromRms(rms(samples)));
    onLevel(level);
    frame = requestFrame(tick);
  };
  // Autoplay rules may start the context suspended; the click that turned the mic on allows it.
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  frame = requestFrame(tick);
  return () => {
    if (stopped) return;
    stopped = true;
    cancelFrame(frame);
    source.disconnect();
    void context.close().catch(() => undefined);
  };
}
