import type { Role } from '@podium/protocol';
import { assertNever } from '../shared/assert-never.ts';
import { FEATURE_PERMISSIONS, type FeatureAction } from './feature-permissions/index.ts';
import {
  GRANT_AUDIO,
  GRANT_VIDEO,
  TARGET_NOT_HOST,
  type Condition,
  type PermissionContext,
  type PermissionRow,
  type Rule,
} from './permission-rules.ts';
import type { Action } from './roles.ts';

export type { Condition, PermissionContext, PermissionRow, Rule } from './permission-rules.ts';

/**
 * The role × action table of spec §6 and decisions.md "Roles", as data: the core rows below
 * (the room's own controls and media) joined with the columns each in-call feature declares
 * (feature-permissions/).
 *
 * Room state rules that do not depend on the role (no raising a hand without a mic, at least one
 * visible presenter, presenter slots in a meeting, …) live in the room machine, with their own
 * error messages.
 */
type CoreAction = Exclude<Action, FeatureAction>;
type CoreRow = Readonly<Record<CoreAction, Rule>>;

const host: CoreRow = {
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
  transfer_host: true,
  pin_for_all: true,
  move_to_backstage: true,
  lower_others_hand: true,
  set_mode: true,
  end_for_all: true,
  export_participants: true,
  publish_audio: true,
  publish_video: true,
  share_screen: true,
  // The host has nobody to ask for the floor.
  raise_hand: false,
  // The host runs the room from the stage; only presenters go backstage.
  go_invisible: false,
};

/** decisions.md: every host control except end for all, co-hosts, the mode, and acting on the host. */
const coHost: CoreRow = {
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
const presenter: CoreRow = {
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
  transfer_host: false,
  pin_for_all: false,
  move_to_backstage: false,
  lower_others_hand: false,
  set_mode: false,
  end_for_all: false,
  export_participants: false,
  publish_audio: true,
  publish_video: true,
  share_screen: true,
  raise_hand: true,
  go_invisible: true,
};

/** The speaker link joins as a presenter: same rights, remembered as a speaker. */
const speaker: CoreRow = { ...presenter };

/**
 * Publishes audio into their language channel only. Raising a hand is refused by the machine
 * with the spec's own message ("while interpreting"), so the cell stays true here.
 */
const interpreter: CoreRow = {
  ...presenter,
  publish_video: false,
  share_screen: false,
  go_invisible: false,
};

/** Signed-in attendee: mic and camera only with permission; never the screen unless presenter. */
const participant: CoreRow = {
  ...presenter,
  publish_audio: GRANT_AUDIO,
  publish_video: GRANT_VIDEO,
  share_screen: false,
  go_invisible: false,
};

/** Attendee without an account: the same core rights (gifts refuse guests: feature-permissions/gifts.ts). */
const guest: CoreRow = { ...participant };

const CORE: Readonly<Record<Role, CoreRow>> = {
  host,
  'co-host': coHost,
  presenter,
  interpreter,
  speaker,
  participant,
  guest,
};

function row(role: Role): PermissionRow {
  const columns = Object.assign(
    {},
    ...FEATURE_PERMISSIONS.map((feature) =>
      Object.fromEntries(Object.entries(feature).map(([action, rules]) => [action, rules[role]])),
    ),
  ) as Readonly<Record<FeatureAction, Rule>>;
  return { ...CORE[role], ...columns };
}

export const PERMISSIONS: Readonly<Record<Role, PermissionRow>> = {
  host: row('host'),
  'co-host': row('co-host'),
  presenter: row('presenter'),
  interpreter: row('interpreter'),
  speaker: row('speaker'),
  participant: row('participant'),
  guest: row('guest'),
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
