import { describe, expect, it } from 'vitest';
import type { FeedView, ServerEvent } from '@podium/protocol';
import { INITIAL_ROOM } from '../../state/roomState.ts';
import { reduceWithFeatures } from '../../state/featureState.ts';
import { cameraShareSlice, type CameraShareState } from './state.ts';
import { freeSource, mayShareCamera, shareTiles } from './view.ts';

const feed = (participant: string, source: FeedView['source'], id: string): FeedView => ({
  feed_id: id,
  participant_id: participant,
  name: participant,
  source,
  channel: null,
  audio: false,
  video: true,
  simulcast: false,
});

const state = (patch: Partial<CameraShareState>): CameraShareState => ({
  ...cameraShareSlice.initial,
  ...patch,
});

const doc = { participant_id: 'p1', source: 'camera_share_1', name: 'Document' } as const;
const board = { participant_id: 'p2', source: 'camera_share_2', name: 'Board' } as const;

describe('camera share tiles (view model)', () => {
  it('is starting until its feed is published, then streaming, stopping once asked to stop', () => {
    const slice = state({ shares: [doc, board] });
    const feeds = { f1: feed('p1', 'camera_share_1', 'f1'), c1: feed('p1', 'camera', 'c1') };
    expect(shareTiles(slice, feeds, 'me').map((t) => [t.name, t.status, t.feedId])).toEqual([
      ['Document', 'streaming', 'f1'],
      ['Board', 'starting', null],
    ]);
    const stopping = state({ shares: [doc], stopping: ['p1:camera_share_1'] });
    expect(shareTiles(stopping, feeds, 'p1')[0]).toMatchObject({ status: 'stopping', self: true });
  });

  it("shows one's own share from the click, before the server lists it", () => {
    const slice = state({
      own: [{ source: 'camera_share_2', name: 'Desk', stream: null, listedAs: null }],
    });
    expect(shareTiles(slice, {}, 'me')).toEqual([
      {
        id: 'me:camera_share_2',
        participantId: 'me',
        source: 'camera_share_2',
        name: 'Desk',
        status: 'starting',
        self: true,
        feedId: null,
      },
    ]);
  });

  it('puts the pinned share first', () => {
    const slice = state({ shares: [doc, board], pinned: 'p2:camera_share_2' });
    expect(shareTiles(slice, {}, null).map((t) => t.name)).toEqual(['Board', 'Document']);
  });

  it('gives the next free source and none past the limit of three', () => {
    const mine = (n: 1 | 2 | 3) =>
      ({ participant_id: 'me', source: `camera_share_${n}`, name: `C${n}` }) as const;
    expect(freeSource(state({ shares: [doc] }), 'me')).toBe('camera_share_1');
    expect(freeSource(state({ shares: [mine(1)] }), 'me')).toBe('camera_share_2');
    const own = [{ source: 'camera_share_2' as const, name: 'x', stream: null, listedAs: null }];
    expect(freeSource(state({ shares: [mine(1)], own }), 'me')).toBe('camera_share_3');
    expect(freeSource(state({ shares: [mine(1), mine(2), mine(3)] }), 'me')).toBe(null);
  });

  it('lets the stage share with the camera right; the audience never', () => {
    expect(mayShareCamera('presenter', true)).toBe(true);
    expect(mayShareCamera('host', false)).toBe(false);
    expect(mayShareCamera('participant', true)).toBe(false);
    expect(mayShareCamera('guest', true)).toBe(false);
  });

  it('folds the server list, forgetting stop marks and a pin of shares gone', () => {
    const reducers = { slices: [cameraShareSlice], chatLines: [] };
    const start = {
      room: INITIAL_ROOM,
      features: {
        cameraShare: state({
          shares: [doc, board],
          stopping: ['p1:camera_share_1'],
          pinned: 'p1:camera_share_1',
        }),
      },
    };
    const event: ServerEvent = { type: 'camera_shares', shares: [board] };
    const next = reduceWithFeatures(start, event, reducers);
    expect(next.features.cameraShare).toEqual(state({ shares: [board] }));
  });
});
