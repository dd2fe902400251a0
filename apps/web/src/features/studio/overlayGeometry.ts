import type { LogoPosition, StudioState } from '@podium/protocol';

/**
 * Where the studio's overlays go on a stage of a given size, pure. Sizes are designed on a
 * 720-pixel-high stage and scaled with the stage's height, so a phone, a laptop and the
 * recorder's 1280x720 page show the same picture.
 */
export interface Area {
  width: number;
  height: number;
}

export const DESIGN_HEIGHT = 720;
/** The logo's box (a 100x100 logo fits it; larger ones are scaled down into it). */
export const LOGO_BOX = { width: 200, height: 100 };
export const MARGIN = 16;

export const scaleOf = (area: Area): number => (area.height > 0 ? area.height / DESIGN_HEIGHT : 1);

/** The text band's height: one line of the chosen size with its padding. */
export function bandHeight(text: StudioState['text'], scale: number): number {
  return Math.round((text.font_size * 1.4 + 16) * scale);
}

/** CSS position of the logo box inside the stage area (pixels), given what else is drawn. */
export function logoPlacement(
  position: LogoPosition,
  area: Area,
  bottomReserved: number,
): { left: number; top: number; width: number; height: number } {
  const scale = scaleOf(area);
  const width = LOGO_BOX.width * scale;
  const height = LOGO_BOX.height * scale;
  const margin = MARGIN * scale;
  const [row, column] = position.split('-') as ['top' | 'bottom' | 'middle', string];
  const left =
    column === 'left'
      ? margin
      : column === 'right'
        ? area.width - width - margin
        : (area.width - width) / 2;
  const top =
    row === 'top'
      ? margin
      : row === 'bottom'
        ? area.height - height - margin - bottomReserved
        : (area.height - height) / 2;
  return { left, top, width, height };
}

/** How the logo image sits in its box: against the side the position names. */
export function logoAlignment(position: LogoPosition): {
  justifyContent: string;
  alignItems: string;
} {
  const [row, column] = position.split('-');
  return {
    justifyContent: column === 'left' ? 'flex-start' : column === 'right' ? 'flex-end' : 'center',
    alignItems: row === 'top' ? 'flex-start' : row === 'bottom' ? 'flex-end' : 'center',
  };
}
