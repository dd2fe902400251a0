import {
  type ServerMessageOf,
  type WhiteboardEditors,
  type WhiteboardView,
} from '@podium/protocol';
import { can, roomError, type RoomError, type RoomState } from '../../../rooms/index.ts';
import type { Action } from '../../../rooms/index.ts';
import type { FeatureRequestHandler, FeatureRoom } from '../types.ts';
import { whiteboardSlot, type WhiteboardSlot } from './slot.ts';

/** The refusals that hold whatever the role: not in the room, an end-to-end room. */
function notHere(state: RoomState, by: string): RoomError | null {
  const p = state.participants.get(by);
  if (!p || p.status !== 'connected') return roomError('not_joined', 'room.not_in_room');
  // The server would hold the drawings of a room whose media it may not see.
  if (state.mode === 'endtoend') return roomError('not_allowed', 'whiteboard.endtoend');
  return null;
}

/** Why `by` may not do `action` on the board now, or null. */
function refusal(state: RoomState, by: string, action: Action): RoomError | null {
  const first = notHere(state, by);
  const p = state.participants.get(by);
  if (first || !p) return first ?? roomError('not_joined', 'room.not_in_room');
  const ctx = { mode: state.mode, signedIn: p.identity.kind === 'account', grants: p.grants };
  return can(p.role, action, ctx) ? null : roomError('permission', 'errors.permission');
}

const stateEvent = (view: WhiteboardView): ServerMessageOf<'whiteboard_state'> => ({
  type: 'whiteboard_state',
  whiteboard: view,
});

function announce(room: FeatureRoom, slot: WhiteboardSlot, view: WhiteboardView): void {
  slot.view = view;
  room.deliver([{ to: { to: 'everyone' }, message: stateEvent(view) }]);
  slot.changed(room);
}

/** Presenters, speakers, co-hosts, the host: show the board on everyone's stage. */
export const whiteboardOpen: FeatureRequestHandler<'whiteboard_open'> = (room, by, _r, answer) =>
  room.turn(() => {
    const refused = refusal(room.state, by, 'whiteboard_open');
    if (refused) return answer({ ok: false, error: refused });
    const slot = room.local(whiteboardSlot);
    // Opening an open board is no error: two presenters may click at once.
    if (!slot.view.open) {
      const p = room.state.participants.get(by);
      announce(room, slot, {
        ...slot.view,
        open: true,
        opened_by: by,
        opened_by_name: p?.name ?? null,
      });
    }
    answer({ ok: true, data: { whiteboard: slot.view } });
  });

/** The same people: take it off the stage (the elements stay for the next opening). */
export const whiteboardClose: FeatureRequestHandler<'whiteboard_close'> = (room, by, _r, answer) =>
  room.turn(() => {
    const refused = refusal(room.state, by, 'whiteboard_open');
    if (refused) return answer({ ok: false, error: refused });
    const slot = room.local(whiteboardSlot);
    if (slot.view.open) {
      announce(room, slot, { ...slot.view, open: false, opened_by: null, opened_by_name: null });
    }
    answer({ ok: true, data: { whiteboard: slot.view } });
  });

/** The host and co-hosts: who may edit (presenters, or everyone). */
export const whiteboardEditors: FeatureRequestHandler<'whiteboard_editors'> = (
  room,
  by,
  request,
  answer,
) =>
  room.turn(() => {
    const refused = refusal(room.state, by, 'whiteboard_manage');
    if (refused) return answer({ ok: false, error: refused });
    const slot = room.local(whiteboardSlot);
    const editors: WhiteboardEditors = request.editors;
    if (slot.view.editors !== editors) announce(room, slot, { ...slot.view, editors });
    answer({ ok: true, data: { whiteboard: slot.view } });
  });

/**
 * Elements someone changed: reconciled into the room's board (older copies are ignored), what
 * changed it forwarded to everyone else, written with the event shortly after.
 */
export const whiteboardUpdate: FeatureRequestHandler<'whiteboard_update'> = (
  room,
  by,
  request,
  answer,
) =>
  room.turn(() => {
    const slot = room.local(whiteboardSlot);
    // "Everyone" lets every role edit; otherwise the permission column decides.
    const refused =
      slot.view.editors === 'everyone'
        ? notHere(room.state, by)
        : refusal(room.state, by, 'whiteboard_draw');
    if (refused) return answer({ ok: false, error: refused });
    if (!slot.view.open) {
      return answer({ ok: false, error: roomError('conflict', 'whiteboard.closed') });
    }
    if (!slot.take(by, Date.now())) {
      return answer({ ok: false, error: roomError('rate_limited', 'errors.too_many') });
    }
    const applied = slot.board.apply(request.elements);
    if (!applied.ok) return answer({ ok: false, error: roomError('conflict', 'whiteboard.full') });
    answer({ ok: true, data: { accepted: applied.accepted.length } });
    if (applied.accepted.length === 0) return;
    room.deliver([
      {
        to: { to: 'everyone', except: by },
        message: { type: 'whiteboard_scene', elements: applied.accepted, full: false, by },
      },
    ]);
    slot.changed(room);
  });
