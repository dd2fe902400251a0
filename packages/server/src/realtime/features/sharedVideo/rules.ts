import type { SharedVideoView } from '@podium/protocol';

/**
 * The shared video's state rules, pure (the clock comes in). The server keeps one state per
 * room: `{url, playing, position, at}` where `position` (seconds) was true at server time `at`
 * (ms); while playing, the position of any later moment follows from it (the browsers work it
 * out: apps/web/src/features/room/features/sharedVideo/sync.ts).
 */

/** The state after the controller's play / pause / seek, stamped with the server's clock. */
export function controlled(
  video: SharedVideoView,
  control: { playing: boolean; position: number },
  now: number,
): SharedVideoView {
  return { ...video, playing: control.playing, position: control.position, at: now };
}
