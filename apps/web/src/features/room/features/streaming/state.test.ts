import { describe, expect, it } from 'vitest';
import type { StreamDestinationView } from '@podium/protocol';
import { OFF_AIR, streamingSlice } from './state.ts';
import { INITIAL_ROOM } from '../../state/roomState.ts';

const reduce = streamingSlice.reduce!;
const destination = (over: Partial<StreamDestinationView> = {}): StreamDestinationView => ({
  id: 'd1',
  name: 'YouTube',
  state: 'streaming',
  error: null,
  attempt: 0,
  url: null,
  server_id: null,
  ...over,
});

describe('streaming slice', () => {
  it('takes the live flag and destinations from stream_state', () => {
    const next = reduce(
      OFF_AIR,
      {
        type: 'stream_state',
        live: true,
        destinations: [
          destination(),
          destination({ id: 'd2', state: 'failed', error: 'stream.check_key' }),
        ],
      },
      INITIAL_ROOM,
    );
    expect(next.live).toBe(true);
    expect(next.destinations.map((d) => d.state)).toEqual(['streaming', 'failed']);
  });

  it('forgets the stream on a new welcome (the server repeats it if it still runs)', () => {
    const live = { live: true, destinations: [destination()] };
    const welcome = {
      type: 'welcome' as const,
      session_id: 's',
      participant: {} as never,
      room: {} as never,
    };
    expect(reduce(live, welcome, INITIAL_ROOM)).toEqual(OFF_AIR);
    expect(reduce(OFF_AIR, welcome, INITIAL_ROOM)).toBe(OFF_AIR);
  });

  it('ignores other events', () => {
    const live = { live: true, destinations: [destination()] };
    expect(reduce(live, { type: 'join_state', state: 'connected' }, INITIAL_ROOM)).toBe(live);
  });
});
