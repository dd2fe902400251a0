import { describe, expect, it } from 'vitest';
import type { ParticipantView } from '@podium/protocol';
import { pageOf, searchPeople, splitRoster } from './roster.ts';

const person = (id: string, over: Partial<ParticipantView> = {}): ParticipantView => ({
  id,
  name: `Name ${id}`,
  role: 'participant',
  guest: false,
  state: 'connected',
  audio: false,
  video: false,
  screen: false,
  hand_raised_at: null,
  invisible: false,
  interpreter_channel: null,
  can_publish: { audio: false, video: false, screen: false },
  ...over,
});

describe('the participants panel roster', () => {
  it('lists the audience of a conference apart from the stage', () => {
    const people = [person('h', { role: 'host' }), person('a'), person('s', { role: 'presenter' })];
    const { stage, audience } = splitRoster('conference', people);
    expect(stage.map((p) => p.id)).toEqual(['h', 's']);
    expect(audience.map((p) => p.id)).toEqual(['a']);
    expect(splitRoster('meeting', people).audience).toEqual([]);
  });

  it('finds people by name whatever the case and accents', () => {
    const people = [person('1', { name: 'Nguyễn Văn Đức' }), person('2', { name: 'Anna' })];
    expect(searchPeople(people, 'duc').map((p) => p.id)).toEqual(['1']);
    expect(searchPeople(people, ' ANN ').map((p) => p.id)).toEqual(['2']);
    expect(searchPeople(people, '')).toHaveLength(2);
  });

  it('pages 50 at a time and clamps the page', () => {
    const many = Array.from({ length: 120 }, (_, i) => i);
    expect(pageOf(many, 1)).toMatchObject({ page: 1, pages: 3 });
    expect(pageOf(many, 3).items).toEqual(many.slice(100));
    expect(pageOf(many, 9).page).toBe(3);
    expect(pageOf([], 1)).toEqual({ items: [], page: 1, pages: 1 });
  });
});
