import type { NetworkSample } from './networkQuality.ts';

/**
 * Whether a lossy link should carry the top simulcast layer (720p, or 1080p in theater) — asked
 * both ways: the camera's uplink (does it send its top layer) and the subscriber's downlink
 * (does the media server relay the top layer to it, `receive_layer`). On a lossy link (issue 17:
 * 150 ± 30 ms, 5 % loss) the top layer is what suffers: its ~1.2 Mbps is most of what must be
 * asked for again, its frames and key frames take the most packets (so are more often missing
 * one and wait for it), and the sender's bandwidth estimate keeps switching it off and on, which
 * makes the media server change everybody's layer and ask for a new key frame each time — the
 * frame rate falls in those switches. Over a lossy link the middle layer (360p) keeps the frame
 * rate; the encoder's and decoder's CPU saved goes to frames too.
 *
 * Pure: RoomMedia feeds it, one sample per stats poll (2 s), the connection's own loss (for the
 * camera, what the media server reports lost of what this browser sent; for the subscriber,
 * what this browser lost of what it was sent) and round trip.
 */
const LOSSY_THRESHOLDS = {
  /** Top layer off after this many samples in a row at or above this loss, or this RTT. */
  reduce: { lossPercent: 3, rttMs: 500, samples: 2 },
  /**
   * Back on after this many samples in a row below both (16 s at 2 s a sample): turning it on
   * costs a key frame, so a link that only paused between bursts of loss keeps the middle layer.
   */
  restore: { lossPercent: 1, rttMs: 300, samples: 8 },
} as const;

export class LinkLayers {
  #reduced = false;
  #streak = 0;

  /** Whether the top layer is off now. */
  get reduced(): boolean {
    return this.#reduced;
  }

  /**
   * Takes one sample; returns the new decision when it changed, else null. A sample without
   * loss figures (first reading, a rebuilt connection) neither counts nor breaks a streak.
   */
  update(sample: NetworkSample): boolean | null {
    const { lossPercent: loss, rttMs: rtt } = sample;
    if (loss === null && rtt === null) return null;
    const { reduce, restore } = LOSSY_THRESHOLDS;
    const against = this.#reduced
      ? // Reduced: a sample counts towards going back only if it is clean on both counts.
        (loss ?? 0) < restore.lossPercent && (rtt ?? 0) < restore.rttMs
      : (loss !== null && loss >= reduce.lossPercent) || (rtt !== null && rtt >= reduce.rttMs);
    this.#streak = against ? this.#streak + 1 : 0;
    const needed = this.#reduced ? restore.samples : reduce.samples;
    if (this.#streak < needed) return null;
    this.#reduced = !this.#reduced;
    this.#streak = 0;
    return this.#reduced;
  }

  /** A new camera connection starts from the full set of layers. */
  reset(): void {
    this.#reduced = false;
    this.#streak = 0;
  }
}

/**
 * The camera sender's parameters with the top layer (rid `h`) on or off; everything else kept,
 * as setParameters requires. `maintain-framerate`: when CPU or bandwidth is short the encoder
 * lowers resolution before frame rate (what a camera call needs; Chromium's default for a
 * 'motion' track, said here so it holds whatever the browser's default).
 */
export function withTopLayer(params: RTCRtpSendParameters, on: boolean): RTCRtpSendParameters {
  return {
    ...params,
    degradationPreference: 'maintain-framerate',
    encodings: params.encodings.map((e) => (e.rid === 'h' ? { ...e, active: on } : e)),
  };
}
