import { describe, expect, it } from 'vitest';
import type { MediaKind, Role, RoomMode } from '@podium/protocol';
import { can, PERMISSIONS, type PermissionContext } from './permissions.ts';
import { ACTIONS, HOST_CONTROLS, OWN_ACTIONS, ROLES, ROOM_MODES, type Action } from './roles.ts';

/*
 * The expectation below is written from decisions.md "Roles" and spec §6 by hand, without
 * reading the table, so a wrong cell in PERMISSIONS makes a test fail.
 */
const EXPECTED_HOST_CONTROLS = [
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
  // Who edits the whiteboard (issue 14): hosts and co-hosts.
  'whiteboard_manage',
  // Studio (issue 13): hosts and co-hosts, in every mode.
  'studio',
  // Breakout rooms (issue 14): hosts and co-hosts, never in end-to-end encrypted rooms.
  'breakout',
];
const EXPECTED_OWN_ACTIONS = [
  'publish_audio',
  'publish_video',
  'share_screen',
  'chat',
  'raise_hand',
  'give_gift',
  'go_invisible',
  'share_video',
  // Multi-camera sharing (issue 14): the stage, like a screen share.
  'share_camera',
  // The whiteboard (issue 14): the stage opens it and draws on it (end-to-end encrypted rooms
  // are refused by the feature itself, before this table).
  'whiteboard_open',
  'whiteboard_draw',
];
/** decisions.md: co-hosts have every host control except these. */
const HOST_ONLY = ['end_for_all', 'set_co_host', 'transfer_host', 'set_mode'];
/** …and they cannot use these on the host. */
const NOT_ON_HOST = ['remove', 'block'];
/** Recording and streaming never happen in end-to-end encrypted rooms. */
const SERVER_MEDIA = ['record', 'livestream', 'audience_stream', 'breakout'];

function expected(role: Role, action: Action, ctx: PermissionContext): boolean {
  const grant = (kind: MediaKind) => ctx.grants?.[kind] === true;
  if (EXPECTED_HOST_CONTROLS.includes(action)) {
    if (role !== 'host' && role !== 'co-host') return false;
    if (SERVER_MEDIA.includes(action)) return ctx.mode !== undefined && ctx.mode !== 'endtoend';
    if (role === 'host') return true;
    if (HOST_ONLY.includes(action)) return false;
    if (NOT_ON_HOST.includes(action))
      return ctx.targetRole !== undefined && ctx.targetRole !== 'host';
    return true;
  }
  const stage = role === 'host' || role === 'co-host' || role === 'presenter' || role === 'speaker';
  switch (action) {
    case 'publish_audio':
      if (stage || role === 'interpreter') return true;
      return grant('audio');
    case 'publish_video':
      if (stage) return true;
      if (role === 'interpreter') return false;
      return grant('video');
    case 'share_screen':
      return stage;
    case 'chat':
      return true;
    case 'raise_hand':
      return role !== 'host';
    case 'give_gift':
      return role !== 'guest' && ctx.signedIn === true;
    case 'go_invisible':
      return role === 'presenter' || role === 'speaker';
    case 'share_video':
    case 'share_camera':
    case 'whiteboard_open':
    case 'whiteboard_draw':
      return stage;
    default:
      throw new Error(`no expectation for ${action}`);
  }
}

const GRANTS: (PermissionContext['grants'] | undefined)[] = [
  undefined,
  { audio: false, video: false },
  { audio: true, video: false },
  { audio: false, video: true },
  { audio: true, video: true },
];
const MODES: (RoomMode | undefined)[] = [undefined, ...ROOM_MODES];
const TARGETS: (Role | undefined)[] = [undefined, ...ROLES];

function* contexts(): Generator<PermissionContext> {
  for (const mode of MODES)
    for (const signedIn of [undefined, false, true])
      for (const grants of GRANTS)
        for (const targetRole of TARGETS) yield { mode, signedIn, grants, targetRole };
}

describe('permission table', () => {
  it('lists exactly the actions the expectation knows', () => {
    expect([...HOST_CONTROLS].sort()).toEqual([...EXPECTED_HOST_CONTROLS].sort());
    expect([...OWN_ACTIONS].sort()).toEqual([...EXPECTED_OWN_ACTIONS].sort());
    for (const role of ROLES) {
      expect(Object.keys(PERMISSIONS[role]).sort()).toEqual([...ACTIONS].sort());
    }
  });

  for (const role of ROLES) {
    for (const action of ACTIONS) {
      it(`${role} × ${action}`, () => {
        for (const ctx of contexts()) {
          expect(can(role, action, ctx), JSON.stringify(ctx)).toBe(expected(role, action, ctx));
        }
      });
    }
  }

  it('follows the rules decisions.md spells out', () => {
    const conference = { mode: 'conference' as const, signedIn: true };
    // Guests chat and raise a hand, but give no gifts (even when a presenter, without an account).
    expect(can('guest', 'chat', conference)).toBe(true);
    expect(can('guest', 'raise_hand', conference)).toBe(true);
    expect(can('guest', 'give_gift', conference)).toBe(false);
    expect(can('presenter', 'give_gift', { ...conference, signedIn: false })).toBe(false);
    expect(can('participant', 'give_gift', conference)).toBe(true);
    // Presenters publish without asking; participants need permission.
    expect(can('presenter', 'publish_video', conference)).toBe(true);
    expect(can('participant', 'publish_audio', conference)).toBe(false);
    expect(
      can('participant', 'publish_audio', { ...conference, grants: { audio: true, video: false } }),
    ).toBe(true);
    expect(
      can('participant', 'publish_video', { ...conference, grants: { audio: true, video: false } }),
    ).toBe(false);
    // Co-hosts: everything but end for all, co-hosts, mode, and acting on the host.
    expect(can('co-host', 'end_for_all', conference)).toBe(false);
    expect(can('co-host', 'set_co_host', conference)).toBe(false);
    expect(can('co-host', 'set_mode', conference)).toBe(false);
    expect(can('co-host', 'remove', { ...conference, targetRole: 'host' })).toBe(false);
    expect(can('co-host', 'block', { ...conference, targetRole: 'host' })).toBe(false);
    expect(can('co-host', 'remove', { ...conference, targetRole: 'co-host' })).toBe(true);
    expect(can('co-host', 'mute_all', conference)).toBe(true);
    expect(can('co-host', 'lock', conference)).toBe(true);
    // Interpreters publish audio only.
    expect(can('interpreter', 'publish_audio', conference)).toBe(true);
    expect(can('interpreter', 'publish_video', conference)).toBe(false);
    // No server-side recording of end-to-end rooms.
    expect(can('host', 'record', { mode: 'endtoend' })).toBe(false);
    expect(can('host', 'record', { mode: 'meeting' })).toBe(true);
  });

  it('fails closed when a condition lacks its context', () => {
    expect(can('co-host', 'remove')).toBe(false);
    expect(can('participant', 'publish_audio')).toBe(false);
    expect(can('participant', 'give_gift')).toBe(false);
    expect(can('host', 'livestream')).toBe(false);
  });
});
