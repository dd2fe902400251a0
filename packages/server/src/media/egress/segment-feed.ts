import { PTS_HZ, type TsPacket } from './ts-packets.ts';

/** A stretch starts at the key frame nearest its moment: at most this much before it. */
const EARLY_START = PTS_HZ / 2;

type Stream = 'video' | 'audio';

/**
 * Which of the hub's packets one file segment (a recorded stretch between pauses) gets, by the
 * media's own timestamps: from the key frame nearest its start moment (`startAt`; nothing before
 * it is known) to its end moment (`endAt`), whatever the moment each packet or request
 * reaches the egress. The hub's output lags the page by a varying few seconds and a request the
 * server sent lags the host's click, so cutting at arrival put seconds of paused time into files
 * (issue 12: 26-28 s for 15 s recorded).
 */
export class SegmentFeed {
  #fromPts: number | null = null;
  #keyPts: number | null = null;
  #untilPts: number | null = null;
  readonly #fed: Record<Stream, number | null> = { video: null, audio: null };
  readonly #passed = new Set<Stream>();
  #sawAudio = false;

  /** The stretch starts at `pts` (its first key frame is the nearest one). */
  startAt(pts: number): void {
    this.#fromPts ??= pts;
  }

  get fromPts(): number | null {
    return this.#fromPts;
  }

  /** The PTS of the key frame the segment starts with; null until it came. */
  get keyPts(): number | null {
    return this.#keyPts;
  }

  get untilPts(): number | null {
    return this.#untilPts;
  }

  /** The packets of `packets` to write; `tables` (PAT, PMT) go before the first key frame. */
  take(packets: readonly TsPacket[], tables: () => readonly Buffer[]): Buffer[] {
    const out: Buffer[] = [];
    for (const p of packets) {
      if (p.kind === 'psi') {
        if (this.#keyPts !== null) out.push(p.data);
        continue;
      }
      if ((p.kind !== 'video' && p.kind !== 'audio') || p.pts === null) continue;
      if (p.kind === 'audio') this.#sawAudio = true;
      if (this.#untilPts !== null && p.pts >= this.#untilPts) {
        this.#passed.add(p.kind);
        continue;
      }
      if (this.#keyPts === null) {
        if (this.#fromPts === null || !p.key || p.pts < this.#fromPts - EARLY_START) continue;
        this.#keyPts = p.pts;
        out.push(...tables());
      } else if (p.pts < this.#keyPts) {
        continue; // sound from before the first picture
      }
      out.push(p.data);
      this.#fed[p.kind] = Math.max(this.#fed[p.kind] ?? p.pts, p.pts);
    }
    return out;
  }

  /** The segment ends at `pts`; what was written past it already is cut when finalised. */
  endAt(pts: number): void {
    this.#untilPts = pts;
    for (const stream of ['video', 'audio'] as const) {
      const fed = this.#fed[stream];
      if (fed !== null && fed >= pts) this.#passed.add(stream);
    }
  }

  /** Ended, and the hub's output has gone past the end on every stream: nothing more to write. */
  get done(): boolean {
    if (this.#untilPts === null) return false;
    if (!this.#passed.has('video')) return false;
    return this.#keyPts === null || !this.#sawAudio || this.#passed.has('audio');
  }

  /** Nothing of the stretch was (or stays) written: its file is left out. */
  get empty(): boolean {
    return this.#keyPts === null || (this.#untilPts !== null && this.#untilPts <= this.#keyPts);
  }

  /**
   * Where the file must be cut (seconds from its start) because media past the end was written
   * before the end was known (a late request); null when nothing past it was written.
   */
  get outpoint(): number | null {
    if (this.#untilPts === null || this.#keyPts === null) return null;
    const until = this.#untilPts;
    const over = (['video', 'audio'] as const).some((s) => (this.#fed[s] ?? -1) >= until);
    return over ? (until - this.#keyPts) / PTS_HZ : null;
  }
}
