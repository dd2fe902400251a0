/** setTimeout takes at most a signed 32-bit delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface RoomTimerOptions {
  now: () => number;
  /** Close this long after the last person left. */
  idleCloseMs: number;
  /** An ended room keeps answering joins with "ended" this long, then closes. */
  endedLingerMs: number;
  /** A `wake` the machine asked for is due: dispatch a `tick`. */
  onWake(): void;
  /** The event's time is over: dispatch `end`. */
  onExpire(): void;
  /** The room stayed empty for `idleCloseMs`. */
  onIdle(): void;
  /** The ended room lingered long enough: close it. */
  onLingered(): void;
}

/**
 * The timers of one room run: the machine's `wake`s (grace periods), the event's expiry, the
 * idle close of an empty room and the linger of an ended one. All unref'd; `stop()` clears them.
 */
export class RoomTimers {
  readonly #options: RoomTimerOptions;
  #wakes: number[] = [];
  #wakeTimer: NodeJS.Timeout | null = null;
  #wakeAt = Infinity;
  #idleTimer: NodeJS.Timeout | null = null;
  #endTimer: NodeJS.Timeout | null = null;
  #stopped = false;

  constructor(options: RoomTimerOptions) {
    this.#options = options;
  }

  /** Effect `wake`: a `tick` at (or just after) `at`. */
  wakeAt(at: number): void {
    this.#wakes.push(at);
    this.#armWake();
  }

  #armWake(): void {
    if (this.#stopped || this.#wakes.length === 0) return;
    let next = Infinity;
    for (const at of this.#wakes) if (at < next) next = at;
    if (this.#wakeTimer && this.#wakeAt <= next) return;
    if (this.#wakeTimer) clearTimeout(this.#wakeTimer);
    this.#wakeAt = next;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, next - this.#options.now()) + 5);
    this.#wakeTimer = setTimeout(() => this.#onWake(), delay);
    this.#wakeTimer.unref();
  }

  #onWake(): void {
    this.#wakeTimer = null;
    this.#wakeAt = Infinity;
    const now = this.#options.now();
    this.#wakes = this.#wakes.filter((at) => at > now);
    this.#options.onWake();
    this.#armWake();
  }

  /** Ends the room at `at` (epoch ms); null: the event never expires. */
  expireAt(at: number | null): void {
    if (at === null) return;
    const arm = (): void => {
      const left = at - this.#options.now();
      if (left > MAX_TIMER_MS) {
        this.#endTimer = setTimeout(arm, MAX_TIMER_MS);
      } else {
        this.#endTimer = setTimeout(() => this.#options.onExpire(), Math.max(0, left));
      }
      this.#endTimer.unref();
    };
    arm();
  }

  /** After every command: an empty room starts its idle countdown, anyone present stops it. */
  watchIdle(empty: boolean): void {
    if (!empty) {
      if (this.#idleTimer) clearTimeout(this.#idleTimer);
      this.#idleTimer = null;
      return;
    }
    if (this.#idleTimer || this.#stopped) return;
    this.#idleTimer = setTimeout(() => {
      this.#idleTimer = null;
      this.#options.onIdle();
    }, this.#options.idleCloseMs);
    this.#idleTimer.unref();
  }

  /** The room ended: no idle close any more, but a close after the linger. */
  ended(): void {
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
    if (this.#endTimer) clearTimeout(this.#endTimer);
    this.#endTimer = setTimeout(() => this.#options.onLingered(), this.#options.endedLingerMs);
    this.#endTimer.unref();
  }

  stop(): void {
    this.#stopped = true;
    for (const timer of [this.#wakeTimer, this.#idleTimer, this.#endTimer]) {
      if (timer) clearTimeout(timer);
    }
  }
}
