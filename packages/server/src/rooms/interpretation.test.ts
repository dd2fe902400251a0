import type { Role } from '@podium/protocol';
import { describe, expect, it } from 'vitest';
import { checkChannelChoice, hearsFeedsOf, interpreterChannels } from './interpretation.ts';
import { Sim } from './test-support.ts';

/** A conference with one person of every role; `en` interprets into English, `fr` into French. */
function everyRole(): Sim {
  const sim = new Sim({ mode: 'conference' });
  sim.join('host', { ticket: 'host' });
  sim.join('cohost');
  sim.join('presenter');
  sim.join('speaker', { ticket: 'speaker' });
  sim.join('participant');
  sim.join('guest', { guest: true });
  sim.join('en');
  sim.join('fr');
  sim.req('host', { type: 'set_role', participant_id: 'cohost', role: 'co-host', granted: true });
  sim.req('host', {
    type: 'set_role',
    participant_id: 'presenter',
    role: 'presenter',
    granted: true,
  });
  sim.req('host', { type: 'set_interpreter', participant_id: 'en', channel: 'English' });
  sim.req('host', { type: 'set_interpreter', participant_id: 'fr', channel: 'Français' });
  return sim;
}

const BY_ROLE: Record<Role, string> = {
  host: 'host',
  'co-host': 'cohost',
  presenter: 'presenter',
  speaker: 'speaker',
  participant: 'participant',
  guest: 'guest',
  interpreter: 'fr',
};

describe('choosing an interpretation channel', () => {
  it('has one person of every role in the fixture', () => {
    const sim = everyRole();
    for (const [role, id] of Object.entries(BY_ROLE)) expect(sim.p(id).role).toBe(role);
  });

  it.each(Object.entries(BY_ROLE))('lets a %s choose a channel with an interpreter', (_, id) => {
    const sim = everyRole();
    expect(checkChannelChoice(sim.state, id, 'English')).toBeNull();
    expect(checkChannelChoice(sim.state, id, null)).toBeNull();
  });

  it.each(Object.entries(BY_ROLE))('refuses a %s a channel nobody interprets into', (_, id) => {
    const sim = everyRole();
    expect(checkChannelChoice(sim.state, id, 'Tiếng Việt')).toMatchObject({
      code: 'not_allowed',
      key: 'room.no_interpreter',
      message: 'No interpreter available',
    });
  });

  it('lists the channels in use, and drops one when its interpreter stops or leaves', () => {
    const sim = everyRole();
    expect(interpreterChannels(sim.state, sim.p('guest'))).toEqual(['English', 'Français']);
    sim.req('host', { type: 'set_interpreter', participant_id: 'fr', channel: null });
    expect(interpreterChannels(sim.state, sim.p('guest'))).toEqual(['English']);
    expect(checkChannelChoice(sim.state, 'guest', 'Français')).toMatchObject({
      key: 'room.no_interpreter',
    });
    sim.req('en', { type: 'leave' });
    expect(interpreterChannels(sim.state, sim.p('guest'))).toEqual([]);
    expect(checkChannelChoice(sim.state, 'guest', 'English')).toMatchObject({
      key: 'room.no_interpreter',
    });
  });

  it('refuses someone still in the waiting room, and anyone not in the room', () => {
    const sim = everyRole();
    sim.req('host', { type: 'waiting_room', enabled: true });
    sim.join('late');
    expect(sim.p('late').status).toBe('in_waiting_room');
    expect(checkChannelChoice(sim.state, 'late', null)).toMatchObject({ code: 'not_joined' });
    expect(checkChannelChoice(sim.state, 'nobody', 'English')).toMatchObject({
      code: 'not_joined',
    });
  });
});

describe('who receives an interpreter', () => {
  it('gives an interpreter only to the listeners of their channel and to themselves', () => {
    const sim = everyRole();
    const en = sim.p('en');
    for (const id of Object.values(BY_ROLE)) {
      const viewer = sim.p(id);
      expect(hearsFeedsOf(viewer, en, null)).toBe(false);
      expect(hearsFeedsOf(viewer, en, 'Français')).toBe(false);
      expect(hearsFeedsOf(viewer, en, 'English')).toBe(true);
    }
    expect(hearsFeedsOf(en, en, null)).toBe(true);
  });

  it('leaves everyone else alone, whatever the listener chose', () => {
    const sim = everyRole();
    for (const owner of ['host', 'presenter', 'participant']) {
      for (const listening of [null, 'English']) {
        expect(hearsFeedsOf(sim.p('guest'), sim.p(owner), listening)).toBe(true);
      }
    }
  });
});
