import { NameBadge, StudioFront, StudioScene } from '../../../studio/StudioOverlays.tsx';
import type { StageLayerProps } from '../inCallFeature.ts';
import type { StageTile } from '../../state/stage.ts';
import { useRoomState } from '../../ui/context.ts';
import { studioOf } from './state.ts';

/** Behind the tiles: the scene. */
export function StudioBack() {
  const studio = useRoomState(studioOf);
  return <StudioScene studio={studio} />;
}

/** Over the tiles (clipped to the stage, never over the controls): logo and text. */
export function StudioOver({ area }: StageLayerProps) {
  const studio = useRoomState(studioOf);
  return <StudioFront studio={studio} area={area} />;
}

/** Each presenter's name badge over their camera tile. */
export function StudioBadge({ tile }: { tile: StageTile }) {
  const studio = useRoomState(studioOf);
  const name = useRoomState((s) => s.room.participants[tile.participantId]?.name ?? '');
  if (tile.source !== 'camera' || !name) return null;
  return <NameBadge studio={studio} name={name} />;
}
