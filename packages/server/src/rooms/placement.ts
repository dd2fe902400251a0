import type { Role } from '@podium/protocol';
import type { Draft } from './draft.ts';
import { isMeetingLike, isModeratorRole } from './roles.ts';
import { identityKey, type Participant, type Returning } from './state.ts';

export function baseRole(p: Pick<Participant, 'identity'>): Role {
  return p.identity.kind === 'guest' ? 'guest' : 'participant';
}

/** Where an arriving (or returning) participant goes: waiting for the host, the waiting room, or in. */
export function place(d: Draft, p: Participant): void {
  const key = identityKey(p.identity);
  const moderatorTicket = p.ticketRole === 'host' || d.coHosts.has(key);
  const readmitted = d.returning.get(key)?.admitted === true;
  if (p.ticketRole !== 'host' && d.base.waitForHost && !d.started) {
    d.update(p, { status: 'waiting_for_host', resumeTo: null, graceUntil: null });
  } else if (d.waitingRoom && !p.admitted && !moderatorTicket && !readmitted) {
    d.update(p, { status: 'in_waiting_room', resumeTo: null, graceUntil: null });
  } else {
    connect(d, p);
  }
}

/** Into the room, with the role the ticket and the room's free places allow. */
function connect(d: Draft, p: Participant): void {
  const meeting = isMeetingLike(d.mode);
  const slot = !meeting || d.stageSlotFree();
  const coHostTicket = p.ticketRole === 'host' || d.coHosts.has(identityKey(p.identity));
  let role: Role;
  if (p.ticketRole === 'host' && d.hostId === null) role = 'host';
  else if (coHostTicket && slot) role = 'co-host';
  else if (p.ticketRole === 'speaker' && slot) role = 'speaker';
  else if (meeting && slot && p.ticketRole !== 'speaker') role = 'presenter';
  else role = baseRole(p);
  const back = d.returning.get(identityKey(p.identity));
  if (back?.presenter && role === baseRole(p) && slot) {
    role = p.ticketRole === 'speaker' ? 'speaker' : 'presenter';
  }
  d.update(p, {
    status: 'connected',
    resumeTo: null,
    graceUntil: null,
    role,
    waitingSince: d.now,
  });
  if (role === 'host') d.hostId = p.id;
  if (back) giveBack(d, d.get(p.id) ?? p, back);
}

/**
 * After a restart: the interpreter channel and the pin this person had (their presenter role
 * was given in `connect`). Given once: later changes are the room's as usual.
 */
function giveBack(d: Draft, p: Participant, back: Returning): void {
  const key = identityKey(p.identity);
  const rest = new Map(d.returning);
  rest.delete(key);
  d.returning = rest;
  if (back.channel !== null && !isModeratorRole(p.role)) {
    d.update(p, { role: 'interpreter', interpreterChannel: back.channel, invisible: false });
    d.effect({ kind: 'media.interpreter', participantId: p.id, channel: back.channel });
  }
  if (back.pinned && d.pinned === null) {
    d.pinned = p.id;
    d.send({ to: 'everyone' }, { type: 'pinned', participant_id: p.id, by: p.id });
  }
}
