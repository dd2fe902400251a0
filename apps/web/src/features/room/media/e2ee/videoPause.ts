import { UNDECRYPTABLE_AFTER_MS } from './transform.ts';

/**
 * Stops receiving the video of a feed whose frames cannot be decrypted. While its frames keep
 * arriving and failing, the browser keeps asking the sender for keyframes (measured in
 * e2e/calls/e2ee.spec.ts: about 7 a second for two such feeds), and every keyframe the sender
 * makes goes to everyone: the others pay for a receiver that can never decode. Paused at the
 * media server (`receive_video`), nothing arrives and nothing is asked for.
 *
 * The video comes back to try again when the keys change (a passphrase typed, someone's new
 * key) and otherwise every `retryMs`; a try that still fails pauses it again once the transform
 * had time to decrypt a frame, so a receiver that stays wrong costs one short burst per retry.
 */
export interface VideoPauseOptions {
  /** Asks the media server to stop (false) or resume (true) the feed's video. */
  receive(feedId: string, on: boolean): Promise<unknown>;
  /** Whether the feed still fails to decrypt now. */
  undecryptable(feedId: string): boolean;
  retryMs?: number;
  /** How long a resumed feed has to decrypt a frame before it is paused again. */
  settleMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

const VIDEO_RETRY_MS = 30_000;

export class VideoPause {
  readonly #options: Required<VideoPauseOptions>;
  readonly #paused = new Set<string>();
  /** Feeds resumed to try again, with the timer that checks the try. */
  readonly #trying = new Map<string, unknown>();
  #retry: unknown = null;

  constructor(options: VideoPauseOptions) {
    this.#options = {
      retryMs: VIDEO_RETRY_MS,
      settleMs: UNDECRYPTABLE_AFTER_MS + 1_000,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
      ...options,
    };
  }

  get paused(): ReadonlySet<string> {
    return this.#paused;
  }

  /**
   * A receiver of the feed reported whether its frames decrypt. A receiver reports a change
   * only, so a failure reported for a feed already paused comes from a new receiver (a rebuilt
   * subscription, which the media server started afresh): it is paused again.
   */
  report(feedId: string, ok: boolean): void {
    if (ok) {
      this.#stopTrying(feedId);
      return;
    }
    if (!this.#trying.has(feedId)) this.#pause(feedId);
  }

  /** The keys changed: every paused feed may decrypt now. */
  keysChanged(): void {
    for (const feedId of [...this.#paused]) this.#try(feedId);
  }

  /** The feed is gone (unpublished, or the subscription was rebuilt). */
  forget(feedId: string): void {
    this.#stopTrying(feedId);
    this.#paused.delete(feedId);
    this.#schedule();
  }

  close(): void {
    for (const feedId of [...this.#trying.keys()]) this.#stopTrying(feedId);
    this.#paused.clear();
    this.#schedule();
  }

  #pause(feedId: string): void {
    this.#paused.add(feedId);
    this.#options.receive(feedId, false).catch(() => undefined);
    this.#schedule();
  }

  #try(feedId: string): void {
    this.#paused.delete(feedId);
    this.#options.receive(feedId, true).catch(() => undefined);
    // The transform reports a change only: a feed still failing says nothing more, so ask.
    const timer = this.#options.setTimer(() => {
      this.#trying.delete(feedId);
      if (this.#options.undecryptable(feedId)) this.#pause(feedId);
    }, this.#options.settleMs);
    this.#trying.set(feedId, timer);
    this.#schedule();
  }

  #stopTrying(feedId: string): void {
    const timer = this.#trying.get(feedId);
    if (timer === undefined) return;
    this.#options.clearTimer(timer);
    this.#trying.delete(feedId);
  }

  /** One retry timer while anything is paused. */
  #schedule(): void {
    if (this.#paused.size > 0 && this.#retry === null) {
      this.#retry = this.#options.setTimer(() => {
        this.#retry = null;
        this.keysChanged();
      }, this.#options.retryMs);
    } else if (this.#paused.size === 0 && this.#retry !== null) {
      this.#options.clearTimer(this.#retry);
      this.#retry = null;
    }
  }
}
