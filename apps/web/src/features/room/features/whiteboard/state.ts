import {
  CLOSED_WHITEBOARD,
  reconcile,
  type WhiteboardElement,
  type WhiteboardView,
} from '@podium/protocol';
import type { FeatureSlice } from '../../state/featureState.ts';

/**
 * The room's whiteboard as this browser knows it: the server's `whiteboard_state` (on every
 * change and after every welcome) and the board's elements by id, kept by the same reconcile
 * rule as the server (the protocol's pure `reconcile`): the whole board after a welcome, what
 * others changed since, and what this browser sent. The drawing surface (Board.tsx) starts from
 * it when it mounts and follows it afterwards.
 */
export interface WhiteboardSliceState {
  view: WhiteboardView;
  elements: ReadonlyMap<string, WhiteboardElement>;
  /** Bumped on every change of `elements` from the server (the surface applies those). */
  revision: number;
  /** The last elements received from the server, for the surface to reconcile into its scene. */
  received: readonly WhiteboardElement[];
}

export const whiteboardSlice: FeatureSlice<WhiteboardSliceState> = {
  key: 'whiteboard',
  initial: { view: CLOSED_WHITEBOARD, elements: new Map(), revision: 0, received: [] },
  reduce: (slice, input) => {
    if (input.type === 'whiteboard_state') return { ...slice, view: input.whiteboard };
    if (input.type === 'whiteboard_scene') {
      const elements = input.full
        ? new Map(input.elements.map((e) => [e.id, e]))
        : reconcile(slice.elements, input.elements).board;
      return { ...slice, elements, revision: slice.revision + 1, received: input.elements };
    }
    return slice;
  },
};

/** The slice after this browser sent `sent` (kept so a remounted surface has them). */
export function withSent(
  slice: WhiteboardSliceState,
  sent: readonly WhiteboardElement[],
): WhiteboardSliceState {
  return { ...slice, elements: reconcile(slice.elements, sent).board };
}
