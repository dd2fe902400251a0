import type { NetworkSample } from './networkQuality.ts';

/**
 * How many simulcast layers a lossy link should carry — asked both ways: the camera's uplink
 * (which layers it sends) and the subscriber's downlink (which layer the media server relays to
 * it, `receive_layer`). Levels: 0 every layer; 1 without the top (720p, or 1080p in theater);
 * 2 the lowest only (a quarter of the width).
 *
 * Why a ladder (issue 17, measured on a link of 150 ± 30 ms and 5 % loss; bench/README): the
 * top layer is what suffers first — its ~1.2 Mbps is most of what must be asked for again, and
 * the sender's bandwidth estimate keeps switching it off and on, which makes the media server
 * move everybody to another layer and ask for a key frame each time. Without it the middle layer
 * still lost 25–40 % of its frames when the loss came with a long round trip: each frame spans
 * two or three packets, a lost one comes back only a round trip later (300–480 ms), and the
 * receiver moves on to the next decodable frame meanwhile. The lowest layer fits a frame in one
 * packet, so the frames lost are about the packets lost: 16–19 fps where the middle layer gave
 * 8–14. So: loss alone (retransmission repairs it within a short round trip) or a long round
 * trip alone drops the top layer; loss with a round trip too long to repair it keeps the lowest.
 *
 * Pure: RoomMedia feeds it, one sample per stats poll (1 s), the connection's own loss (for the
 * camera, what the media server reports lost of what this browser sent; for the subscriber,
 * what this browser lost of what it was sent) and round trip.
 */
export type LayerLevel = 0 | 1 | 2;

const LOSSY_THRESHOLDS = {
  /** Loss from this much counts as lossy; with a round trip from `repairRttMs`, as unrepairable. */
  lossPercent: 3,
  repairRttMs: 250,
  /** A round trip this long is reason enough to drop the top layer. */
  rttMs: 500,
  /**
   * A reduction after this many samples in a row asking for it (2 s: loss that cannot be repaired
   * costs frames from its first second, and the top layer drops to a few frames a second).
   */
  reduceSamples: 2,
  /**
   * Back to every layer after this many samples in a row below both (16 s at 1 s a sample):
   * each change costs a key frame, so a link that only paused between bursts of loss stays down.
   */
  clean: { lossPercent: 1, rttMs: 300, samples: 16 },
} as const;

/** The level one sample asks for: a level, 'clean' (0, if it lasts), or null (no opinion). */
function asked(sample: NetworkSample): LayerLevel | 'clean' | null {
  const { lossPercent: loss, rttMs: rtt } = sample;
  if (loss === null && rtt === null) return null;
  const t = LOSSY_THRESHOLDS;
  const lossy = loss !== null && loss >= t.lossPercent;
  if (lossy && rtt !== null && rtt >= t.repairRttMs) return 2;
  if (lossy || (rtt !== null && rtt >= t.rttMs)) return 1;
  if ((loss ?? 0) < t.clean.lossPercent && (rtt ?? 0) < t.clean.rttMs) return 'clean';
  return null;
}

export class LinkLayers {
  /**
   * With `lowestAtOnce`, one sample of loss that cannot be repaired in time is enough for the
   * lowest layer. The camera's uplink uses it: its figures are its own (packets it sent again, the
   * media server's round trip), and each second on the top layer there costs its viewers most
   * of their frames. A downlink's loss is estimated from its NACKs and waits for two.
   */
  constructor(options: { lowestAtOnce?: boolean } = {}) {
    this.#lowestAtOnce = options.lowestAtOnce ?? false;
  }

  readonly #lowestAtOnce: boolean;

  #level: LayerLevel = 0;
  #downStreak = 0;
  #cleanStreak = 0;

  /** The level now. */
  get level(): LayerLevel {
    return this.#level;
  }

  /**
   * Takes one sample; returns the new level when it changed, else null. A sample without
   * figures (first reading, a rebuilt connection) neither counts nor breaks a streak.
   */
  update(sample: NetworkSample): LayerLevel | null {
    if (sample.lossPercent === null && sample.rttMs === null) return null;
    const wants = asked(sample);
    const t = LOSSY_THRESHOLDS;
    if (wants !== null && wants !== 'clean' && wants > this.#level) {
      this.#downStreak += 1;
      this.#cleanStreak = 0;
      const needed = wants === 2 && this.#lowestAtOnce ? 1 : t.reduceSamples;
      if (this.#downStreak < needed) return null;
      this.#downStreak = 0;
      this.#level = wants;
      return wants;
    }
    this.#downStreak = 0;
    if (wants === 'clean' && this.#level > 0) {
      this.#cleanStreak += 1;
      if (this.#cleanStreak < t.clean.samples) return null;
      this.#cleanStreak = 0;
      this.#level = 0;
      return 0;
    }
    this.#cleanStreak = 0;
    return null;
  }

  /** A new connection starts from every layer. */
  reset(): void {
    this.#level = 0;
    this.#downStreak = 0;
    this.#cleanStreak = 0;
  }
}

/** The camera's rids from the top down, as `cameraEncodings` (simulcast.ts) names them. */
const OFF_AT_LEVEL: Record<LayerLevel, readonly string[]> = { 0: [], 1: ['h'], 2: ['h', 'm'] };

/**
 * The camera sender's parameters with the layers of `level` on and the others off; everything
 * else kept, as setParameters requires. `maintain-framerate`: when CPU or bandwidth is short the
 * encoder lowers resolution before frame rate (what a camera call needs; Chromium's default for
 * a 'motion' track, said here so it holds whatever the browser's default).
 */
export function withLayers(params: RTCRtpSendParameters, level: LayerLevel): RTCRtpSendParameters {
  const off = OFF_AT_LEVEL[level];
  return {
    ...params,
    degradationPreference: 'maintain-framerate',
    encodings: params.encodings.map((e) =>
      e.rid === undefined ? e : { ...e, active: !off.includes(e.rid) },
    ),
  };
}

/** The simulcast layer a subscriber asks the media server for at `level` (2 the top). */
export function receiveLayerAt(level: LayerLevel): 0 | 1 | 2 {
  return level === 0 ? 2 : level === 1 ? 1 : 0;
}
