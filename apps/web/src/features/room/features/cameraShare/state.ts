import type { CameraShareSource, CameraShareView } from '@podium/protocol';
import type { FeatureSlice } from '../../state/featureState.ts';

/** One of this browser's camera shares: its capture, from the click until it is stopped. */
export interface OwnShare {
  source: CameraShareSource;
  name: string;
  /** The device's capture (the self view), null until the browser opened it. */
  stream: MediaStream | null;
  /** The participant the server listed it for (null: not yet): a reconnect changes who we are. */
  listedAs: string | null;
}

/**
 * The room's camera shares as this browser knows them: the server's list (`camera_shares`, on
 * every change and after every welcome — a new participant's only when there are some — so
 * late joiners and reconnects see them), this browser's own captures, the shares asked to stop
 * and not yet gone, and a local pin.
 */
export interface CameraShareState {
  shares: readonly CameraShareView[];
  own: readonly OwnShare[];
  /** Share ids (`shareId`) this browser asked to stop. */
  stopping: readonly string[];
  /** The share this viewer pinned (featured on the stage), or null. */
  pinned: string | null;
}

export const shareId = (participantId: string, source: CameraShareSource): string =>
  `${participantId}:${source}`;

export const cameraShareSlice: FeatureSlice<CameraShareState> = {
  key: 'cameraShare',
  initial: { shares: [], own: [], stopping: [], pinned: null },
  reduce: (slice, input) => {
    if (input.type !== 'camera_shares') return slice;
    const listed = new Set(input.shares.map((s) => shareId(s.participant_id, s.source)));
    return {
      ...slice,
      shares: input.shares,
      // Gone from the list: no longer stopping, no longer pinned.
      stopping: slice.stopping.filter((id) => listed.has(id)),
      pinned: slice.pinned !== null && listed.has(slice.pinned) ? slice.pinned : null,
    };
  },
};
