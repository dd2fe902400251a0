import {
  identityKey,
  inRoom,
  isModeratorRole,
  roomError,
  type Participant,
  type RoomError,
} from '../../../rooms/index.ts';
import type { Answer } from '../../room-types.ts';
import type { FeatureRequestHandler, FeatureRoom } from '../types.ts';
import {
  askHelp,
  move,
  openBreakout,
  refusal,
  roomOf,
  type Breakout,
  type BreakoutCommand,
} from './rules.ts';
import { announceState, closeAll, groupsOf, persist, runOf, viewFor, warn } from './slot.ts';

/**
 * The breakout requests, each answered in the room's turn (the room state and the breakout
 * rooms are read and changed together): checked against the pure rules (rules.ts), then the
 * media routing regroups the feeds and everyone hears `breakout_state`.
 */

interface Checked {
  p: Participant;
  key: string;
  breakout: Breakout | null;
}

function check(
  room: FeatureRoom,
  by: string,
  command: BreakoutCommand,
  target: string | null = null,
): Checked | RoomError {
  const p = room.state.participants.get(by);
  const connected = p !== undefined && p.status === 'connected' && p.recorder !== true;
  const breakout = runOf(room).breakout;
  const key = p ? identityKey(p.identity) : '';
  const refused = refusal(
    breakout,
    command,
    {
      role: connected ? p.role : null,
      mode: room.state.mode,
      inRoom: roomOf(breakout, key),
    },
    target,
  );
  if (refused || !p) return refused ?? roomError('not_joined', 'room.not_in_room');
  return { p, key, breakout };
}

const failed = (c: Checked | RoomError): c is RoomError => !('p' in c);

/** The breakout rooms change: the issuer hears the reply first, then feeds and state follow. */
function change(
  room: FeatureRoom,
  asker: Participant,
  next: Breakout | null,
  answer: Answer,
): void {
  const run = runOf(room);
  const before = run.breakout;
  run.breakout = next;
  answer({ ok: true, data: { breakout: viewFor(room.state, next, asker) } });
  room.routing.setGroups(groupsOf(next));
  announceState(room);
  persist(room);
  if (before?.endsAt !== next?.endsAt)
    run.schedule(
      room,
      () => warn(room),
      () => closeAll(room),
    );
}

export const breakoutOpen: FeatureRequestHandler<'breakout_open'> = (room, by, request, answer) =>
  room.turn(() => {
    const c = check(room, by, 'open');
    if (failed(c)) return answer({ ok: false, error: c });
    // Hosts and co-hosts stay in the main room (they visit); the recorder is nobody's.
    const people = [...room.state.participants.values()]
      .filter((q) => inRoom(q) && q.recorder !== true && !isModeratorRole(q.role))
      .sort((a, b) => a.seq - b.seq)
      .map((q) => identityKey(q.identity));
    const next = openBreakout({
      count: request.count,
      people,
      assign: request.assign,
      allowChoose: request.allow_choose,
      endsAt: request.duration_s === null ? null : Date.now() + request.duration_s * 1000,
      random: Math.random,
    });
    change(room, c.p, next, answer);
  });

export const breakoutAssign: FeatureRequestHandler<'breakout_assign'> = (
  room,
  by,
  request,
  answer,
) =>
  room.turn(() => {
    const c = check(room, by, 'assign', request.room_id);
    if (failed(c)) return answer({ ok: false, error: c });
    const target = room.state.participants.get(request.participant_id);
    if (!target || !inRoom(target) || target.recorder) {
      return answer({ ok: false, error: roomError('target_not_found', 'room.target_not_found') });
    }
    const moderator = isModeratorRole(target.role);
    change(
      room,
      c.p,
      move(c.breakout!, identityKey(target.identity), request.room_id, moderator),
      answer,
    );
  });

export const breakoutJoin: FeatureRequestHandler<'breakout_join'> = (room, by, request, answer) =>
  room.turn(() => {
    const c = check(room, by, 'join', request.room_id);
    if (failed(c)) return answer({ ok: false, error: c });
    change(room, c.p, move(c.breakout!, c.key, request.room_id, isModeratorRole(c.p.role)), answer);
  });

export const breakoutBroadcast: FeatureRequestHandler<'breakout_broadcast'> = (
  room,
  by,
  request,
  answer,
) =>
  room.turn(() => {
    const c = check(room, by, 'broadcast');
    if (failed(c)) return answer({ ok: false, error: c });
    answer({ ok: true });
    room.deliver([
      {
        to: { to: 'everyone' },
        message: {
          type: 'breakout_message',
          from: c.p.id,
          from_name: c.p.name,
          text: request.text,
        },
      },
    ]);
  });

export const breakoutHelp: FeatureRequestHandler<'breakout_help'> = (room, by, _request, answer) =>
  room.turn(() => {
    const c = check(room, by, 'help');
    if (failed(c)) return answer({ ok: false, error: c });
    const roomId = roomOf(c.breakout, c.key)!;
    const name = c.breakout!.rooms.find((r) => r.id === roomId)?.name ?? roomId;
    answer({ ok: true });
    runOf(room).breakout = askHelp(c.breakout!, roomId);
    persist(room);
    room.deliver([
      {
        to: { to: 'moderators' },
        message: {
          type: 'breakout_help',
          participant_id: c.p.id,
          name: c.p.name,
          room_id: roomId,
          room_name: name,
        },
      },
    ]);
    announceState(room);
  });

export const breakoutClose: FeatureRequestHandler<'breakout_close'> = (
  room,
  by,
  _request,
  answer,
) =>
  room.turn(() => {
    const c = check(room, by, 'close');
    if (failed(c)) return answer({ ok: false, error: c });
    change(room, c.p, null, answer);
    runOf(room).stopTimers();
  });
