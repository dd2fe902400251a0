import {
  CONFERENCE_MAX_PARTICIPANTS,
  MEETING_MAX_PARTICIPANTS,
  MEETING_PRESENTER_SLOTS,
  type MediaKind,
  type Role,
  type RoomMode,
} from '@podium/protocol';
import { can } from './permissions.ts';
import { PMap } from './pmap.ts';
import { isAttendeeRole, isMeetingLike, isModeratorRole, type TicketRole } from './roles.ts';

/** Who someone is, for blocking and for recognising a second connection of the same person. */
export type Identity =
  | { readonly kind: 'account'; readonly accountId: string }
  | { readonly kind: 'guest'; readonly guestId: string };

export function identityKey(identity: Identity): string {
  return identity.kind === 'account' ? `a:${identity.accountId}` : `g:${identity.guestId}`;
}

/**
 * Where a present participant is. Departed participants are not kept in the state: "left" and
 * "ended" exist only as messages; "joining", "locked" and "full" are answers to a join.
 */
export type PresentStatus = 'waiting_for_host' | 'in_waiting_room' | 'connected' | 'reconnecting';
export type HeldStatus = Exclude<PresentStatus, 'reconnecting'>;

export interface MediaState {
  readonly audio: boolean;
  readonly video: boolean;
  readonly screen: boolean;
}

export interface Participant {
  readonly id: string;
  readonly sessionId: string;
  readonly identity: Identity;
  readonly name: string;
  /** What the join credential said; decides host/speaker and bypasses, never changes. */
  readonly ticketRole: TicketRole;
  readonly role: Role;
  readonly status: PresentStatus;
  /** While reconnecting: the status to go back to and the end of the grace period. */
  readonly resumeTo: HeldStatus | null;
  readonly graceUntil: number | null;
  /** Join order, the tie-breaker of every "first come" rule. */
  readonly seq: number;
  readonly arrivedAt: number;
  /** Since when an attendee in a meeting waits for a presenter slot. */
  readonly waitingSince: number;
  /** Let in from the waiting room: never sent back there (after a reconnect, say). */
  readonly admitted: boolean;
  readonly media: MediaState;
  readonly devices: { readonly mic: boolean; readonly camera: boolean };
  /** What a host or co-host allowed this attendee to publish (conference-like modes). */
  readonly grants: Readonly<Record<MediaKind, boolean>>;
  /** Asked to enable, not answered yet. */
  readonly asked: Readonly<Record<MediaKind, boolean>>;
  readonly handRaisedAt: number | null;
  readonly invisible: boolean;
  readonly interpreterChannel: string | null;
  /**
   * The interpretation channel this participant listens to (null: "Original"). Nobody else sees
   * it; it decides which interpreters' feeds reach them (`hearsFeedsOf`).
   */
  readonly listening: string | null;
  /**
   * The egress's hidden, view-only participant (a room has at most one): never listed to
   * anyone else nor counted, never on the stage, publishes and asks for nothing; it sees what
   * an attendee sees (the stage and everyone who is heard). Absent: a person.
   */
  readonly recorder?: true;
}

/**
 * The recorder's identity: one per room (a second recorder replaces the first). Real guest ids
 * are 16 base64url characters, so this one can never be a person's.
 */
export const RECORDER_IDENTITY: Identity = { kind: 'guest', guestId: '~recorder' };

export interface RoomLimits {
  /** meeting and endtoend */
  readonly meetingMax: number;
  /** Presenter slots in a meeting, the host's included. */
  readonly meetingPresenters: number;
  /** conference, theater, livestream */
  readonly conferenceMax: number;
}

export const DEFAULT_LIMITS: RoomLimits = {
  meetingMax: MEETING_MAX_PARTICIPANTS,
  meetingPresenters: MEETING_PRESENTER_SLOTS,
  conferenceMax: CONFERENCE_MAX_PARTICIPANTS,
};

export type EndReason = 'host_ended' | 'time_over';

export interface RoomState {
  readonly roomId: string;
  readonly mode: RoomMode;
  readonly limits: RoomLimits;
  readonly locked: boolean;
  readonly waitingRoom: boolean;
  /** A scheduled event without "join before host". */
  readonly waitForHost: boolean;
  /** The host has been in the room: nobody waits for them any more. */
  readonly started: boolean;
  readonly ended: { readonly at: number; readonly reason: EndReason } | null;
  readonly pinned: string | null;
  /** How long a dropped participant keeps identity and role. */
  readonly graceMs: number;
  readonly seq: number;
  /** Present participants (waiting, connected or reconnecting). */
  readonly participants: PMap<Participant>;
  /** identityKey → present participant id. */
  readonly byIdentity: PMap<string>;
  /** The present participant holding the host role. */
  readonly hostId: string | null;
  /** The present participant whose ticket is the host's (the event owner). */
  readonly ownerId: string | null;
  /** In-room participants whose role is not an attendee's: small, so audiences resolve fast. */
  readonly notable: ReadonlySet<string>;
  /** identityKeys that cannot rejoin. */
  readonly blocked: ReadonlySet<string>;
  /** identityKeys made co-host in this room: they get it back when they rejoin. */
  readonly coHosts: ReadonlySet<string>;
  /**
   * What people had before a server restart (identityKey → presenter, interpreter channel,
   * pinned), restored from the saved room state; each gets theirs back as they connect.
   */
  readonly returning: ReadonlyMap<string, Returning>;
}

/** What a person had in the room before a restart, given back when they connect again. */
export interface Returning {
  readonly presenter: boolean;
  readonly channel: string | null;
  readonly pinned: boolean;
  /**
   * Was in the room when its node died (cluster takeover, issue 16): comes back past the lock
   * and the waiting room, as a resume would have.
   */
  readonly admitted?: boolean;
}

export interface CreateRoomOptions {
  roomId: string;
  mode: RoomMode;
  waitForHost?: boolean;
  waitingRoom?: boolean;
  locked?: boolean;
  graceMs?: number;
  limits?: Partial<RoomLimits>;
}

/**
 * How long a participant whose socket dropped is kept for a resume. Others see them as
 * reconnecting meanwhile, then leave: with the gateway's 4 s heartbeat, within 20 s of their
 * network dying (issue 17). A blackout of a few seconds resumes well within it.
 */
export const DEFAULT_GRACE_MS = 10_000;

export function createRoom(options: CreateRoomOptions): RoomState {
  return {
    roomId: options.roomId,
    mode: options.mode,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    locked: options.locked ?? false,
    waitingRoom: options.waitingRoom ?? false,
    waitForHost: options.waitForHost ?? false,
    started: false,
    ended: null,
    pinned: null,
    graceMs: options.graceMs ?? DEFAULT_GRACE_MS,
    seq: 0,
    participants: PMap.empty(),
    byIdentity: PMap.empty(),
    hostId: null,
    ownerId: null,
    notable: new Set(),
    blocked: new Set(),
    coHosts: new Set(),
    returning: new Map(),
  };
}

// ---------------------------------------------------------------------------------------------
// Pure queries, shared by the machine and the socket gateway.

/** People present (waiting, connected or reconnecting): the recorder does not count. */
export function peopleCount(state: Pick<RoomState, 'participants' | 'byIdentity'>): number {
  const recorder = state.byIdentity.has(identityKey(RECORDER_IDENTITY)) ? 1 : 0;
  return state.participants.size - recorder;
}

export function capacityOf(mode: RoomMode, limits: RoomLimits): number {
  return isMeetingLike(mode) ? limits.meetingMax : limits.conferenceMax;
}

/** In the room proper (not held outside): connected, or reconnecting back into the room. */
export function inRoom(p: Participant): boolean {
  return p.status === 'connected' || (p.status === 'reconnecting' && p.resumeTo === 'connected');
}

/** Listed in the waiting room (also while reconnecting). */
export function inWaitingRoom(p: Participant): boolean {
  return (
    p.status === 'in_waiting_room' ||
    (p.status === 'reconnecting' && p.resumeTo === 'in_waiting_room')
  );
}

export function isModerator(p: Participant): boolean {
  return inRoom(p) && isModeratorRole(p.role);
}

/**
 * Seen by everyone in the room. In meetings everyone sees everyone; in conference-like modes the
 * audience sees the stage (and interpreters), not each other. Invisible presenters are seen by
 * hosts and co-hosts only.
 */
export function isPublic(mode: RoomMode, p: Participant): boolean {
  return (
    inRoom(p) &&
    !p.invisible &&
    p.recorder !== true &&
    (isMeetingLike(mode) || !isAttendeeRole(p.role))
  );
}

export function canSee(state: RoomState, viewer: Participant, subject: Participant): boolean {
  if (!inRoom(subject)) return false;
  // SECURITY: the recorder is seen by nobody, moderators included (it is the server's).
  if (subject.recorder) return viewer.id === subject.id;
  return viewer.id === subject.id || isModerator(viewer) || isPublic(state.mode, subject);
}

export type PublishRights = MediaState;
const NOTHING: PublishRights = { audio: false, video: false, screen: false };

/** What the media server may accept from this participant right now. */
export function publishRightsIn(mode: RoomMode, p: Participant): PublishRights {
  if (!inRoom(p) || p.recorder) return NOTHING;
  const ctx = { mode, signedIn: p.identity.kind === 'account', grants: p.grants };
  return {
    audio: can(p.role, 'publish_audio', ctx),
    video: can(p.role, 'publish_video', ctx),
    screen: can(p.role, 'share_screen', ctx),
  };
}

export function publishRights(state: RoomState, participantId: string): PublishRights {
  const p = state.participants.get(participantId);
  return p ? publishRightsIn(state.mode, p) : NOTHING;
}

/** Present participants in join order. O(n log n): for rare, room-wide operations only. */
export function participantsInOrder(participants: PMap<Participant>): Participant[] {
  return [...participants.values()].sort((a, b) => a.seq - b.seq);
}
