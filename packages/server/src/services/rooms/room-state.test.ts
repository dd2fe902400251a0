import { describe, expect, it } from 'vitest';
import { Sim } from '../../rooms/test-support.ts';
import { restoreRoom, sameSavedInputs, savedStateOf } from './room-state.ts';

/** Issue 10 item 2: what a restart keeps, saved by identity and given back as people return. */
describe('room state across a restart', () => {
  function runBeforeRestart(): Sim {
    const sim = new Sim({ mode: 'conference' });
    sim.join('owner', { ticket: 'host' });
    sim.join('member');
    sim.join('speaker');
    sim.join('voice', { guest: true });
    sim.req('owner', { type: 'lock' });
    sim.req('owner', { type: 'waiting_room', enabled: true });
    sim.req('owner', {
      type: 'set_role',
      participant_id: 'member',
      role: 'co-host',
      granted: true,
    });
    sim.req('owner', {
      type: 'set_role',
      participant_id: 'speaker',
      role: 'presenter',
      granted: true,
    });
    sim.req('owner', { type: 'set_interpreter', participant_id: 'voice', channel: 'Tiếng Việt' });
    sim.req('owner', { type: 'pin_for_all', participant_id: 'speaker' });
    expect(sim.p('speaker').role).toBe('presenter');
    expect(sim.p('voice').role).toBe('interpreter');
    return sim;
  }

  it('saves lock, waiting room, mode, co-hosts, presenters, interpreters and the pin by identity', () => {
    const saved = savedStateOf(runBeforeRestart().state);
    expect(saved).toEqual({
      mode: 'conference',
      locked: true,
      waitingRoom: true,
      started: true,
      coHosts: ['a:member'],
      presenters: ['a:speaker'],
      interpreters: { 'g:voice': 'Tiếng Việt' },
      pinned: 'a:speaker',
    });
  });

  it('a restored room refuses and holds newcomers, and gives each returning person theirs back', () => {
    const saved = savedStateOf(runBeforeRestart().state);
    const sim = new Sim({ mode: 'meeting' });
    sim.state = restoreRoom(sim.state, saved);
    expect(sim.state).toMatchObject({ mode: 'conference', locked: true, waitingRoom: true });

    // A newcomer: the lock refuses them (nobody waits for the host: it had started).
    expect(sim.join('stranger', { guest: true }).result).toMatchObject({
      ok: false,
      error: { code: 'room_locked' },
    });
    // The host and the co-host pass the lock; the presenter and interpreter come back (new
    // participant ids after a restart) and, once admitted, get their roles and the pin.
    sim.join('owner2', { ticket: 'host', as: 'owner' });
    expect(sim.p('owner2').role).toBe('host');
    sim.join('member2', { as: 'member' });
    expect(sim.p('member2').role).toBe('co-host');
    sim.req('owner2', { type: 'unlock' });
    sim.join('speaker2', { as: 'speaker' });
    expect(sim.p('speaker2').status).toBe('in_waiting_room');
    sim.req('owner2', { type: 'admit', participant_id: 'speaker2' });
    expect(sim.p('speaker2').role).toBe('presenter');
    expect(sim.state.pinned).toBe('speaker2');
    sim.join('voice2', { guest: true, as: 'voice' });
    sim.req('owner2', { type: 'admit', participant_id: 'voice2' });
    expect(sim.p('voice2')).toMatchObject({
      role: 'interpreter',
      interpreterChannel: 'Tiếng Việt',
    });
    expect(sim.last.effects).toContainEqual({
      kind: 'media.interpreter',
      participantId: 'voice2',
      channel: 'Tiếng Việt',
    });
    // Given once: nothing is left to give back, and the saved state matches the room again.
    expect(sim.state.returning.size).toBe(0);
    expect(savedStateOf(sim.state)).toMatchObject({
      presenters: ['a:speaker'],
      interpreters: { 'g:voice': 'Tiếng Việt' },
      pinned: 'a:speaker',
    });
  });

  it('on a cluster takeover, the people who were in the room come back past the lock and the waiting room; newcomers do not', () => {
    const saved = savedStateOf(runBeforeRestart().state);
    const sim = new Sim({ mode: 'meeting' });
    // 'voice' (a guest) and 'plain' were in the room when its node died.
    sim.state = restoreRoom(sim.state, saved, ['g:voice', 'a:plain']);
    expect(sim.state).toMatchObject({ locked: true, waitingRoom: true });
    expect(sim.join('stranger', { guest: true }).result).toMatchObject({
      ok: false,
      error: { code: 'room_locked' },
    });
    sim.join('plain2', { as: 'plain' });
    expect(sim.p('plain2').status).toBe('connected');
    sim.join('voice2', { guest: true, as: 'voice' });
    expect(sim.p('voice2')).toMatchObject({ status: 'connected', role: 'interpreter' });
    // Given once: someone leaving and coming back later is a newcomer again.
    sim.join('owner2', { ticket: 'host', as: 'owner' });
    expect(sim.req('owner2', { type: 'unlock' }).result).toMatchObject({ ok: true });
    expect(sim.state.returning.has('a:plain')).toBe(false);
    sim.req('plain2', { type: 'leave' });
    expect(sim.join('plain3', { as: 'plain' }).result).toMatchObject({ ok: true });
    expect(sim.p('plain3').status).toBe('in_waiting_room');
  });

  it('admitted people alone (nothing else saved) are restored too', () => {
    const sim = new Sim({ mode: 'meeting' });
    sim.state = restoreRoom(sim.state, null, ['g:back']);
    expect(sim.state.returning.get('g:back')).toMatchObject({ admitted: true });
    expect(restoreRoom(sim.state, null, [])).toBe(sim.state);
  });

  it('skips the save check only when nothing savedStateOf reads changed', () => {
    const sim = runBeforeRestart();
    const steps: Array<[string, () => unknown, boolean]> = [
      ['an attendee joins', () => sim.join('attendee', { guest: true }), true],
      ['a hand goes up', () => sim.req('attendee', { type: 'raise_hand' }), true],
      [
        'an interpreter changes channel',
        () =>
          sim.req('owner', {
            type: 'set_interpreter',
            participant_id: 'voice',
            channel: 'English',
          }),
        false,
      ],
      [
        'the pin moves',
        () => sim.req('owner', { type: 'pin_for_all', participant_id: 'voice' }),
        false,
      ],
      ['the room unlocks', () => sim.req('owner', { type: 'unlock' }), false],
      [
        'the attendee drops',
        () => sim.run({ type: 'disconnect', participantId: 'attendee' }),
        true,
      ],
    ];
    for (const [what, step, skipped] of steps) {
      const before = sim.state;
      step();
      expect(sameSavedInputs(before, sim.state), what).toBe(skipped);
      if (skipped) expect(savedStateOf(sim.state), what).toEqual(savedStateOf(before));
      else expect(savedStateOf(sim.state), what).not.toEqual(savedStateOf(before));
    }
  });
});
