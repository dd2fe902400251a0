import {
  SIGNALING_MAX_NAME,
  type ParticipantChanges,
  type ParticipantView,
  type RoomMode,
  type RoomSnapshot,
  type ServerEvent,
  type WaitingEntry,
} from '@podium/protocol';
import { assertNever } from '../shared/assert-never.ts';
import { isMeetingLike } from './roles.ts';
import {
  canSee,
  inRoom,
  inWaitingRoom,
  isModerator,
  participantsInOrder,
  publishRightsIn,
  type Participant,
  type RoomState,
} from './state.ts';

/** Who receives a server event. Resolved against the state the decision returned. */
export type Audience =
  | { readonly to: 'participant'; readonly id: string }
  /** Everyone connected to the room. */
  | { readonly to: 'everyone'; readonly except?: string }
  /** Connected hosts and co-hosts. */
  | { readonly to: 'moderators'; readonly except?: string }
  /** Connected participants who are not hosts or co-hosts. */
  | { readonly to: 'audience'; readonly except?: string };

export interface Outgoing {
  readonly to: Audience;
  readonly message: ServerEvent;
}

export function participantView(mode: RoomMode, p: Participant): ParticipantView {
  return {
    id: p.id,
    name: p.name.slice(0, SIGNALING_MAX_NAME),
    role: p.role,
    guest: p.identity.kind === 'guest',
    state: p.status === 'reconnecting' ? 'reconnecting' : 'connected',
    audio: p.media.audio,
    video: p.media.video,
    screen: p.media.screen,
    hand_raised_at: p.handRaisedAt,
    invisible: p.invisible,
    interpreter_channel: p.interpreterChannel,
    can_publish: publishRightsIn(mode, p),
  };
}

/**
 * The fields that changed. The hand is left out: it travels as hand_raised / hand_lowered, which
 * reach everyone, so a diff would only repeat it.
 */
export function viewChanges(before: ParticipantView, after: ParticipantView): ParticipantChanges {
  const changes: Record<string, unknown> = {};
  const keys = Object.keys(after) as (keyof ParticipantView)[];
  for (const key of keys) {
    if (key === 'id' || key === 'hand_raised_at') continue;
    const a = before[key];
    const b = after[key];
    const same =
      typeof a === 'object' && a !== null && typeof b === 'object' && b !== null
        ? JSON.stringify(a) === JSON.stringify(b)
        : a === b;
    if (!same) changes[key] = b;
  }
  return changes as ParticipantChanges;
}

export function waitingEntry(p: Participant): WaitingEntry {
  return {
    participant_id: p.id,
    name: p.name.slice(0, SIGNALING_MAX_NAME),
    guest: p.identity.kind === 'guest',
    since: p.arrivedAt,
  };
}

function* notableParticipants(state: RoomState): Generator<Participant> {
  for (const id of state.notable) {
    const p = state.participants.get(id);
    if (p) yield p;
  }
}

/**
 * What `viewerId` may see of the room. A conference's audience member sees the stage and
 * themselves, built from the small `notable` index rather than the whole roster.
 */
export function snapshotFor(state: RoomState, viewerId: string): RoomSnapshot {
  const viewer = state.participants.get(viewerId);
  const moderator = viewer !== undefined && isModerator(viewer);
  let visible: Participant[];
  if (viewer === undefined) {
    visible = [];
  } else if (moderator || isMeetingLike(state.mode)) {
    visible = participantsInOrder(state.participants).filter((p) => canSee(state, viewer, p));
  } else {
    const seen = new Map<string, Participant>();
    for (const p of notableParticipants(state)) if (canSee(state, viewer, p)) seen.set(p.id, p);
    if (inRoom(viewer)) seen.set(viewer.id, viewer);
    visible = [...seen.values()].sort((a, b) => a.seq - b.seq);
  }
  return {
    mode: state.mode,
    locked: state.locked,
    waiting_room: state.waitingRoom,
    pinned: state.pinned,
    participants: visible.map((p) => participantView(state.mode, p)),
    waiting: moderator
      ? participantsInOrder(state.participants).filter(inWaitingRoom).map(waitingEntry)
      : [],
  };
}

/**
 * The participant ids an audience stands for, connected ones only (a reconnecting participant
 * gets a fresh welcome when they resume). `moderators` is read from the small `notable` index;
 * `everyone` and `audience` walk the room.
 */
export function resolveAudience(state: RoomState, audience: Audience): string[] {
  switch (audience.to) {
    case 'participant':
      return [audience.id];
    case 'moderators': {
      const ids: string[] = [];
      for (const p of notableParticipants(state)) {
        if (p.status === 'connected' && isModerator(p) && p.id !== audience.except) ids.push(p.id);
      }
      return ids;
    }
    case 'everyone':
    case 'audience': {
      const ids: string[] = [];
      for (const p of state.participants.values()) {
        if (p.status !== 'connected' || p.id === audience.except) continue;
        if (audience.to === 'audience' && isModerator(p)) continue;
        ids.push(p.id);
      }
      return ids;
    }
    default:
      return assertNever(audience, 'audience');
  }
}
