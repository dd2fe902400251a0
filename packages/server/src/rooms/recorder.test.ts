import { describe, expect, it } from 'vitest';
import { RECORDER_IDENTITY, peopleCount } from './state.ts';
import { errorKey, Sim } from './test-support.ts';
import { snapshotFor } from './views.ts';

function joinRecorder(sim: Sim, id = 'rec') {
  return sim.run({
    type: 'join',
    participantId: id,
    sessionId: `s-${id}`,
    identity: RECORDER_IDENTITY,
    name: 'Recorder',
    ticketRole: 'guest',
    hasMic: false,
    hasCamera: false,
    recorder: true,
  });
}

describe('the recorder participant', () => {
  it('is listed to nobody, moderators included, and sees the stage', () => {
    const sim = new Sim({ mode: 'conference' });
    sim.join('owner', { ticket: 'host' });
    sim.join('a');
    const joined = joinRecorder(sim);
    expect(joined.result.ok).toBe(true);
    expect(sim.received('owner', joined)).toEqual([]);
    expect(sim.received('a', joined)).toEqual([]);
    expect(snapshotFor(sim.state, 'owner').participants.map((p) => p.id)).toEqual(['owner', 'a']);
    // It sees what an attendee sees: the stage (the host), not the audience.
    const seen = snapshotFor(sim.state, 'rec').participants.map((p) => p.id);
    expect(seen).toContain('owner');
    expect(seen).not.toContain('a');
    // Room events reach it (a stage change).
    const pinned = sim.req('owner', { type: 'pin_for_all', participant_id: 'owner' });
    expect(sim.receivedTypes('rec', pinned)).toContain('pinned');
    // Leaving tells nobody.
    const left = sim.req('rec', { type: 'leave' });
    expect(sim.received('owner', left)).toEqual([]);
  });

  it('takes no seat and passes the lock and the waiting room', () => {
    const sim = new Sim({ mode: 'meeting', limits: { meetingMax: 2 }, waitingRoom: true });
    sim.join('owner', { ticket: 'host' });
    sim.join('a');
    sim.req('owner', { type: 'admit', participant_id: 'a' });
    sim.req('owner', { type: 'lock' });
    expect(joinRecorder(sim).result.ok).toBe(true);
    expect(sim.p('rec')).toMatchObject({ status: 'connected', role: 'guest' });
    expect(peopleCount(sim.state)).toBe(2);
    // It never takes a presenter slot when one frees up.
    sim.req('a', { type: 'leave' });
    expect(sim.p('rec').role).toBe('guest');
  });

  it('only watches: no chat, no hand, no media, nobody can act on it', () => {
    const sim = new Sim({ mode: 'meeting' });
    sim.join('owner', { ticket: 'host' });
    joinRecorder(sim);
    expect(errorKey(sim.req('rec', { type: 'chat', to: 'everyone', text: 'hi' }))).toBe(
      'errors.permission',
    );
    expect(errorKey(sim.req('rec', { type: 'raise_hand' }))).toBe('errors.permission');
    expect(
      errorKey(
        sim.req('rec', { type: 'set_media_state', audio: true, video: true, screen: false }),
      ),
    ).toBe('room.enable_not_allowed');
    expect(sim.p('rec').media).toEqual({ audio: false, video: false, screen: false });
    expect(errorKey(sim.req('owner', { type: 'remove', participant_id: 'rec' }))).toBe(
      'room.target_not_found',
    );
    expect(errorKey(sim.req('owner', { type: 'pin_for_all', participant_id: 'rec' }))).toBe(
      'room.target_not_found',
    );
    expect(errorKey(sim.req('owner', { type: 'block', participant_id: 'rec' }))).toBe(
      'room.target_not_found',
    );
  });

  it('is refused in endtoend rooms, and leaves one that switches to endtoend', () => {
    const e2e = new Sim({ mode: 'endtoend' });
    e2e.join('owner', { ticket: 'host' });
    expect(errorKey(joinRecorder(e2e))).toBe('recording.endtoend');
    expect(e2e.has('rec')).toBe(false);

    const sim = new Sim({ mode: 'meeting' });
    sim.join('owner', { ticket: 'host' });
    joinRecorder(sim);
    const switched = sim.req('owner', { type: 'set_mode', mode: 'endtoend' });
    expect(switched.result.ok).toBe(true);
    expect(sim.has('rec')).toBe(false);
    expect(sim.receivedTypes('owner', switched)).not.toContain('participant_left');
  });

  it('a second recorder replaces the first', () => {
    const sim = new Sim({ mode: 'meeting' });
    sim.join('owner', { ticket: 'host' });
    joinRecorder(sim, 'rec1');
    const second = joinRecorder(sim, 'rec2');
    expect(sim.has('rec1')).toBe(false);
    expect(sim.has('rec2')).toBe(true);
    expect(sim.received('rec1', second)).toContainEqual({ type: 'removed', reason: 'replaced' });
    expect(sim.received('owner', second)).toEqual([]);
  });
});
