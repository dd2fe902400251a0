import { DEFAULT_STUDIO, type StudioState } from '@podium/protocol';
import type { FeatureSlice } from '../../state/featureState.ts';
import type { StageMode } from '../../state/stageMode.ts';
import { readSlice, type RoomStoreState } from '../../store.ts';

/**
 * The room's studio as the server last told it (`studio_state`: on every change, after every
 * welcome — a late joiner, a reconnect, the recorder —; a new participant's only when it is not
 * the default). Until then the default (nothing drawn).
 */
export const studioSlice: FeatureSlice<StudioState> = {
  key: 'studio',
  initial: DEFAULT_STUDIO,
  reduce: (state, input) => (input.type === 'studio_state' ? input.studio : state),
};

export const studioOf = (state: Pick<RoomStoreState, 'features'>): StudioState =>
  readSlice(state, studioSlice);

/** The studio's video layout as a stage mode (README.md: what 1, 2 and 3 are). */
export function stageModeOf(studio: StudioState): StageMode | null {
  switch (studio.layout) {
    case 1:
      return 'single';
    case 2:
      return 'side_by_side';
    case 3:
      return 'featured';
    case null:
      return null;
    default:
      return studio.layout satisfies never;
  }
}
