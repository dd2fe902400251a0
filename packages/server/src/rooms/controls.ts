import type {
  ChatMessageView,
  ClientMessageOf,
  MediaKind,
  RoomMode,
  RoomRequest,
  SignalingErrorCode,
  SignalingMessageKey,
} from '@podium/protocol';
import { assertNever } from '../shared/assert-never.ts';
import { setInvisible } from './backstage.ts';
import { Refusal, type Draft } from './draft.ts';
import { chooseChannel } from './interpretation.ts';
import { can } from './permissions.ts';
import { baseRole, place } from './placement.ts';
import {
  BACKSTAGE_ROLES,
  isAttendeeRole,
  isMeetingLike,
  isModeratorRole,
  isStageRole,
  type Action,
} from './roles.ts';
import {
  canSee,
  capacityOf,
  identityKey,
  inRoom,
  inWaitingRoom,
  isPublic,
  participantsInOrder,
  peopleCount,
  publishRightsIn,
  type Participant,
} from './state.ts';
import { roomError, type CommandResult } from './types.ts';

const OK: CommandResult = { ok: true };
const NO_GRANTS = { audio: false, video: false } as const;

function refuse(code: SignalingErrorCode, key: SignalingMessageKey): never {
  throw new Refusal(roomError(code, key));
}

/** Refuses unless the table lets `actor` do `action` (to `target`, when there is one). */
function permit(d: Draft, actor: Participant, action: Action, target?: Participant): void {
  const ctx = {
    mode: d.mode,
    signedIn: actor.identity.kind === 'account',
    grants: actor.grants,
    targetRole: target?.role,
  };
  if (!can(actor.role, action, ctx)) refuse('permission', 'errors.permission');
}

/** Someone else, in the room. */
function other(d: Draft, actor: Participant, id: string): Participant {
  const t = d.get(id);
  // The recorder is nobody's to act on (nobody can see it).
  if (!t || !inRoom(t) || t.recorder) return refuse('target_not_found', 'room.target_not_found');
  if (t.id === actor.id) return refuse('invalid_target', 'room.invalid_target');
  return t;
}

/** Requests a participant may send before being let in. */
const ALLOWED_OUTSIDE: ReadonlySet<RoomRequest['type']> = new Set(['leave', 'set_media_state']);

const RECORDER_REQUESTS: ReadonlySet<RoomRequest['type']> = new Set(['leave', 'set_media_state']);

export function handleRequest(d: Draft, by: string, request: RoomRequest): CommandResult {
  if (d.ended !== null) refuse('room_ended', 'room.ended');
  const actor = d.get(by);
  if (!actor) return refuse('not_joined', 'room.not_in_room');
  // SECURITY: the recorder only watches: it may leave, and report its (empty) media state,
  // which its rights keep off. Nobody can act on it.
  if (actor.recorder && !RECORDER_REQUESTS.has(request.type)) {
    refuse('permission', 'errors.permission');
  }
  const target = 'participant_id' in request ? request.participant_id : undefined;
  if (typeof target === 'string' && d.get(target)?.recorder) {
    refuse('target_not_found', 'room.target_not_found');
  }
  if (actor.status !== 'connected' && !ALLOWED_OUTSIDE.has(request.type)) {
    refuse('not_joined', 'room.not_in_room');
  }
  switch (request.type) {
    case 'leave':
      d.depart(actor, 'left', null);
      return OK;
    case 'lock':
    case 'unlock':
      permit(d, actor, request.type);
      setLocked(d, request.type === 'lock');
      return OK;
    case 'waiting_room':
      permit(d, actor, 'set_waiting_room');
      setWaitingRoom(d, request.enabled);
      return OK;
    case 'admit':
    case 'deny':
      permit(d, actor, request.type);
      admitOrDeny(d, request.type, request.participant_id ?? null);
      return OK;
    case 'remove':
    case 'block':
      removeOrBlock(d, actor, request.type, request.participant_id);
      return OK;
    case 'mute_all':
      permit(d, actor, 'mute_all');
      // Spec §5: in gallery view the host would not see who they silence.
      if (request.layout === 'gallery') refuse('not_allowed', 'room.mute_all_gallery');
      stopForAll(d, actor, 'audio');
      return OK;
    case 'stop_all_cameras':
      permit(d, actor, 'stop_all_cameras');
      stopForAll(d, actor, 'video');
      return OK;
    case 'ask_enable':
      askEnable(d, actor, request.kind, request.participant_id);
      return OK;
    case 'ask_response':
      answerAsk(d, actor, request.kind, request.response);
      return OK;
    case 'set_role':
      setRole(d, actor, request);
      return OK;
    case 'pin_for_all':
      permit(d, actor, 'pin_for_all');
      pin(d, actor, request.participant_id);
      return OK;
    case 'set_mode':
      permit(d, actor, 'set_mode');
      setMode(d, actor, request.mode);
      return OK;
    case 'end_for_all':
      permit(d, actor, 'end_for_all');
      d.endRoom('host_ended');
      return OK;
    case 'raise_hand':
      raiseHand(d, actor);
      return OK;
    case 'lower_hand':
      lowerHand(d, actor, request.participant_id);
      return OK;
    case 'go_invisible':
    case 'go_visible':
      setInvisible(d, actor, {
        invisible: request.type === 'go_invisible',
        participant_id: request.participant_id,
        all: request.all,
      });
      return OK;
    case 'set_interpreter':
      setInterpreter(d, actor, request.participant_id, request.channel);
      return OK;
    case 'choose_channel':
      chooseChannel(d, actor, request.channel);
      return OK;
    case 'chat':
      return chat(d, actor, request);
    case 'set_media_state':
      setMediaState(d, actor, request);
      return OK;
    default:
      return assertNever(request, 'room request');
  }
}

// ---------------------------------------------------------------------------------------------

function setLocked(d: Draft, locked: boolean): void {
  if (d.locked === locked) return;
  d.locked = locked;
  d.send({ to: 'everyone' }, { type: 'room_updated', changes: { locked } });
}

function setWaitingRoom(d: Draft, enabled: boolean): void {
  if (d.waitingRoom === enabled) return;
  d.waitingRoom = enabled;
  d.send({ to: 'everyone' }, { type: 'room_updated', changes: { waiting_room: enabled } });
  // Turning the waiting room off lets in everyone who was waiting in it.
  if (!enabled) {
    for (const p of participantsInOrder(d.participants)) {
      if (p.status === 'in_waiting_room') place(d, p);
    }
  }
}

function admitOrDeny(d: Draft, action: 'admit' | 'deny', id: string | null): void {
  let targets: Participant[];
  if (id === null) {
    targets = participantsInOrder(d.participants).filter(inWaitingRoom);
  } else {
    const t = d.get(id);
    if (!t) return refuse('target_not_found', 'room.target_not_found');
    if (!inWaitingRoom(t)) return refuse('invalid_target', 'room.invalid_target');
    targets = [t];
  }
  for (const t of targets) {
    if (action === 'deny') {
      d.depart(t, 'denied', 'denied');
      continue;
    }
    const admitted = d.update(t, { admitted: true });
    // A reconnecting entry comes straight in when it resumes.
    if (admitted.status === 'in_waiting_room') place(d, admitted);
  }
}

function removeOrBlock(d: Draft, actor: Participant, action: 'remove' | 'block', id: string): void {
  const t = d.get(id);
  if (!t) return refuse('target_not_found', 'room.target_not_found');
  permit(d, actor, action, t);
  // The event's owner can always come back to their own event.
  if (t.id === actor.id || t.ticketRole === 'host') refuse('invalid_target', 'room.invalid_target');
  const key = identityKey(t.identity);
  if (d.coHosts.has(key)) d.coHosts = withoutKey(d.coHosts, key);
  if (action === 'block') d.blocked = new Set([...d.blocked, key]);
  d.depart(
    t,
    action === 'block' ? 'blocked' : 'removed',
    action === 'block' ? 'blocked' : 'removed',
  );
}

function withoutKey(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  const next = new Set(set);
  next.delete(key);
  return next;
}

/**
 * Mute all / stop all cameras: everyone but the issuer, the host and interpreters (whose channel
 * would fall silent). Attendees also lose the permission they had been given.
 */
function stopForAll(d: Draft, actor: Participant, kind: MediaKind): void {
  for (const p of d.participants.values()) {
    if (!inRoom(p) || p.id === actor.id || p.role === 'host' || p.role === 'interpreter') continue;
    const revoke = isAttendeeRole(p.role) && (p.grants[kind] || p.asked[kind]);
    if (!p.media[kind] && !revoke) continue;
    d.update(p, {
      media: { ...p.media, [kind]: false },
      grants: revoke ? { ...p.grants, [kind]: false } : p.grants,
      asked: revoke ? { ...p.asked, [kind]: false } : p.asked,
    });
    if (p.media[kind]) {
      d.effect({ kind: 'media.stop', participantId: p.id, kinds: [kind] });
      d.send(
        { to: 'participant', id: p.id },
        { type: 'media_stopped', kinds: [kind], by: actor.id },
      );
    }
  }
}

function askEnable(d: Draft, actor: Participant, kind: MediaKind, id: string): void {
  const t = d.get(id);
  permit(d, actor, 'ask_enable', t);
  const target = other(d, actor, id);
  if (kind === 'video' && target.role === 'interpreter') {
    refuse('invalid_target', 'room.invalid_target');
  }
  let grants = target.grants;
  if (isAttendeeRole(target.role)) {
    // In a meeting, publishing means holding a presenter slot.
    if (isMeetingLike(d.mode)) refuse('not_allowed', 'room.needs_presenter');
    // Asking is allowing: "decide later" keeps the permission for when they are ready.
    grants = { ...grants, [kind]: true };
  }
  if (target.media[kind]) return;
  d.update(target, { grants, asked: { ...target.asked, [kind]: true } });
  d.send({ to: 'participant', id: target.id }, { type: 'asked_to_enable', kind, by: actor.id });
}

function answerAsk(
  d: Draft,
  actor: Participant,
  kind: MediaKind,
  response: 'accepted' | 'later',
): void {
  if (!actor.asked[kind]) refuse('conflict', 'room.no_pending_request');
  d.update(actor, { asked: { ...actor.asked, [kind]: false } });
  d.send(
    { to: 'moderators', except: actor.id },
    { type: 'ask_answered', participant_id: actor.id, kind, response },
  );
}

function setRole(d: Draft, actor: Participant, request: ClientMessageOf<'set_role'>): void {
  const t = d.get(request.participant_id);
  const action: Action =
    request.role === 'host'
      ? 'transfer_host'
      : request.role === 'co-host'
        ? 'set_co_host'
        : 'set_presenter';
  permit(d, actor, action, t);
  const target = other(d, actor, request.participant_id);
  const meeting = isMeetingLike(d.mode);
  const key = identityKey(target.identity);

  switch (request.role) {
    case 'host': {
      if (target.status !== 'connected' || target.identity.kind === 'guest') {
        refuse('invalid_target', 'room.invalid_target');
      }
      // The old host stays on the stage as a co-host; the new one may need a slot.
      if (meeting && !isStageRole(target.role) && !d.stageSlotFree()) {
        refuse('not_allowed', 'room.presenter_slots_full');
      }
      d.update(target, {
        role: 'host',
        invisible: false,
        interpreterChannel: null,
        grants: NO_GRANTS,
        asked: NO_GRANTS,
      });
      d.update(actor, { role: 'co-host' });
      d.coHosts = new Set([...d.coHosts, identityKey(actor.identity)]);
      d.hostId = target.id;
      return;
    }
    case 'co-host': {
      if (!request.granted) {
        if (target.role !== 'co-host') refuse('invalid_target', 'room.invalid_target');
        // They keep the stage (and their camera) as a presenter.
        d.update(target, { role: 'presenter' });
        d.coHosts = withoutKey(d.coHosts, key);
        return;
      }
      if (target.identity.kind === 'guest') refuse('not_allowed', 'room.guest_cannot_cohost');
      if (target.role === 'host') refuse('invalid_target', 'room.invalid_target');
      if (target.role === 'co-host') return;
      if (meeting && !isStageRole(target.role) && !d.stageSlotFree()) {
        refuse('not_allowed', 'room.presenter_slots_full');
      }
      d.update(target, {
        role: 'co-host',
        invisible: false,
        interpreterChannel: null,
        grants: NO_GRANTS,
        asked: NO_GRANTS,
      });
      d.coHosts = new Set([...d.coHosts, key]);
      return;
    }
    case 'presenter': {
      if (isModeratorRole(target.role)) refuse('invalid_target', 'room.invalid_target');
      if (!request.granted) {
        if (!BACKSTAGE_ROLES.includes(target.role)) refuse('invalid_target', 'room.invalid_target');
        d.update(target, { role: baseRole(target), invisible: false, waitingSince: d.now });
        return;
      }
      if (BACKSTAGE_ROLES.includes(target.role)) return;
      if (meeting && !d.stageSlotFree()) refuse('not_allowed', 'room.presenter_slots_full');
      d.update(target, {
        role: target.ticketRole === 'speaker' ? 'speaker' : 'presenter',
        interpreterChannel: null,
        grants: NO_GRANTS,
        asked: NO_GRANTS,
      });
      if (target.handRaisedAt !== null) {
        d.update(target, { handRaisedAt: null });
        d.send(
          { to: 'everyone' },
          { type: 'hand_lowered', participant_id: target.id, by: actor.id },
        );
      }
      return;
    }
    default:
      return assertNever(request.role, 'role');
  }
}

function pin(d: Draft, actor: Participant, id: string | null): void {
  if (id !== null) {
    const t = d.get(id);
    if (!t) return refuse('target_not_found', 'room.target_not_found');
    if (!isPublic(d.mode, t)) return refuse('invalid_target', 'room.invalid_target');
  }
  if (d.pinned === id) return;
  d.pinned = id;
  d.send({ to: 'everyone' }, { type: 'pinned', participant_id: id, by: actor.id });
}

function setMode(d: Draft, actor: Participant, mode: RoomMode): void {
  if (d.mode === mode) return;
  const wasMeeting = isMeetingLike(d.mode);
  const toMeeting = isMeetingLike(mode);
  const tooMany = peopleCount(d) > capacityOf(mode, d.base.limits);
  if (toMeeting && !wasMeeting) {
    if (tooMany || d.nonHostStageCount() > d.base.limits.meetingPresenters - 1) {
      refuse('not_allowed', 'room.mode_too_many');
    }
  }
  // Only with configured limits where a conference holds fewer than a meeting.
  if (tooMany) refuse('room_full', 'room.full');
  d.mode = mode;
  // SECURITY: an end-to-end encrypted room never leaves the browsers: the recorder goes.
  if (mode === 'endtoend') {
    const recorders = [...d.participants.values()].filter((p) => p.recorder);
    for (const p of recorders) d.depart(p, 'removed', 'removed');
  }
  if (wasMeeting !== toMeeting) {
    // Who sees whom and who may publish changed for everyone: touch them all so the roster
    // messages and media permissions are derived for each. Permissions given in one mode do
    // not carry into the other.
    for (const p of d.participants.values()) {
      d.update(p, { grants: NO_GRANTS, asked: NO_GRANTS });
    }
    if (toMeeting) d.promoteWaiting();
  }
  d.send({ to: 'everyone' }, { type: 'mode_changed', mode, by: actor.id });
  d.effect({ kind: 'media.mode', mode });
}

function raiseHand(d: Draft, actor: Participant): void {
  permit(d, actor, 'raise_hand');
  if (actor.handRaisedAt !== null) return;
  if (!actor.devices.mic) refuse('not_allowed', 'room.hand_no_mic');
  if (actor.interpreterChannel !== null) refuse('not_allowed', 'room.hand_interpreting');
  if (actor.invisible) refuse('not_allowed', 'room.hand_invisible');
  d.update(actor, { handRaisedAt: d.now });
  d.send(
    { to: 'everyone' },
    { type: 'hand_raised', participant_id: actor.id, name: actor.name, at: d.now },
  );
}

function lowerHand(d: Draft, actor: Participant, id: string | undefined): void {
  let target = actor;
  if (id !== undefined && id !== actor.id) {
    permit(d, actor, 'lower_others_hand', d.get(id));
    target = other(d, actor, id);
  }
  if (target.handRaisedAt === null) return;
  d.update(target, { handRaisedAt: null });
  d.send(
    { to: 'everyone' },
    {
      type: 'hand_lowered',
      participant_id: target.id,
      by: target.id === actor.id ? null : actor.id,
    },
  );
}

function setInterpreter(d: Draft, actor: Participant, id: string, channel: string | null): void {
  permit(d, actor, 'set_interpreter', d.get(id));
  const target = other(d, actor, id);
  if (channel === null) {
    if (target.role !== 'interpreter') refuse('invalid_target', 'room.invalid_target');
    d.update(target, { role: baseRole(target), interpreterChannel: null, waitingSince: d.now });
  } else {
    if (isModeratorRole(target.role)) refuse('invalid_target', 'room.invalid_target');
    if (target.interpreterChannel === channel) return;
    d.update(target, {
      role: 'interpreter',
      interpreterChannel: channel,
      invisible: false,
      grants: NO_GRANTS,
      asked: NO_GRANTS,
    });
  }
  d.effect({ kind: 'media.interpreter', participantId: target.id, channel });
}

function chat(d: Draft, actor: Participant, request: ClientMessageOf<'chat'>): CommandResult {
  permit(d, actor, 'chat');
  if (request.to !== 'everyone') {
    if (request.to === actor.id) refuse('invalid_target', 'room.invalid_target');
    const t = d.get(request.to);
    // SECURITY: nobody learns of (or writes to) a participant they cannot see.
    if (!t || !canSee(d.base, actor, t)) refuse('target_not_found', 'room.target_not_found');
  }
  const message: ChatMessageView = {
    id: `m${d.nextSeq()}`,
    from: actor.id,
    from_name: actor.name,
    to: request.to,
    text: request.text,
    file: request.file ?? null,
    at: d.now,
  };
  if (request.to === 'everyone') {
    d.send({ to: 'everyone' }, { type: 'chat_message', message });
  } else {
    d.send({ to: 'participant', id: request.to }, { type: 'chat_message', message });
    d.send({ to: 'participant', id: actor.id }, { type: 'chat_message', message });
  }
  d.effect({ kind: 'chat.persist', message });
  return { ok: true, data: { message_id: message.id } };
}

function setMediaState(
  d: Draft,
  actor: Participant,
  request: ClientMessageOf<'set_media_state'>,
): void {
  const devices = {
    mic: request.has_mic ?? actor.devices.mic,
    camera: request.has_camera ?? actor.devices.camera,
  };
  const rights = publishRightsIn(d.mode, actor);
  const turningOn = (kind: 'audio' | 'video' | 'screen'): boolean =>
    request[kind] && !actor.media[kind];
  if (
    (turningOn('audio') && (!rights.audio || !devices.mic)) ||
    (turningOn('video') && (!rights.video || !devices.camera)) ||
    (turningOn('screen') && !rights.screen)
  ) {
    refuse('not_allowed', 'room.enable_not_allowed');
  }
  d.update(actor, {
    devices,
    media: { audio: request.audio, video: request.video, screen: request.screen },
    asked: {
      audio: actor.asked.audio && !turningOn('audio'),
      video: actor.asked.video && !turningOn('video'),
    },
  });
}
