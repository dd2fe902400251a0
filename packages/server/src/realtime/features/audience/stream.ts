import type { AudienceFailure, AudienceView, ServerMessageOf } from '@podium/protocol';
import type { EgressFailure, EgressSession } from '../../room-egress.ts';
import type { FeatureRoom, FeatureSlot } from '../types.ts';

/** The egress output id of the audience stream (one per room). */
export const AUDIENCE_OUTPUT = 'audience';
/** How often the viewer count is read while on air. */
const VIEWER_POLL_MS = 2000;

/**
 * The audience stream of one room run: its state, the egress output behind it, and the viewer
 * count it announces. Every change of what the room sees goes out as `audience_state` to
 * everyone, in the room's turn.
 */
export class AudienceStream {
  view: AudienceView = { state: 'off', viewers: 0, started_at: null, failure: null };
  /** Bumped on every start and stop: a slow start that was overtaken lets go of its output. */
  generation = 0;
  session: EgressSession | null = null;
  run: string | null = null;
  #poll: NodeJS.Timeout | null = null;

  message(): ServerMessageOf<'audience_state'> {
    return { type: 'audience_state', audience: { ...this.view } };
  }

  /** Changes the view and tells everyone (call inside the room's turn). */
  set(room: FeatureRoom, changes: Partial<AudienceView>): void {
    this.view = { ...this.view, ...changes };
    room.deliver([{ to: { to: 'everyone' }, message: this.message() }]);
  }

  /** Reads the viewer count every few seconds while on air; announces it when it changes. */
  watchViewers(room: FeatureRoom, count: () => number): void {
    this.stopWatching();
    this.#poll = setInterval(() => {
      const viewers = count();
      if (viewers === this.view.viewers || this.view.state !== 'live') return;
      room
        .turn(() => {
          if (this.view.state === 'live') this.set(room, { viewers });
        })
        // The room closed: its `ended` hook stops the stream; nothing left to tell.
        .catch(() => this.stopWatching());
    }, VIEWER_POLL_MS);
    this.#poll.unref();
  }

  stopWatching(): void {
    if (this.#poll) clearInterval(this.#poll);
    this.#poll = null;
  }
}

export const audienceSlot: FeatureSlot<AudienceStream> = {
  name: 'audience',
  open: () => new AudienceStream(),
};

/** What the room is told when the egress lost the output. */
export function audienceFailure(failure: EgressFailure | undefined): AudienceFailure {
  switch (failure) {
    case 'disk_full':
      return 'disk_full';
    case 'egress_crashed':
      return 'egress_crashed';
    default:
      return 'encoder_failed';
  }
}
