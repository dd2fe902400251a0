import { describe, expect, it } from 'vitest';
import { parseClientMessage, serverMessage } from '@podium/protocol';
import { decide } from './room-machine.ts';
import { createRoom, publishRights } from './state.ts';
import { errorKey, Sim } from './test-support.ts';
import type { Effect } from './types.ts';

const roles = (sim: Sim, ids: string[]) => ids.map((id) => sim.p(id).role);

/** A meeting with its host in it. */
function meeting(others: number, options: ConstructorParameters<typeof Sim>[0] = {}): Sim {
  const sim = new Sim({ mode: 'meeting', ...options });
  sim.join('host', { ticket: 'host' });
  for (let i = 1; i <= others; i++) sim.join(`p${i}`);
  return sim;
}

function conference(others: number, options: ConstructorParameters<typeof Sim>[0] = {}): Sim {
  const sim = new Sim({ mode: 'conference', ...options });
  sim.join('host', { ticket: 'host' });
  for (let i = 1; i <= others; i++) sim.join(`p${i}`);
  return sim;
}

describe('joining a meeting', () => {
  it('makes the first 8 presenters, lets in 10, and tells the 11th the room is full', () => {
    const sim = meeting(9);
    expect(sim.p('host').role).toBe('host');
    expect(roles(sim, ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'])).toEqual(
      Array(7).fill('presenter'),
    );
    expect(roles(sim, ['p8', 'p9'])).toEqual(['participant', 'participant']);
    expect(publishRights(sim.state, 'p8')).toEqual({ audio: false, video: false, screen: false });

    const full = sim.join('p10');
    expect(full.result).toEqual({
      ok: false,
      error: { code: 'room_full', key: 'room.full', message: 'Room is Full' },
    });
    expect(sim.received('p10', full)).toEqual([{ type: 'join_state', state: 'full' }]);
    expect(sim.state.participants.size).toBe(10);
  });

  it('keeps the host a seat and a presenter slot while they are away', () => {
    const sim = new Sim({ mode: 'meeting' });
    for (let i = 1; i <= 9; i++) expect(sim.join(`p${i}`).result.ok).toBe(true);
    expect(errorKey(sim.join('p10'))).toBe('room.full');
    expect(sim.state.participants.size).toBe(9);
    // Seven attendees got the stage: the eighth slot is the host's.
    expect([...sim.state.participants.values()].filter((p) => p.role === 'presenter')).toHaveLength(
      7,
    );
    expect(sim.join('host', { ticket: 'host' }).result.ok).toBe(true);
    expect(sim.p('host').role).toBe('host');
  });

  it('starts with mic and camera off and welcomes the joiner with the room', () => {
    const sim = meeting(1);
    const d = sim.join('p2');
    const welcome = sim.received('p2', d).find((m) => m.type === 'welcome');
    expect(welcome).toMatchObject({
      type: 'welcome',
      session_id: 's-p2',
      participant: { id: 'p2', role: 'presenter', audio: false, video: false },
      room: { mode: 'meeting', locked: false },
    });
    if (welcome?.type !== 'welcome') throw new Error('no welcome');
    expect(welcome.room.participants.map((p) => p.id)).toEqual(['host', 'p1', 'p2']);
    // Others get one diff, not the roster.
    expect(sim.received('p1', d)).toEqual([
      { type: 'participant_joined', participant: expect.objectContaining({ id: 'p2' }) },
    ]);
    expect(d.effects).toContainEqual({
      kind: 'media.permissions',
      participantId: 'p2',
      publish: { audio: true, video: true, screen: true },
    });
  });

  it('promotes the longest-waiting participant when a presenter leaves', () => {
    const sim = meeting(9);
    sim.advance(1000);
    const d = sim.req('p3', { type: 'leave' });
    expect(sim.received('p3', d)).toEqual([{ type: 'join_state', state: 'left' }]);
    expect(sim.p('p8').role).toBe('presenter');
    expect(sim.p('p9').role).toBe('participant');
    expect(sim.received('p9', d)).toContainEqual({
      type: 'participant_updated',
      participant_id: 'p8',
      changes: expect.objectContaining({ role: 'presenter' }),
    });
    expect(d.effects).toContainEqual({ kind: 'media.close', participantId: 'p3' });
  });

  it('does not hand a demoted presenter’s slot away: only departures promote', () => {
    const sim = meeting(8);
    sim.req('host', { type: 'set_role', participant_id: 'p1', role: 'presenter', granted: false });
    expect(sim.p('p1').role).toBe('participant');
    expect(sim.p('p8').role).toBe('participant');
  });
});

describe('joining a conference', () => {
  it('lets participants in muted and unpublished, without telling the audience about each other', () => {
    const sim = conference(2);
    expect(roles(sim, ['p1', 'p2'])).toEqual(['participant', 'participant']);
    expect(publishRights(sim.state, 'p1')).toEqual({ audio: false, video: false, screen: false });
    const d = sim.join('p3');
    expect(sim.receivedTypes('p1', d)).toEqual([]);
    expect(sim.receivedTypes('host', d)).toEqual(['participant_joined']);
    const welcome = sim.received('p3', d)[0];
    if (welcome?.type !== 'welcome') throw new Error('no welcome');
    expect(welcome.room.participants.map((p) => p.id)).toEqual(['host', 'p3']);
  });

  it('holds up to its capacity', () => {
    const sim = conference(0, { limits: { conferenceMax: 3 } });
    expect(sim.join('a').result.ok).toBe(true);
    expect(sim.join('b').result.ok).toBe(true);
    expect(errorKey(sim.join('c'))).toBe('room.full');
  });

  it('refuses to publish without permission, then allows after the host asks', () => {
    const sim = conference(1);
    const refused = sim.req('p1', {
      type: 'set_media_state',
      audio: true,
      video: false,
      screen: false,
    });
    expect(refused.result).toEqual({
      ok: false,
      error: {
        code: 'not_allowed',
        key: 'room.enable_not_allowed',
        message: 'You are not allowed to enable your camera or microphone',
      },
    });
    const ask = sim.req('host', { type: 'ask_enable', kind: 'audio', participant_id: 'p1' });
    expect(sim.received('p1', ask)).toContainEqual({
      type: 'asked_to_enable',
      kind: 'audio',
      by: 'host',
    });
    expect(ask.effects).toContainEqual({
      kind: 'media.permissions',
      participantId: 'p1',
      publish: { audio: true, video: false, screen: false },
    });
    const later = sim.req('p1', { type: 'ask_response', kind: 'audio', response: 'later' });
    expect(sim.received('host', later)).toEqual([
      { type: 'ask_answered', participant_id: 'p1', kind: 'audio', response: 'later' },
    ]);
    // "Decide later" keeps the permission.
    expect(
      sim.req('p1', { type: 'set_media_state', audio: true, video: false, screen: false }).result
        .ok,
    ).toBe(true);
    expect(sim.p('p1').media.audio).toBe(true);
    // Video was never allowed.
    expect(
      errorKey(sim.req('p1', { type: 'set_media_state', audio: true, video: true, screen: false })),
    ).toBe('room.enable_not_allowed');
    expect(
      errorKey(sim.req('p1', { type: 'ask_response', kind: 'audio', response: 'accepted' })),
    ).toBe('room.no_pending_request');
  });

  it('puts a promoted attendee on the stage for everyone', () => {
    const sim = conference(2);
    const d = sim.req('host', {
      type: 'set_role',
      participant_id: 'p1',
      role: 'presenter',
      granted: true,
    });
    expect(sim.p('p1').role).toBe('presenter');
    expect(sim.received('p2', d)).toContainEqual({
      type: 'participant_joined',
      participant: expect.objectContaining({ id: 'p1', role: 'presenter' }),
    });
    expect(sim.received('host', d)).toContainEqual({
      type: 'participant_updated',
      participant_id: 'p1',
      changes: expect.objectContaining({ role: 'presenter' }),
    });
    sim.req('p1', { type: 'set_media_state', audio: true, video: true, screen: false });
    const stop = sim.req('host', {
      type: 'set_role',
      participant_id: 'p1',
      role: 'presenter',
      granted: false,
    });
    expect(sim.p('p1')).toMatchObject({
      role: 'participant',
      media: { audio: false, video: false },
    });
    expect(sim.received('p2', stop)).toContainEqual({
      type: 'participant_left',
      participant_id: 'p1',
      reason: 'hidden',
    });
    expect(stop.effects).toContainEqual({
      kind: 'media.permissions',
      participantId: 'p1',
      publish: { audio: false, video: false, screen: false },
    });
  });
});

describe('waiting for the host', () => {
  it('holds everyone until the host arrives, then lets them in', () => {
    const sim = new Sim({ mode: 'meeting', waitForHost: true });
    const d = sim.join('p1');
    expect(sim.received('p1', d)).toEqual([{ type: 'join_state', state: 'waiting_for_host' }]);
    expect(sim.p('p1').status).toBe('waiting_for_host');
    expect(errorKey(sim.req('p1', { type: 'raise_hand' }))).toBe('room.not_in_room');
    const host = sim.join('host', { ticket: 'host' });
    expect(sim.p('p1')).toMatchObject({ status: 'connected', role: 'presenter' });
    expect(sim.receivedTypes('p1', host)).toContain('welcome');
    // Once started, nobody waits for the host again.
    sim.req('host', { type: 'leave' });
    expect(sim.join('p2').result.ok).toBe(true);
    expect(sim.p('p2').status).toBe('connected');
  });

  it('does not wait when the host allowed joining before them', () => {
    const sim = new Sim({ mode: 'meeting', waitForHost: false });
    sim.join('p1');
    expect(sim.p('p1').status).toBe('connected');
  });
});

describe('the waiting room', () => {
  it('holds everyone but the host and co-hosts until admitted or denied', () => {
    const sim = meeting(0, { waitingRoom: true });
    const d = sim.join('p1');
    expect(sim.received('p1', d)).toEqual([{ type: 'join_state', state: 'in_waiting_room' }]);
    expect(sim.received('host', d)).toEqual([
      {
        type: 'waiting_list_updated',
        added: [{ participant_id: 'p1', name: 'Name p1', guest: false, since: sim.now }],
        removed: [],
      },
    ]);
    sim.join('p2', { guest: true });
    const admit = sim.req('host', { type: 'admit', participant_id: 'p1' });
    expect(sim.receivedTypes('p1', admit)).toContain('welcome');
    expect(sim.received('host', admit)).toContainEqual({
      type: 'waiting_list_updated',
      added: [],
      removed: ['p1'],
    });
    const deny = sim.req('host', { type: 'deny', participant_id: 'p2' });
    expect(sim.received('p2', deny)).toEqual([
      { type: 'removed', reason: 'denied' },
      { type: 'join_state', state: 'left' },
    ]);
    expect(sim.has('p2')).toBe(false);
  });

  it('admits or denies everyone at once', () => {
    const sim = meeting(0, { waitingRoom: true });
    for (const id of ['a', 'b', 'c']) sim.join(id);
    sim.req('host', { type: 'admit', all: true });
    expect(['a', 'b', 'c'].map((id) => sim.p(id).status)).toEqual(Array(3).fill('connected'));
    for (const id of ['d', 'e']) sim.join(id);
    sim.req('host', { type: 'deny', all: true });
    expect(sim.has('d') || sim.has('e')).toBe(false);
  });

  it('lets everyone in when it is turned off', () => {
    const sim = meeting(0, { waitingRoom: true });
    sim.join('a');
    const d = sim.req('host', { type: 'waiting_room', enabled: false });
    expect(sim.p('a').status).toBe('connected');
    expect(sim.received('host', d)).toContainEqual({
      type: 'room_updated',
      changes: { waiting_room: false },
    });
  });

  it('lets a co-host who comes back skip it', () => {
    const sim = meeting(1, { waitingRoom: false });
    sim.req('host', { type: 'set_role', participant_id: 'p1', role: 'co-host', granted: true });
    sim.req('host', { type: 'waiting_room', enabled: true });
    sim.req('p1', { type: 'leave' });
    sim.join('p1');
    expect(sim.p('p1')).toMatchObject({ status: 'connected', role: 'co-host' });
  });

  it('refuses admitting someone who is not waiting', () => {
    const sim = meeting(1, { waitingRoom: true });
    expect(errorKey(sim.req('host', { type: 'admit', participant_id: 'host' }))).toBe(
      'room.invalid_target',
    );
    expect(errorKey(sim.req('host', { type: 'admit', participant_id: 'nobody' }))).toBe(
      'room.target_not_found',
    );
  });
});

describe('locking', () => {
  it('refuses newcomers with "Room is locked" but lets the host back', () => {
    const sim = meeting(1);
    const lock = sim.req('host', { type: 'lock' });
    expect(sim.received('p1', lock)).toEqual([{ type: 'room_updated', changes: { locked: true } }]);
    const d = sim.join('p2');
    expect(d.result).toEqual({
      ok: false,
      error: { code: 'room_locked', key: 'room.locked', message: 'Room is locked' },
    });
    expect(sim.received('p2', d)).toEqual([{ type: 'join_state', state: 'locked' }]);
    sim.req('host', { type: 'leave' });
    expect(sim.join('host', { ticket: 'host' }).result.ok).toBe(true);
    sim.req('host', { type: 'unlock' });
    expect(sim.join('p2').result.ok).toBe(true);
  });

  it('is a host control', () => {
    const sim = meeting(1);
    expect(sim.req('p1', { type: 'lock' }).result).toEqual({
      ok: false,
      error: {
        code: 'permission',
        key: 'errors.permission',
        message: 'You do not have permission to perform this function',
      },
    });
  });
});

describe('removing and blocking', () => {
  it('removes someone who may come back', () => {
    const sim = meeting(2);
    const d = sim.req('host', { type: 'remove', participant_id: 'p1' });
    expect(sim.received('p1', d)).toEqual([
      { type: 'removed', reason: 'removed' },
      { type: 'join_state', state: 'left' },
    ]);
    expect(sim.received('p2', d)).toContainEqual({
      type: 'participant_left',
      participant_id: 'p1',
      reason: 'removed',
    });
    expect(sim.join('p1').result.ok).toBe(true);
  });

  it('keeps a blocked account or guest out', () => {
    const sim = meeting(1);
    sim.join('g', { guest: true });
    sim.req('host', { type: 'block', participant_id: 'p1' });
    sim.req('host', { type: 'block', participant_id: 'g' });
    expect(sim.join('p1-again', { as: 'p1' }).result).toEqual({
      ok: false,
      error: { code: 'blocked', key: 'room.blocked', message: 'You cannot join this event' },
    });
    expect(errorKey(sim.join('g2', { as: 'g', guest: true }))).toBe('room.blocked');
    expect(sim.join('someone-else').result.ok).toBe(true);
  });

  it('does not let a co-host remove or block the host', () => {
    const sim = meeting(2);
    sim.req('host', { type: 'set_role', participant_id: 'p1', role: 'co-host', granted: true });
    expect(errorKey(sim.req('p1', { type: 'remove', participant_id: 'host' }))).toBe(
      'errors.permission',
    );
    expect(errorKey(sim.req('p1', { type: 'block', participant_id: 'host' }))).toBe(
      'errors.permission',
    );
    expect(sim.req('p1', { type: 'remove', participant_id: 'p2' }).result.ok).toBe(true);
  });

  it('never removes the event owner, even once the host role was handed on', () => {
    const sim = meeting(1);
    sim.req('host', { type: 'set_role', participant_id: 'p1', role: 'host', granted: true });
    expect(errorKey(sim.req('p1', { type: 'block', participant_id: 'host' }))).toBe(
      'room.invalid_target',
    );
  });
});

describe('connection loss', () => {
  it('keeps identity and role through a reconnect within the grace period', () => {
    const sim = meeting(2, { graceMs: 10_000 });
    sim.req('host', { type: 'set_role', participant_id: 'p1', role: 'co-host', granted: true });
    const drop = sim.run({ type: 'disconnect', participantId: 'p1' });
    expect(drop.effects).toEqual([{ kind: 'wake', at: sim.now + 10_000 }]);
    expect(sim.received('p2', drop)).toEqual([
      { type: 'participant_updated', participant_id: 'p1', changes: { state: 'reconnecting' } },
    ]);
    sim.advance(9_000);
    sim.run({ type: 'tick' });
    const back = sim.run({ type: 'resume', participantId: 'p1', sessionId: 's-p1b' });
    expect(sim.p('p1')).toMatchObject({ status: 'connected', role: 'co-host', sessionId: 's-p1b' });
    expect(sim.receivedTypes('p1', back)).toEqual(['welcome']);
  });

  it('lets the participant go when the grace period runs out', () => {
    const sim = meeting(2, { graceMs: 10_000 });
    sim.run({ type: 'disconnect', participantId: 'p1' });
    sim.advance(10_000);
    const d = sim.run({ type: 'tick' });
    expect(sim.has('p1')).toBe(false);
    expect(sim.received('p2', d)).toContainEqual({
      type: 'participant_left',
      participant_id: 'p1',
      reason: 'timeout',
    });
    expect(errorKey(sim.run({ type: 'resume', participantId: 'p1', sessionId: 'x' }))).toBe(
      'room.session_expired',
    );
  });

  it('brings a waiting-room entry back to where it was, or in if admitted meanwhile', () => {
    const sim = meeting(0, { waitingRoom: true });
    sim.join('a');
    sim.join('b');
    sim.run({ type: 'disconnect', participantId: 'a' });
    sim.run({ type: 'disconnect', participantId: 'b' });
    sim.req('host', { type: 'admit', participant_id: 'b' });
    expect(sim.p('b').status).toBe('reconnecting');
    const a = sim.run({ type: 'resume', participantId: 'a', sessionId: 's2' });
    expect(sim.received('a', a)).toEqual([{ type: 'join_state', state: 'in_waiting_room' }]);
    const b = sim.run({ type: 'resume', participantId: 'b', sessionId: 's3' });
    expect(sim.p('b').status).toBe('connected');
    expect(sim.receivedTypes('b', b)).toContain('welcome');
  });

  it('gives a second connection of the same person the first one’s place', () => {
    const sim = meeting(1);
    const d = sim.join('host-2', { as: 'host', ticket: 'host' });
    expect(sim.has('host')).toBe(false);
    expect(sim.p('host-2').role).toBe('host');
    expect(sim.state.hostId).toBe('host-2');
    expect(sim.received('host', d)).toEqual([
      { type: 'removed', reason: 'replaced' },
      { type: 'join_state', state: 'left' },
    ]);
    expect(sim.receivedTypes('p1', d)).toEqual(['participant_left', 'participant_joined']);
  });
});

describe('mute all and stop all cameras', () => {
  it('is refused in gallery view', () => {
    const sim = meeting(1);
    expect(sim.req('host', { type: 'mute_all', layout: 'gallery' }).result).toEqual({
      ok: false,
      error: {
        code: 'not_allowed',
        key: 'room.mute_all_gallery',
        message: 'Mute all is not allowed in gallery view',
      },
    });
  });

  it('mutes everyone but the issuer and the host', () => {
    const sim = meeting(3);
    sim.req('host', { type: 'set_role', participant_id: 'p1', role: 'co-host', granted: true });
    for (const id of ['host', 'p1', 'p2', 'p3']) {
      sim.req(id, { type: 'set_media_state', audio: true, video: true, screen: false });
    }
    const d = sim.req('p1', { type: 'mute_all', layout: 'center' });
    expect(sim.p('p2').media).toEqual({ audio: false, video: true, screen: false });
    expect(sim.p('p1').media.audio).toBe(true);
    expect(sim.p('host').media.audio).toBe(true);
    expect(sim.received('p2', d)).toContainEqual({
      type: 'media_stopped',
      kinds: ['audio'],
      by: 'p1',
    });
    expect(d.effects).toContainEqual({ kind: 'media.stop', participantId: 'p3', kinds: ['audio'] });
    // Presenters may unmute themselves again.
    expect(
      sim.req('p2', { type: 'set_media_state', audio: true, video: true, screen: false }).result.ok,
    ).toBe(true);
  });

  it('takes back what attendees were allowed in a conference', () => {
    const sim = conference(1);
    sim.req('host', { type: 'ask_enable', kind: 'video', participant_id: 'p1' });
    sim.req('p1', { type: 'set_media_state', audio: false, video: true, screen: false });
    const d = sim.req('host', { type: 'stop_all_cameras' });
    expect(sim.p('p1').media.video).toBe(false);
    expect(sim.p('p1').grants.video).toBe(false);
    expect(d.effects).toContainEqual({
      kind: 'media.permissions',
      participantId: 'p1',
      publish: { audio: false, video: false, screen: false },
    });
  });
});

describe('asking to enable', () => {
  it('needs a presenter slot in a meeting', () => {
    const sim = meeting(8);
    expect(
      errorKey(sim.req('host', { type: 'ask_enable', kind: 'audio', participant_id: 'p8' })),
    ).toBe('room.needs_presenter');
    expect(
      sim.req('host', { type: 'ask_enable', kind: 'audio', participant_id: 'p1' }).result.ok,
    ).toBe(true);
  });

  it('is a host control', () => {
    const sim = meeting(2);
    expect(
      errorKey(sim.req('p1', { type: 'ask_enable', kind: 'audio', participant_id: 'p2' })),
    ).toBe('errors.permission');
  });
});

describe('roles in the room', () => {
  it('makes and removes a co-host, who then sees the waiting room', () => {
    const sim = meeting(1);
    sim.req('host', { type: 'waiting_room', enabled: true });
    sim.join('w');
    const make = sim.req('host', {
      type: 'set_role',
      participant_id: 'p1',
      role: 'co-host',
      granted: true,
    });
    const snapshot = sim.received('p1', make).find((m) => m.type === 'snapshot');
    if (snapshot?.type !== 'snapshot') throw new Error('no snapshot');
    expect(snapshot.room.waiting.map((w) => w.participant_id)).toEqual(['w']);
    expect(sim.req('p1', { type: 'admit', participant_id: 'w' }).result.ok).toBe(true);
    sim.req('host', { type: 'set_role', participant_id: 'p1', role: 'co-host', granted: false });
    expect(sim.p('p1').role).toBe('presenter');
    expect(errorKey(sim.req('p1', { type: 'lock' }))).toBe('errors.permission');
  });

  it('does not make a guest co-host', () => {
    const sim = meeting(0);
    sim.join('g', { guest: true });
    expect(
      errorKey(
        sim.req('host', { type: 'set_role', participant_id: 'g', role: 'co-host', granted: true }),
      ),
    ).toBe('room.guest_cannot_cohost');
  });

  it('keeps co-hosts from the host-only controls', () => {
    const sim = meeting(2);
    sim.req('host', { type: 'set_role', participant_id: 'p1', role: 'co-host', granted: true });
    for (const request of [
      { type: 'end_for_all' },
      { type: 'set_mode', mode: 'conference' },
      { type: 'set_role', participant_id: 'p2', role: 'co-host', granted: true },
      { type: 'set_role', participant_id: 'p2', role: 'host', granted: true },
    ] as const) {
      expect(errorKey(sim.req('p1', request)), request.type).toBe('errors.permission');
    }
  });

  it('refuses a presenter beyond the meeting’s slots', () => {
    const sim = meeting(8);
    expect(
      errorKey(
        sim.req('host', {
          type: 'set_role',
          participant_id: 'p8',
          role: 'presenter',
          granted: true,
        }),
      ),
    ).toBe('room.presenter_slots_full');
    expect(
      errorKey(
        sim.req('host', { type: 'set_role', participant_id: 'p8', role: 'co-host', granted: true }),
      ),
    ).toBe('room.presenter_slots_full');
  });

  it('hands the host role over, and the owner gets it back when the new host leaves', () => {
    const sim = meeting(2);
    sim.req('host', { type: 'set_role', participant_id: 'p1', role: 'host', granted: true });
    expect(roles(sim, ['host', 'p1'])).toEqual(['co-host', 'host']);
    sim.req('p1', { type: 'leave' });
    expect(sim.p('host').role).toBe('host');
    expect(sim.state.hostId).toBe('host');
  });

  it('joins the speaker link as a presenter', () => {
    const sim = conference(0);
    sim.join('s', { ticket: 'speaker', guest: true });
    expect(sim.p('s').role).toBe('speaker');
    expect(publishRights(sim.state, 's')).toEqual({ audio: true, video: true, screen: true });
    sim.req('host', { type: 'set_role', participant_id: 's', role: 'presenter', granted: false });
    expect(sim.p('s').role).toBe('guest');
    sim.req('host', { type: 'set_role', participant_id: 's', role: 'presenter', granted: true });
    expect(sim.p('s').role).toBe('speaker');
  });

  it('narrows a guest ticket that claims to be the host', () => {
    const sim = new Sim({ mode: 'meeting' });
    sim.join('g', { guest: true, ticket: 'host' });
    expect(sim.p('g').role).not.toBe('host');
    expect(sim.state.hostId).toBe(null);
  });

  it('assigns an interpreter to a channel and back', () => {
    const sim = conference(1);
    const d = sim.req('host', {
      type: 'set_interpreter',
      participant_id: 'p1',
      channel: 'Tiếng Việt',
    });
    expect(sim.p('p1')).toMatchObject({ role: 'interpreter', interpreterChannel: 'Tiếng Việt' });
    expect(d.effects).toContainEqual({
      kind: 'media.interpreter',
      participantId: 'p1',
      channel: 'Tiếng Việt',
    });
    expect(publishRights(sim.state, 'p1')).toEqual({ audio: true, video: false, screen: false });
    sim.req('host', { type: 'set_interpreter', participant_id: 'p1', channel: null });
    expect(sim.p('p1').role).toBe('participant');
  });
});

describe('going invisible', () => {
  it('needs another visible presenter', () => {
    const sim = conference(3);
    sim.req('host', { type: 'set_role', participant_id: 'p1', role: 'presenter', granted: true });
    expect(sim.req('p1', { type: 'go_invisible' }).result).toEqual({
      ok: false,
      error: {
        code: 'not_allowed',
        key: 'room.no_presenter',
        message: 'No presenter available, cannot go invisible',
      },
    });
    sim.req('host', { type: 'set_role', participant_id: 'p2', role: 'presenter', granted: true });
    const d = sim.req('p1', { type: 'go_invisible' });
    expect(d.result.ok).toBe(true);
    // Hidden from the audience and the stage, still known to the hosts.
    expect(sim.received('p3', d)).toEqual([
      { type: 'participant_left', participant_id: 'p1', reason: 'hidden' },
    ]);
    expect(sim.received('host', d)).toEqual([
      { type: 'participant_updated', participant_id: 'p1', changes: { invisible: true } },
    ]);
    expect(errorKey(sim.req('p2', { type: 'go_invisible' }))).toBe('room.too_few_presenters');
    expect(errorKey(sim.req('p3', { type: 'go_invisible' }))).toBe('errors.permission');
    sim.req('p1', { type: 'go_visible' });
    expect(sim.p('p1').invisible).toBe(false);
  });

  it('can be done to a presenter by the host (backstage)', () => {
    const sim = meeting(2);
    expect(sim.req('host', { type: 'go_invisible', participant_id: 'p1' }).result.ok).toBe(true);
    expect(sim.p('p1').invisible).toBe(true);
    expect(errorKey(sim.req('p2', { type: 'go_visible', participant_id: 'p1' }))).toBe(
      'errors.permission',
    );
  });
});

describe('raising a hand', () => {
  it('reaches everyone and can be lowered by the host', () => {
    const sim = conference(2);
    const up = sim.req('p1', { type: 'raise_hand' });
    const raised = { type: 'hand_raised', participant_id: 'p1', name: 'Name p1', at: sim.now };
    expect(sim.received('p2', up)).toEqual([raised]);
    expect(sim.received('host', up)).toEqual([raised]);
    const down = sim.req('host', { type: 'lower_hand', participant_id: 'p1' });
    expect(sim.received('p2', down)).toEqual([
      { type: 'hand_lowered', participant_id: 'p1', by: 'host' },
    ]);
    expect(errorKey(sim.req('p2', { type: 'lower_hand', participant_id: 'p1' }))).toBe(
      'errors.permission',
    );
  });

  it('is refused without a mic, while interpreting, or while invisible', () => {
    const sim = meeting(2);
    sim.join('nomic', { hasMic: false });
    expect(errorKey(sim.req('nomic', { type: 'raise_hand' }))).toBe('room.hand_no_mic');
    sim.req('host', { type: 'set_interpreter', participant_id: 'p1', channel: 'English' });
    expect(errorKey(sim.req('p1', { type: 'raise_hand' }))).toBe('room.hand_interpreting');
    sim.req('host', { type: 'go_invisible', participant_id: 'p2' });
    expect(errorKey(sim.req('p2', { type: 'raise_hand' }))).toBe('room.hand_invisible');
    expect(errorKey(sim.req('host', { type: 'raise_hand' }))).toBe('errors.permission');
  });

  it('comes down when the participant goes backstage', () => {
    const sim = meeting(2);
    sim.req('p1', { type: 'raise_hand' });
    const d = sim.req('host', { type: 'go_invisible', participant_id: 'p1' });
    expect(sim.p('p1').handRaisedAt).toBe(null);
    expect(sim.received('p2', d)).toContainEqual({
      type: 'hand_lowered',
      participant_id: 'p1',
      by: null,
    });
  });
});

describe('pinning for everyone', () => {
  it('pins, and unpins when the pinned participant leaves', () => {
    const sim = meeting(2);
    const pin = sim.req('host', { type: 'pin_for_all', participant_id: 'p1' });
    expect(sim.received('p2', pin)).toEqual([{ type: 'pinned', participant_id: 'p1', by: 'host' }]);
    const leave = sim.req('p1', { type: 'leave' });
    expect(sim.received('p2', leave)).toContainEqual({
      type: 'pinned',
      participant_id: null,
      by: null,
    });
    expect(sim.state.pinned).toBe(null);
  });

  it('unpins a presenter who goes backstage', () => {
    const sim = meeting(2);
    sim.req('host', { type: 'pin_for_all', participant_id: 'p1' });
    const d = sim.req('p1', { type: 'go_invisible' });
    expect(sim.state.pinned).toBe(null);
    expect(sim.received('p2', d)).toContainEqual({
      type: 'pinned',
      participant_id: null,
      by: null,
    });
  });

  it('does not pin someone the audience cannot see', () => {
    const sim = conference(1);
    expect(errorKey(sim.req('host', { type: 'pin_for_all', participant_id: 'p1' }))).toBe(
      'room.invalid_target',
    );
  });
});

describe('switching modes', () => {
  it('is the host’s alone, and meeting mode needs few enough people', () => {
    const sim = conference(10);
    expect(errorKey(sim.req('host', { type: 'set_mode', mode: 'meeting' }))).toBe(
      'room.mode_too_many',
    );
    sim.req('p10', { type: 'leave' });
    const d = sim.req('host', { type: 'set_mode', mode: 'meeting' });
    expect(d.result.ok).toBe(true);
    expect(d.effects).toContainEqual({ kind: 'media.mode', mode: 'meeting' });
    // The first seven attendees take the free presenter slots; the rest now see everyone.
    expect(roles(sim, ['p1', 'p7', 'p8', 'p9'])).toEqual([
      'presenter',
      'presenter',
      'participant',
      'participant',
    ]);
    expect(sim.received('p9', d)).toContainEqual({
      type: 'participant_joined',
      participant: expect.objectContaining({ id: 'p8' }),
    });
    expect(sim.received('p9', d)).toContainEqual({
      type: 'mode_changed',
      mode: 'meeting',
      by: 'host',
    });
  });

  it('hides the audience from each other in a conference', () => {
    const sim = meeting(9);
    const d = sim.req('host', { type: 'set_mode', mode: 'conference' });
    expect(sim.received('p1', d)).toContainEqual({
      type: 'participant_left',
      participant_id: 'p9',
      reason: 'hidden',
    });
    expect(sim.receivedTypes('host', d)).not.toContain('participant_left');
  });
});

describe('ending', () => {
  it('ends the event for everyone, and nobody joins after', () => {
    const sim = meeting(2, { waitingRoom: true });
    sim.join('w');
    const d = sim.req('host', { type: 'end_for_all' });
    for (const id of ['host', 'p1', 'p2', 'w']) {
      expect(sim.received(id, d)).toEqual([
        { type: 'ended', reason: 'host_ended' },
        { type: 'join_state', state: 'ended' },
      ]);
    }
    expect(d.effects).toEqual([{ kind: 'room.ended', reason: 'host_ended' }]);
    expect(sim.state.participants.size).toBe(0);
    expect(errorKey(sim.join('late'))).toBe('room.ended');
    expect(errorKey(sim.req('p1', { type: 'raise_hand' }))).toBe('room.ended');
  });

  it('is the host’s alone', () => {
    const sim = meeting(1);
    expect(errorKey(sim.req('p1', { type: 'end_for_all' }))).toBe('errors.permission');
  });
});

describe('chat', () => {
  it('goes to everyone or to one participant', () => {
    const sim = meeting(2);
    const all = sim.req('p1', { type: 'chat', to: 'everyone', text: 'hello' });
    expect(all.result).toEqual({ ok: true, data: { message_id: expect.any(String) } });
    expect(sim.receivedTypes('p2', all)).toEqual(['chat_message']);
    expect(all.effects).toEqual([
      { kind: 'chat.persist', message: expect.objectContaining({ text: 'hello', from: 'p1' }) },
    ]);
    const dm = sim.req('p1', { type: 'chat', to: 'p2', text: 'psst' });
    expect(sim.receivedTypes('p2', dm)).toEqual(['chat_message']);
    expect(sim.receivedTypes('p1', dm)).toEqual(['chat_message']);
    expect(sim.receivedTypes('host', dm)).toEqual([]);
  });

  it('cannot reach someone the sender cannot see', () => {
    const sim = conference(2);
    expect(errorKey(sim.req('p1', { type: 'chat', to: 'p2', text: 'hi' }))).toBe(
      'room.target_not_found',
    );
    expect(sim.req('p1', { type: 'chat', to: 'host', text: 'hi' }).result.ok).toBe(true);
  });
});

describe('the machine as a whole', () => {
  it('never modifies the state it is given', () => {
    const before = createRoom({ roomId: 'r', mode: 'meeting' });
    const frozen = JSON.stringify({ ...before, participants: [...before.participants] });
    decide(
      before,
      {
        type: 'join',
        participantId: 'a',
        sessionId: 's',
        identity: { kind: 'account', accountId: 'a' },
        name: 'A',
        ticketRole: 'host',
        hasMic: true,
        hasCamera: true,
      },
      1,
    );
    expect(JSON.stringify({ ...before, participants: [...before.participants] })).toBe(frozen);
  });

  it('answers requests from someone not in the room with an error', () => {
    const sim = meeting(0);
    expect(errorKey(sim.req('ghost', { type: 'lock' }))).toBe('room.not_in_room');
  });

  it('never takes a role from the client: a join message has no role to claim', () => {
    const parsed = parseClientMessage({ type: 'join', id: '1', role: 'host' });
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.message).not.toHaveProperty('role');
  });

  it('only emits messages the protocol accepts', () => {
    const sim = meeting(3, { waitingRoom: true });
    sim.join('w');
    const decisions = [
      sim.last,
      sim.req('host', { type: 'admit', participant_id: 'w' }),
      sim.req('p1', { type: 'raise_hand' }),
      sim.req('host', { type: 'mute_all', layout: 'pin' }),
      sim.req('host', { type: 'set_mode', mode: 'conference' }),
      sim.req('host', { type: 'end_for_all' }),
    ];
    for (const d of decisions) {
      for (const e of d.events) expect(serverMessage.safeParse(e.message).success).toBe(true);
    }
    const effectKinds = new Set<Effect['kind']>(
      decisions.flatMap((d) => d.effects.map((e) => e.kind)),
    );
    expect(effectKinds.has('room.ended')).toBe(true);
  });
});
