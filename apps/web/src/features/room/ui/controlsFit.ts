/**
 * How many of the features' controls the desktop bar shows inline (issue 15: nothing hidden
 * behind the viewport, the bar never wraps). The core controls and Leave always stay; the
 * features' controls follow in order while they fit, the rest go behind "More options", which
 * then takes a slot of its own. Pure, so it is unit-tested without a browser.
 */

/** A round control of the bar (ActionIcon size 48). */
export const CONTROL_SIZE = 48;
/** The gap between the bar's controls (Mantine `sm`). */
export const CONTROL_GAP = 12;

export interface BarFit {
  /** The bar's width. */
  available: number;
  /** What always stays: the core controls and Leave, with the gaps between them. */
  reserved: number;
  /** The features' controls, in bar order. */
  total: number;
  /** One more control and the gap before it. */
  slot?: number;
}

/** The number of features' controls shown inline: all of them, or as many as fit beside More. */
export function inlineControlCount({
  available,
  reserved,
  total,
  slot = CONTROL_SIZE + CONTROL_GAP,
}: BarFit): number {
  if (total <= 0) return 0;
  const room = available - reserved;
  if (total * slot <= room) return total;
  // Not all: "More options" needs a slot of its own.
  return Math.max(0, Math.min(total - 1, Math.floor((room - slot) / slot)));
}
