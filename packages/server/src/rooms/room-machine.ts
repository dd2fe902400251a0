import { assertNever } from '../shared/assert-never.ts';
import { handleRequest } from './controls.ts';
import { Draft, Refusal } from './draft.ts';
import { baseRole, place } from './placement.ts';
import type { TicketRole } from './roles.ts';
import {
  capacityOf,
  identityKey,
  peopleCount,
  RECORDER_IDENTITY,
  participantsInOrder,
  type Identity,
  type Participant,
  type RoomState,
} from './state.ts';
import { roomError, type CommandResult, type Decision, type RoomCommand } from './types.ts';

/**
 * The room as a pure state machine: `decide(state, command, now)` returns the next state, the
 * answer for the command's issuer, the server events to deliver and the effects for the media
 * server and timers. No I/O, no clock, no randomness: time and ids come in with the command.
 * The input state is never modified, so a caller may keep it, retry, or compare.
 */
export function decide(state: RoomState, command: RoomCommand, now: number): Decision {
  const draft = new Draft(state, now);
  try {
    return draft.finish(run(draft, command));
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return {
      state,
      result: { ok: false, error: error.error },
      events: error.notify
        ? [
            {
              to: { to: 'participant', id: error.notify.id },
              message: { type: 'join_state', state: error.notify.state },
            },
          ]
        : [],
      effects: [],
    };
  }
}

const OK: CommandResult = { ok: true };

function run(d: Draft, command: RoomCommand): CommandResult {
  switch (command.type) {
    case 'join':
      return join(d, command);
    case 'request':
      return handleRequest(d, command.by, command.request);
    case 'disconnect':
      return disconnect(d, command.participantId);
    case 'resume':
      return resume(d, command.participantId, command.sessionId);
    case 'tick':
      return tick(d);
    case 'end':
      if (d.ended === null) d.endRoom(command.reason);
      return OK;
    default:
      return assertNever(command, 'room command');
  }
}

// ---------------------------------------------------------------------------------------------
// Joining

// SECURITY: the event owner always has an account, and an account never joins as a guest, so a
// ticket that says otherwise is narrowed to the least privileged reading.
function normaliseTicket(identity: Identity, ticket: TicketRole): TicketRole {
  if (identity.kind === 'guest') return ticket === 'speaker' ? 'speaker' : 'guest';
  return ticket === 'guest' ? 'participant' : ticket;
}

type JoinCommand = Extract<RoomCommand, { type: 'join' }>;

function join(d: Draft, cmd: JoinCommand): CommandResult {
  if (d.ended !== null) {
    throw new Refusal(roomError('room_ended', 'room.ended'), {
      id: cmd.participantId,
      state: 'ended',
    });
  }
  if (d.get(cmd.participantId))
    throw new Refusal(roomError('already_joined', 'room.already_joined'));
  if (cmd.recorder) return joinRecorder(d, cmd);
  const key = identityKey(cmd.identity);
  if (d.blocked.has(key)) throw new Refusal(roomError('blocked', 'room.blocked'));
  const ticketRole = normaliseTicket(cmd.identity, cmd.ticketRole);

  const existingId = d.byIdentity.get(key);
  const existing = existingId === undefined ? undefined : d.get(existingId);
  if (existing) {
    replace(d, existing, cmd, ticketRole);
    return OK;
  }

  const moderatorTicket = ticketRole === 'host' || d.coHosts.has(key);
  if (d.locked && !moderatorTicket && d.returning.get(key)?.admitted !== true) {
    throw new Refusal(roomError('room_locked', 'room.locked'), {
      id: cmd.participantId,
      state: 'locked',
    });
  }
  // The host's place is kept for them: without the owner present, one seat stays free.
  const limit =
    capacityOf(d.mode, d.base.limits) - (ticketRole !== 'host' && d.ownerId === null ? 1 : 0);
  if (peopleCount(d) >= limit) {
    throw new Refusal(roomError('room_full', 'room.full'), {
      id: cmd.participantId,
      state: 'full',
    });
  }

  const p: Participant = {
    id: cmd.participantId,
    sessionId: cmd.sessionId,
    identity: cmd.identity,
    name: cmd.name,
    ticketRole,
    role: baseRole(cmd),
    status: 'waiting_for_host',
    resumeTo: null,
    graceUntil: null,
    seq: d.nextSeq(),
    arrivedAt: d.now,
    waitingSince: d.now,
    admitted: false,
    media: { audio: false, video: false, screen: false },
    devices: { mic: cmd.hasMic, camera: cmd.hasCamera },
    grants: { audio: false, video: false },
    asked: { audio: false, video: false },
    handRaisedAt: null,
    invisible: false,
    interpreterChannel: null,
    listening: null,
  };
  d.put(p);
  d.byIdentity = d.byIdentity.set(key, p.id);
  if (ticketRole === 'host') d.ownerId = p.id;
  place(d, p);
  if (ticketRole === 'host' && !d.started) {
    d.started = true;
    for (const waiting of participantsInOrder(d.participants)) {
      if (waiting.status === 'waiting_for_host') place(d, waiting);
    }
  }
  return OK;
}

/**
 * The egress's recorder: past lock, waiting room and capacity (it is nobody), straight into the
 * room as an attendee nobody sees. SECURITY: end-to-end encrypted rooms never leave the browsers.
 */
function joinRecorder(d: Draft, cmd: JoinCommand): CommandResult {
  if (d.mode === 'endtoend') {
    throw new Refusal(roomError('not_allowed', 'recording.endtoend'));
  }
  const key = identityKey(RECORDER_IDENTITY);
  const existingId = d.byIdentity.get(key);
  const existing = existingId === undefined ? undefined : d.get(existingId);
  if (existing) d.depart(existing, 'replaced', 'replaced');
  const p = d.put({
    id: cmd.participantId,
    sessionId: cmd.sessionId,
    identity: RECORDER_IDENTITY,
    name: cmd.name,
    ticketRole: 'guest',
    role: 'guest',
    status: 'connected',
    resumeTo: null,
    graceUntil: null,
    seq: d.nextSeq(),
    arrivedAt: d.now,
    waitingSince: d.now,
    admitted: true,
    media: { audio: false, video: false, screen: false },
    devices: { mic: false, camera: false },
    grants: { audio: false, video: false },
    asked: { audio: false, video: false },
    handRaisedAt: null,
    invisible: false,
    interpreterChannel: null,
    listening: null,
    recorder: true,
  });
  d.byIdentity = d.byIdentity.set(key, p.id);
  return OK;
}

/**
 * The same person joins again (another tab, a reload after the grace period was lost): the new
 * connection takes the old one's place, role and admission; the old one is told it was replaced.
 */
function replace(d: Draft, old: Participant, cmd: JoinCommand, ticketRole: TicketRole): void {
  const status = old.status === 'reconnecting' ? (old.resumeTo ?? 'connected') : old.status;
  const wasHost = d.hostId === old.id;
  const wasOwner = d.ownerId === old.id;
  d.depart(old, 'replaced', 'replaced');
  const p = d.put({
    ...old,
    id: cmd.participantId,
    sessionId: cmd.sessionId,
    name: cmd.name,
    ticketRole,
    status,
    resumeTo: null,
    graceUntil: null,
    media: { audio: false, video: false, screen: false },
    devices: { mic: cmd.hasMic, camera: cmd.hasCamera },
    asked: { audio: false, video: false },
    handRaisedAt: null,
    // A new connection starts on "Original", as it always did.
    listening: null,
  });
  d.byIdentity = d.byIdentity.set(identityKey(p.identity), p.id);
  if (wasHost) d.hostId = p.id;
  if (wasOwner || ticketRole === 'host') d.ownerId = p.id;
  if (status === 'waiting_for_host' && d.started) place(d, p);
}

// ---------------------------------------------------------------------------------------------
// Connection loss

function disconnect(d: Draft, id: string): CommandResult {
  const p = d.get(id);
  // A socket closing after its participant left (or the room ended) is nothing to act on.
  if (!p || p.status === 'reconnecting' || d.ended !== null) return OK;
  const graceUntil = d.now + d.base.graceMs;
  d.update(p, { status: 'reconnecting', resumeTo: p.status, graceUntil });
  d.effect({ kind: 'wake', at: graceUntil });
  return OK;
}

function resume(d: Draft, id: string, sessionId: string): CommandResult {
  if (d.ended !== null) {
    throw new Refusal(roomError('room_ended', 'room.ended'), { id, state: 'ended' });
  }
  const p = d.get(id);
  if (!p) throw new Refusal(roomError('session_expired', 'room.session_expired'));
  if (p.status !== 'reconnecting') {
    // A new socket took over before the old one was noticed gone.
    d.update(p, { sessionId });
    d.rewelcome.add(id);
    return OK;
  }
  const to = p.resumeTo ?? 'connected';
  const q = d.update(p, { status: to, resumeTo: null, graceUntil: null, sessionId });
  const released = to === 'waiting_for_host' && d.started;
  const admitted = to === 'in_waiting_room' && (q.admitted || !d.waitingRoom);
  if (released || admitted) place(d, q);
  return OK;
}

function tick(d: Draft): CommandResult {
  if (d.ended !== null) return OK;
  for (const p of d.participants.values()) {
    if (p.status === 'reconnecting' && p.graceUntil !== null && p.graceUntil <= d.now) {
      d.depart(p, 'timeout', null);
    }
  }
  return OK;
}
