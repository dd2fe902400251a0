import { z } from 'zod';
import {
  WHITEBOARD_MAX_BOARD_CHARS,
  WHITEBOARD_MAX_ELEMENTS,
  whiteboardElement,
} from '../signaling/whiteboard.ts';

/**
 * /draw, the personal board (spec §2 "/draw"; issue 14 item 1): a signed-in person's drawing is
 * saved to their account (`apiPaths.drawing`: GET it, POST replaces it); a guest's stays in the
 * browser. The elements are the whiteboard's (signaling/whiteboard.ts: the same checks, no
 * images), so a drawing can be shared into a call's board as it is.
 */

export const drawingSaveRequest = z
  .object({ elements: z.array(whiteboardElement).max(WHITEBOARD_MAX_ELEMENTS) })
  .refine((d) => JSON.stringify(d.elements).length <= WHITEBOARD_MAX_BOARD_CHARS, {
    message: 'The drawing is too large',
    path: ['elements'],
  });
export type DrawingSaveRequest = z.input<typeof drawingSaveRequest>;

export const drawingGetRequest = z.object({});

export const drawingResponse = z.object({
  elements: z.array(whiteboardElement),
  /** When it was last saved (ISO), null when nothing was saved yet. */
  updated_at: z.string().nullable(),
});
export type DrawingResponse = z.output<typeof drawingResponse>;

/** The body limit of a save: the board's bound plus room for JSON around it. */
export const DRAWING_BODY_LIMIT = WHITEBOARD_MAX_BOARD_CHARS * 3 + 64 * 1024;
