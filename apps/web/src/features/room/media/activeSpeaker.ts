/**
 * Who is speaking, from audio levels 0..1 on the level meter's decibel scale (levelMeter.ts):
 * remote voices from the RTP synchronization sources, one's own from the local meter. The
 * loudest voice above a threshold must stay loudest for `switchMs` before the stage moves to it,
 * so a cough does not flip the view; silence keeps the last speaker on stage.
 */
export interface ActiveSpeakerOptions {
  /** Below this level a participant counts as silent. */
  threshold: number;
  /** How long a new voice must lead before it takes the stage. */
  switchMs: number;
}

export const DEFAULT_SPEAKER_OPTIONS: ActiveSpeakerOptions = { threshold: 0.35, switchMs: 600 };

export class ActiveSpeakerDetector {
  #options: ActiveSpeakerOptions;
  #current: string | null = null;
  #challenger: string | null = null;
  #challengerSince = 0;

  constructor(options: Partial<ActiveSpeakerOptions> = {}) {
    this.#options = { ...DEFAULT_SPEAKER_OPTIONS, ...options };
  }

  get current(): string | null {
    return this.#current;
  }

  /** Feeds one reading of every participant's level; returns the active speaker. */
  update(levels: ReadonlyMap<string, number>, now: number): string | null {
    let loudest: string | null = null;
    let loudestLevel = this.#options.threshold;
    for (const [id, level] of levels) {
      if (level >= loudestLevel) {
        loudest = id;
        loudestLevel = level;
      }
    }
    if (loudest === null || loudest === this.#current) {
      this.#challenger = null;
      return this.#current;
    }
    if (this.#current === null) {
      this.#current = loudest;
      this.#challenger = null;
      return this.#current;
    }
    if (this.#challenger !== loudest) {
      this.#challenger = loudest;
      this.#challengerSince = now;
    } else if (now - this.#challengerSince >= this.#options.switchMs) {
      this.#current = loudest;
      this.#challenger = null;
    }
    return this.#current;
  }

  /** The participant left: they cannot stay on stage. */
  forget(id: string): void {
    if (this.#current === id) this.#current = null;
    if (this.#challenger === id) this.#challenger = null;
  }
}
