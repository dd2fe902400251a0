import type { RoomSession } from '../../session/RoomSession.ts';

/** What the breakout actions need of the session. */
type Session = Pick<RoomSession, 'send'>;

export const BREAKOUT_BUSY = 'breakout';

export interface OpenChoice {
  count: number;
  assign: 'auto' | 'manual';
  allowChoose: boolean;
  /** 0: no timer. */
  minutes: number;
}

/** Hosts and co-hosts: open the breakout rooms. */
export function openRooms(session: Session, choice: OpenChoice) {
  return session.send(
    'breakout_open',
    {
      count: choice.count,
      assign: choice.assign,
      allow_choose: choice.allowChoose,
      duration_s: choice.minutes > 0 ? Math.round(choice.minutes * 60) : null,
    },
    BREAKOUT_BUSY,
  );
}

/** Hosts and co-hosts: move someone into a room (null: the main room). */
export function assignTo(session: Session, participantId: string, roomId: string | null) {
  return session.send(
    'breakout_assign',
    { participant_id: participantId, room_id: roomId },
    `breakout:assign:${participantId}`,
  );
}

/** Move oneself (hosts visit; participants choose when allowed); null: back to the main room. */
export function joinRoom(session: Session, roomId: string | null) {
  return session.send('breakout_join', { room_id: roomId }, `breakout:join:${roomId ?? 'main'}`);
}

export function broadcast(session: Session, text: string) {
  return session.send('breakout_broadcast', { text }, 'breakout:broadcast');
}

export function askHelp(session: Session) {
  return session.send('breakout_help', {}, 'breakout:help');
}

export function closeRooms(session: Session) {
  return session.send('breakout_close', {}, 'breakout:close');
}
