import { describe, expect, it } from 'vitest';
import { moveAllPlan, selfInvisibleRefusal } from './backstage.ts';
import type { Participant } from './state.ts';
import { errorKey, Sim } from './test-support.ts';

function conference(audience: number, presenters: number): Sim {
  const sim = new Sim({ mode: 'conference' });
  sim.join('host', { ticket: 'host' });
  for (let i = 1; i <= presenters; i++) {
    sim.join(`s${i}`);
    sim.req('host', {
      type: 'set_role',
      participant_id: `s${i}`,
      role: 'presenter',
      granted: true,
    });
  }
  for (let i = 1; i <= audience; i++) sim.join(`a${i}`);
  return sim;
}

describe('backstage rules (pure)', () => {
  const sim = conference(0, 3);
  const [s1, s2, s3] = ['s1', 's2', 's3'].map((id) => sim.p(id)) as [
    Participant,
    Participant,
    Participant,
  ];

  it('a presenter alone cannot go invisible; with only invisible others, too few', () => {
    expect(selfInvisibleRefusal(s1, [s1])).toBe('room.no_presenter');
    expect(selfInvisibleRefusal(s1, [s1, { ...s2, invisible: true }])).toBe(
      'room.too_few_presenters',
    );
    expect(selfInvisibleRefusal(s1, [s1, { ...s2, invisible: true }, s3])).toBe(null);
  });

  it('moving all needs a visible pinned presenter and keeps them on the stage', () => {
    expect(moveAllPlan(undefined, [s1, s2, s3])).toEqual({
      ok: false,
      why: 'room.pin_presenter_first',
    });
    expect(moveAllPlan({ ...s2, invisible: true }, [s1, s2, s3])).toMatchObject({ ok: false });
    const plan = moveAllPlan(s2, [s1, s2, s3]);
    expect(plan.ok && plan.move.map((p) => p.id)).toEqual(['s1', 's3']);
  });
});

describe('backstage through the room machine', () => {
  it('hides an invisible presenter from the audience, not from the host, and brings them back', () => {
    const sim = conference(1, 2);
    const d = sim.req('s1', { type: 'go_invisible' });
    expect(sim.received('a1', d)).toEqual([
      { type: 'participant_left', participant_id: 's1', reason: 'hidden' },
    ]);
    expect(sim.received('host', d)).toEqual([
      { type: 'participant_updated', participant_id: 's1', changes: { invisible: true } },
    ]);
    // The last visible presenter stays; a presenter cannot raise a hand backstage.
    expect(errorKey(sim.req('s2', { type: 'go_invisible' }))).toBe('room.too_few_presenters');
    expect(errorKey(sim.req('s1', { type: 'raise_hand' }))).toBe('room.hand_invisible');
    const back = sim.req('s1', { type: 'go_visible' });
    expect(sim.received('a1', back).map((m) => m.type)).toEqual(['participant_joined']);
  });

  it('lets the host move all presenters but the pinned one, and bring all back', () => {
    const sim = conference(1, 3);
    expect(errorKey(sim.req('host', { type: 'go_invisible', all: true }))).toBe(
      'room.pin_presenter_first',
    );
    sim.req('host', { type: 'pin_for_all', participant_id: 's2' });
    expect(sim.req('host', { type: 'go_invisible', all: true }).result.ok).toBe(true);
    expect(['s1', 's2', 's3'].map((id) => sim.p(id).invisible)).toEqual([true, false, true]);
    // Only the host moves everyone.
    expect(errorKey(sim.req('s2', { type: 'go_visible', all: true }))).toBe('errors.permission');
    expect(errorKey(sim.req('a1', { type: 'go_invisible', all: true }))).toBe('errors.permission');
    sim.req('host', { type: 'go_visible', all: true });
    expect(['s1', 's2', 's3'].map((id) => sim.p(id).invisible)).toEqual([false, false, false]);
  });

  it('moves one presenter and back; refuses attendees and people not in the room', () => {
    const sim = conference(1, 1);
    expect(sim.req('host', { type: 'go_invisible', participant_id: 's1' }).result.ok).toBe(true);
    expect(sim.p('s1').invisible).toBe(true);
    sim.req('host', { type: 'go_visible', participant_id: 's1' });
    expect(sim.p('s1').invisible).toBe(false);
    expect(errorKey(sim.req('host', { type: 'go_invisible', participant_id: 'a1' }))).toBe(
      'room.invalid_target',
    );
    expect(errorKey(sim.req('host', { type: 'go_invisible', participant_id: 'nobody' }))).toBe(
      'room.target_not_found',
    );
  });
});
