import { stageView, type StageInput, type StageView } from './stage.ts';

/**
 * An arrangement of the stage chosen for everyone (the studio's video layout, issue 13), over
 * each viewer's own layout:
 * - `single`: one tile fills the stage — what is shared, else the person pinned for everyone,
 *   else the active speaker (else the first presenter); nobody else is shown;
 * - `side_by_side`: every tile in one row of equal tiles (the first ones, then "+N");
 * - `featured`: one large tile (as `single` chooses it) with the others in a strip beside it.
 * Personal choices (one's own layout, a local pin) give way, so every participant and the
 * recorder see the same arrangement.
 */
export type StageMode = 'single' | 'side_by_side' | 'featured';

/** The stage for `mode`; without one, the viewer's own layout (`stageView`). Pure. */
export function modeStageView(input: StageInput, mode: StageMode | null): StageView {
  if (mode === null) return stageView(input);
  const { room } = input;
  const common: StageInput = {
    ...input,
    room: {
      ...room,
      localPin: null,
      layout: mode === 'side_by_side' ? 'gallery' : room.pinnedForAll !== null ? 'pin' : 'center',
    },
  };
  const view = stageView(common);
  switch (mode) {
    case 'single':
      return { ...view, arrangement: 'featured', main: view.main.slice(0, 1), strip: [] };
    case 'side_by_side':
      return { ...view, arrangement: 'row', main: [...view.main, ...view.strip], strip: [] };
    case 'featured':
      return view;
    default:
      return mode satisfies never;
  }
}
