import type { ServerMessageOf, StreamDestinationView } from '@podium/protocol';
import type { FeatureSlice } from '../../state/featureState.ts';
import { readSlice, type RoomStoreState } from '../../store.ts';

export interface StreamingState {
  /** At least one destination streams: the LIVE indicator. */
  readonly live: boolean;
  readonly destinations: readonly StreamDestinationView[];
}

export const OFF_AIR: StreamingState = { live: false, destinations: [] };

/**
 * The room's live stream as the server last told it (`stream_state`, after every change and
 * after every welcome while something streams). A `welcome` resets it: a reconnect to a room
 * whose stream stopped meanwhile hears nothing more about it.
 */
export const streamingSlice: FeatureSlice<StreamingState> = {
  key: 'streaming',
  initial: OFF_AIR,
  reduce: (state, input) => {
    if (input.type === 'stream_state') return fromEvent(input);
    if (input.type === 'welcome' || input.type === 'ended') {
      return state.destinations.length === 0 && !state.live ? state : OFF_AIR;
    }
    return state;
  },
};

const fromEvent = (event: ServerMessageOf<'stream_state'>): StreamingState => ({
  live: event.live,
  destinations: event.destinations,
});

export const streamingOf = (state: Pick<RoomStoreState, 'features'>): StreamingState =>
  readSlice(state, streamingSlice);
