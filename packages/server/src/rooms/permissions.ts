import type { MediaKind, Role, RoomMode } from '@podium/protocol';
import { assertNever } from '../shared/assert-never.ts';
import type { Action } from './roles.ts';

/**
 * The role × action table of spec §6 and decisions.md "Roles", as data.
 *
 * A cell is `true`, `false`, or a condition evaluated against the context of the attempt. Room
 * state rules that do not depend on the role (no raising a hand without a mic, at least one
 * visible presenter, presenter slots in a meeting, …) live in the room machine, with their own
 * error messages.
 */
export type Condition =
  /** Attendees publish only what a host or co-host let them (conference-like modes). */
  | { readonly requires: 'grant'; readonly grant: MediaKind }
  /** Gifts move money: they need an account. */
  | { readonly requires: 'signed_in' }
  /** Co-hosts cannot remove or block the host. */
  | { readonly requires: 'target_not_host' }
  /** End-to-end encrypted rooms are never recorded or streamed by the server. */
  | { readonly requires: 'unencrypted' };

export type Rule = boolean | Condition;
export type PermissionRow = Readonly<Record<Action, Rule>>;

export interface PermissionContext {
  readonly mode?: RoomMode;
  readonly signedIn?: boolean;
  readonly grants?: Readonly<Record<MediaKind, boolean>>;
  /** The role of the participant acted upon, for actions with a target. */
  readonly targetRole?: Role;
}

const GRANT_AUDIO: Condition = { requires: 'grant', grant: 'audio' };
const GRANT_VIDEO: Condition = { requires: 'grant', grant: 'video' };
const SIGNED_IN: Condition = { requires: 'signed_in' };
const TARGET_NOT_HOST: Condition = { requires: 'target_not_host' };
const UNENCRYPTED: Condition = { requires: 'unencrypted' };

const host: PermissionRow = {
  lock: true,
  unlock: true,
  set_waiting_room: true,
  admit: true,
  deny: true,
  remove: true,
  block: true,
  mute_all: true,
  stop_all_cameras: true,
  ask_enable: true,
  set_co_host: true,
  set_presenter: true,
  set_interpreter: true,
  transfer_host: true,
  pin_for_all: true,
  move_to_backstage: true,
  lower_others_hand: true,
  set_mode: true,
  end_for_all: true,
  export_participants: true,
  export_chat: true,
  record: UNENCRYPTED,
  livestream: UNENCRYPTED,
  publish_audio: true,
  publish_video: true,
  share_screen: true,
  chat: true,
  // The host has nobody to ask for the floor.
  raise_hand: false,
  give_gift: SIGNED_IN,
  // The host runs the room from the stage; only presenters go backstage.
  go_invisible: false,
};

/** decisions.md: every host control except end for all, co-hosts, the mode, and acting on the host. */
const coHost: PermissionRow = {
  ...host,
  remove: TARGET_NOT_HOST,
  block: TARGET_NOT_HOST,
  set_co_host: false,
  transfer_host: false,
  set_mode: false,
  end_for_all: false,
  raise_hand: true,
};

/** No host controls; publishes camera, mic and screen without asking. */
const presenter: PermissionRow = {
  lock: false,
  unlock: false,
  set_waiting_room: false,
  admit: false,
  deny: false,
  remove: false,
  block: false,
  mute_all: false,
  stop_all_cameras: false,
  ask_enable: false,
  set_co_host: false,
  set_presenter: false,
  set_interpreter: false,
  transfer_host: false,
  pin_for_all: false,
  move_to_backstage: false,
  lower_others_hand: false,
  set_mode: false,
  end_for_all: false,
  export_participants: false,
  export_chat: false,
  record: false,
  livestream: false,
  publish_audio: true,
  publish_video: true,
  share_screen: true,
  chat: true,
  raise_hand: true,
  give_gift: SIGNED_IN,
  go_invisible: true,
};

/** The speaker link joins as a presenter: same rights, remembered as a speaker. */
const speaker: PermissionRow = { ...presenter };

/**
 * Publishes audio into their language channel only. Raising a hand is refused by the machine
 * with the spec's own message ("while interpreting"), so the cell stays true here.
 */
const interpreter: PermissionRow = {
  ...presenter,
  publish_video: false,
  share_screen: false,
  go_invisible: false,
};

/** Signed-in attendee: mic and camera only with permission; never the screen unless presenter. */
const participant: PermissionRow = {
  ...presenter,
  publish_audio: GRANT_AUDIO,
  publish_video: GRANT_VIDEO,
  share_screen: false,
  go_invisible: false,
};

/** Attendee without an account: chats and raises a hand, never gives gifts. */
const guest: PermissionRow = { ...participant, give_gift: false };

export const PERMISSIONS: Readonly<Record<Role, PermissionRow>> = {
  host,
  'co-host': coHost,
  presenter,
  interpreter,
  speaker,
  participant,
  guest,
};

// SECURITY: a condition whose context is missing evaluates to false (fail closed).
function holds(condition: Condition, ctx: PermissionContext): boolean {
  switch (condition.requires) {
    case 'grant':
      return ctx.grants?.[condition.grant] === true;
    case 'signed_in':
      return ctx.signedIn === true;
    case 'target_not_host':
      return ctx.targetRole !== undefined && ctx.targetRole !== 'host';
    case 'unencrypted':
      return ctx.mode !== undefined && ctx.mode !== 'endtoend';
    default:
      return assertNever(condition, 'condition');
  }
}

/** May a participant with `role` perform `action` in this context? */
export function can(role: Role, action: Action, ctx: PermissionContext = {}): boolean {
  const rule = PERMISSIONS[role][action];
  return typeof rule === 'boolean' ? rule : holds(rule, ctx);
}
