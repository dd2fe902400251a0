import type { SharedVideoView } from '@podium/protocol';

/**
 * Playing a shared video in sync, as pure rules (issue 14 item 2). The server keeps
 * `{playing, position, at}` on its own clock; each browser estimates the offset of that clock to
 * its own from the `now` of the server's messages, works out where the video should be at this
 * moment, and corrects its player when it is off by more than the tolerance (seeking on every
 * small difference would stutter; more than half a second apart is visibly out of sync).
 */

/** Seek when the player is further than this from where the video should be (seconds). */
export const SYNC_TOLERANCE_S = 0.35;

/**
 * The offset to add to this browser's clock to read the server's: the server's `now` minus
 * the local time the message arrived (one-way delay is a few ms here: it errs by that much).
 */
export function clockOffset(serverNow: number, receivedAt: number): number {
  return serverNow - receivedAt;
}

/** Where the video should be (seconds) at the local time `localNow`. */
export function expectedPosition(
  video: Pick<SharedVideoView, 'playing' | 'position' | 'at'>,
  localNow: number,
  offset: number,
  duration?: number,
): number {
  const serverNow = localNow + offset;
  const elapsed = video.playing ? Math.max(0, serverNow - video.at) / 1000 : 0;
  const position = video.position + elapsed;
  return duration !== undefined && Number.isFinite(duration) && duration > 0
    ? Math.min(position, duration)
    : position;
}

/** What the player reports now. */
export interface PlayerReading {
  /** Seconds; null when the player cannot tell yet (an embed that has not answered). */
  time: number | null;
  paused: boolean;
}

/** What to do to the player: seek (seconds), play, pause; nothing when in sync. */
export interface SyncStep {
  seek?: number;
  play?: true;
  pause?: true;
}

/** One correction step: follow play/pause, and seek when the drift passes the tolerance. */
export function syncStep(
  expected: number,
  playing: boolean,
  player: PlayerReading,
  tolerance = SYNC_TOLERANCE_S,
): SyncStep {
  const step: SyncStep = {};
  if (player.time === null || Math.abs(player.time - expected) > tolerance) step.seek = expected;
  if (playing && player.paused) step.play = true;
  if (!playing && !player.paused) step.pause = true;
  return step;
}

/** The controller's play / pause / seek, from where the video is now (not where one player is). */
export function control(
  video: Pick<SharedVideoView, 'playing' | 'position' | 'at'>,
  action: { type: 'play' } | { type: 'pause' } | { type: 'seek_by'; seconds: number },
  localNow: number,
  offset: number,
  duration?: number,
): { playing: boolean; position: number } {
  const now = expectedPosition(video, localNow, offset, duration);
  switch (action.type) {
    case 'play':
      return { playing: true, position: now };
    case 'pause':
      return { playing: false, position: now };
    case 'seek_by': {
      const max = duration !== undefined && Number.isFinite(duration) ? duration : Infinity;
      return { playing: video.playing, position: Math.min(max, Math.max(0, now + action.seconds)) };
    }
  }
}
