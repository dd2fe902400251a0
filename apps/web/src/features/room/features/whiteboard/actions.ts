import type { WhiteboardEditors, WhiteboardElement } from '@podium/protocol';
import type { RoomSession } from '../../session/RoomSession.ts';
import { readSlice, writeSlice } from '../../store.ts';
import { frames } from './sync.ts';
import { whiteboardSlice, withSent } from './state.ts';

type Session = Pick<RoomSession, 'send' | 'store'>;

/** The loading flag of the open/close control. */
export const WHITEBOARD_BUSY = 'whiteboard';

export const openWhiteboard = (session: Session) =>
  session.send('whiteboard_open', {}, WHITEBOARD_BUSY);
export const closeWhiteboard = (session: Session) =>
  session.send('whiteboard_close', {}, WHITEBOARD_BUSY);
export const setWhiteboardEditors = (session: Session, editors: WhiteboardEditors) =>
  session.send('whiteboard_editors', { editors }, 'whiteboard-editors');

/** Sends elements this browser changed (one frame's worth); kept in the slice too. */
export function sendElements(session: Session, elements: WhiteboardElement[]): Promise<boolean> {
  writeSlice(
    session.store,
    whiteboardSlice,
    withSent(readSlice(session.store.getState(), whiteboardSlice), elements),
  );
  return session.send('whiteboard_update', { elements });
}

/**
 * Copies a drawing (from /draw) into the room's board: its elements as they are, in frames.
 * Resolves true when every frame was taken.
 */
export async function shareDrawing(
  session: Session,
  elements: readonly WhiteboardElement[],
): Promise<boolean> {
  let ok = true;
  for (const batch of frames(elements.filter((e) => !e.isDeleted))) {
    ok = (await sendElements(session, batch)) && ok;
  }
  return ok;
}
