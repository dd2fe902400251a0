import { z } from 'zod';
import { SIGNALING_MAX_NAME, event, participantId, request, signalingId } from './common.ts';

/**
 * Breakout rooms (issue 14 item 5, beyond the spec; behaviour after Zoom's and Jitsi's): hosts
 * and co-hosts split the room into breakout rooms (balanced at random, or by hand), optionally
 * let participants choose, set a timer, broadcast a message to every room, visit any room and
 * close them all. Everyone stays in the same call: a breakout room is a group of the room's
 * media routing, so each person receives only the feeds of their own group (`feeds`) and its
 * chat. End-to-end encrypted rooms refuse breakout rooms (`breakout.endtoend`).
 */

export const BREAKOUT_MAX_ROOMS = 50;
/** Longest timer, in seconds (24 hours). */
export const BREAKOUT_MAX_DURATION_S = 24 * 60 * 60;
/** Rooms close this long after the warning that the timer runs out. */
export const BREAKOUT_WARNING_MS = 60_000;
export const BREAKOUT_MAX_MESSAGE = 500;

export const breakoutRoomView = z.object({
  id: signalingId,
  name: z.string().max(SIGNALING_MAX_NAME),
  /** Participants in this room, as the receiver may see them. */
  members: z.array(participantId),
  /** Someone in this room asked for help and no host or co-host has visited since. */
  needs_help: z.boolean(),
});
export type BreakoutRoomView = z.infer<typeof breakoutRoomView>;

export const breakoutView = z.object({
  rooms: z.array(breakoutRoomView),
  /** Participants may move between rooms themselves (and back to the main room). */
  allow_choose: z.boolean(),
  /** Epoch ms the rooms close on their own, null without a timer. */
  ends_at: z.number().nullable(),
});
export type BreakoutView = z.infer<typeof breakoutView>;

/** null: the main room; otherwise a breakout room's id. */
const roomChoice = signalingId.nullable();

export const breakoutRequests = {
  /**
   * Hosts and co-hosts: open `count` breakout rooms. `auto` splits everyone but the hosts and
   * co-hosts at random into rooms whose sizes differ by one at most; `manual` opens them empty
   * (assign people with `breakout_assign`). `duration_s`: a timer (null: none); the rooms close
   * when it runs out, after a warning 60 s before.
   */
  breakout_open: request('breakout_open', {
    count: z.number().int().min(1).max(BREAKOUT_MAX_ROOMS),
    assign: z.enum(['auto', 'manual']),
    allow_choose: z.boolean().default(false),
    duration_s: z.number().int().min(60).max(BREAKOUT_MAX_DURATION_S).nullable().default(null),
  }),
  /** Hosts and co-hosts: move someone into a breakout room, or back to the main room (null). */
  breakout_assign: request('breakout_assign', {
    participant_id: participantId,
    room_id: roomChoice,
  }),
  /**
   * Move oneself: hosts and co-hosts visit any room and come back (null); participants choose
   * when the host allowed it.
   */
  breakout_join: request('breakout_join', { room_id: roomChoice }),
  /** Hosts and co-hosts: a message shown in every room. */
  breakout_broadcast: request('breakout_broadcast', {
    text: z.string().trim().min(1).max(BREAKOUT_MAX_MESSAGE),
  }),
  /** Someone in a breakout room asks the hosts and co-hosts for help. */
  breakout_help: request('breakout_help', {}),
  /** Hosts and co-hosts: close every breakout room; everyone is back in the main room. */
  breakout_close: request('breakout_close', {}),
} as const;

export const breakoutEvents = {
  /** The breakout rooms (null: none open): on every change and after every `welcome`. */
  breakout_state: event('breakout_state', { breakout: breakoutView.nullable() }),
  /** A host's message to every room. */
  breakout_message: event('breakout_message', {
    from: participantId,
    from_name: z.string().max(SIGNALING_MAX_NAME),
    text: z.string().max(BREAKOUT_MAX_MESSAGE),
  }),
  /** The timer runs out: the rooms close at `closes_at` (epoch ms). */
  breakout_closing: event('breakout_closing', { closes_at: z.number() }),
  /** To hosts and co-hosts: someone in a breakout room asks for help. */
  breakout_help: event('breakout_help', {
    participant_id: participantId,
    name: z.string().max(SIGNALING_MAX_NAME),
    room_id: signalingId,
    room_name: z.string().max(SIGNALING_MAX_NAME),
  }),
} as const;

const stateReply = z.object({ breakout: breakoutView.nullable() });

export const breakoutReplies = {
  breakout_open: stateReply,
  breakout_assign: stateReply,
  breakout_join: stateReply,
  breakout_close: stateReply,
} as const;

/** The error texts of the breakout requests (spread into `signalingMessages`). */
export const breakoutMessages = {
  en: {
    'breakout.endtoend': 'Breakout rooms are not available in end-to-end encrypted events',
    'breakout.already_open': 'Breakout rooms are already open',
    'breakout.not_open': 'No breakout rooms are open',
    'breakout.no_room': 'This breakout room does not exist',
    'breakout.choose_not_allowed': 'The host assigns the breakout rooms',
    'breakout.not_in_breakout': 'You are not in a breakout room',
  },
  vi: {
    'breakout.endtoend': 'Không thể dùng phòng nhóm trong sự kiện được mã hóa đầu cuối',
    'breakout.already_open': 'Các phòng nhóm đã được mở',
    'breakout.not_open': 'Không có phòng nhóm nào đang mở',
    'breakout.no_room': 'Phòng nhóm này không tồn tại',
    'breakout.choose_not_allowed': 'Chủ trì sẽ xếp bạn vào phòng nhóm',
    'breakout.not_in_breakout': 'Bạn không ở trong phòng nhóm nào',
  },
} as const;
