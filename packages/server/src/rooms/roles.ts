import type { Role, RoomMode } from '@podium/protocol';

export { ROLES, ROOM_MODES } from '@podium/protocol';
export type { Role, RoomMode } from '@podium/protocol';

/**
 * The role a join credential carries. The server decides it from the account and the link
 * (event owner → host, speaker link → speaker, signed in → participant, name only → guest); the
 * room machine never accepts a role from the client. Co-host and interpreter are granted in the
 * room, never by a ticket.
 */
export const TICKET_ROLES = ['host', 'speaker', 'participant', 'guest'] as const;
export type TicketRole = (typeof TICKET_ROLES)[number];

/** Host controls: the actions of spec §6 that act on the room or on someone else. */
export const HOST_CONTROLS = [
  'lock',
  'unlock',
  'set_waiting_room',
  'admit',
  'deny',
  'remove',
  'block',
  'mute_all',
  'stop_all_cameras',
  'ask_enable',
  'set_co_host',
  'set_presenter',
  'set_interpreter',
  'transfer_host',
  'pin_for_all',
  'move_to_backstage',
  'lower_others_hand',
  'set_mode',
  'end_for_all',
  'export_participants',
  'export_chat',
  'record',
  'livestream',
  'audience_stream',
  'whiteboard_manage',
  'breakout',
  'studio',
] as const;
export type HostControl = (typeof HOST_CONTROLS)[number];

/** What a participant does for themselves. */
export const OWN_ACTIONS = [
  'publish_audio',
  'publish_video',
  'share_screen',
  'chat',
  'raise_hand',
  'give_gift',
  'go_invisible',
  'whiteboard_open',
  'whiteboard_draw',
  'share_video',
  'share_camera',
] as const;
export type OwnAction = (typeof OWN_ACTIONS)[number];

export const ACTIONS = [...HOST_CONTROLS, ...OWN_ACTIONS] as const;
export type Action = HostControl | OwnAction;

/**
 * Roles on the stage: they publish without asking, and in a meeting each holds one of the
 * presenter slots (the host's slot is reserved for them, present or not).
 */
export const STAGE_ROLES: readonly Role[] = ['host', 'co-host', 'presenter', 'speaker'];
/** Roles that can go backstage (invisible). */
export const BACKSTAGE_ROLES: readonly Role[] = ['presenter', 'speaker'];

export const isModeratorRole = (role: Role): boolean => role === 'host' || role === 'co-host';
export const isStageRole = (role: Role): boolean => STAGE_ROLES.includes(role);
/** Attendee roles: no stage, publish only with the host's permission. */
export const isAttendeeRole = (role: Role): boolean => role === 'participant' || role === 'guest';

/** meeting/endtoend: at most 10 people, everyone sees everyone; the rest are conference-like. */
export function isMeetingLike(mode: RoomMode): boolean {
  return mode === 'meeting' || mode === 'endtoend';
}
