import { describe, expect, it } from 'vitest';
import type { Layout, ParticipantView } from '@podium/protocol';
import { galleryColumns, stageView, type StageInput } from './stage.ts';

const person = (id: string, over: Partial<ParticipantView> = {}): ParticipantView => ({
  id,
  name: id,
  role: 'presenter',
  guest: false,
  state: 'connected',
  audio: false,
  video: true,
  screen: false,
  hand_raised_at: null,
  invisible: false,
  interpreter_channel: null,
  can_publish: { audio: true, video: true, screen: true },
  ...over,
});

function input(
  layout: Layout,
  people: ParticipantView[],
  over: Partial<StageInput> = {},
): StageInput {
  return {
    room: {
      participants: Object.fromEntries(people.map((p) => [p.id, p])),
      order: people.map((p) => p.id),
      selfId: 'me',
      layout,
      localPin: null,
      pinnedForAll: null,
    },
    activeSpeaker: null,
    selfSharing: false,
    ...over,
  };
}

const keys = (tiles: { key: string }[]) => tiles.map((t) => t.key);

describe('stage layouts', () => {
  const people = [
    person('me'),
    person('a'),
    person('b', { screen: true }),
    person('hidden', { invisible: true }),
  ];

  it('gallery shows everyone, screens first, backstage presenters hidden', () => {
    const view = stageView(input('gallery', people));
    expect(keys(view.main)).toEqual(['b:screen', 'me:camera', 'a:camera', 'b:camera']);
    expect(view.strip).toEqual([]);
  });

  it('center features a shared screen, else the active speaker, never oneself first', () => {
    expect(keys(stageView(input('center', people)).main)).toEqual(['b:screen']);
    const noScreen = people.map((p) => ({ ...p, screen: false }));
    expect(keys(stageView(input('center', noScreen, { activeSpeaker: 'b' })).main)).toEqual([
      'b:camera',
    ]);
    expect(keys(stageView(input('center', noScreen, { activeSpeaker: 'me' })).main)).toEqual([
      'a:camera',
    ]);
    const view = stageView(input('center', noScreen, { activeSpeaker: 'b' }));
    expect(keys(view.strip)).toEqual(['me:camera', 'a:camera']);
  });

  it('alone, the center shows oneself', () => {
    expect(keys(stageView(input('center', [person('me')])).main)).toEqual(['me:camera']);
  });

  it('pin features the pinned person (their screen when sharing); the own pin wins', () => {
    const host = input('pin', people);
    host.room.pinnedForAll = 'a';
    expect(keys(stageView(host).main)).toEqual(['a:camera']);
    host.room.localPin = 'b';
    expect(keys(stageView(host).main)).toEqual(['b:screen']);
    const none = input(
      'pin',
      people.map((p) => ({ ...p, screen: false })),
      { activeSpeaker: 'b' },
    );
    expect(keys(stageView(none).main)).toEqual(['b:camera']);
  });

  it('my own screen shows as soon as I share it', () => {
    const view = stageView(input('gallery', [person('me'), person('a')], { selfSharing: true }));
    expect(keys(view.main)[0]).toBe('me:screen');
  });

  it('gallery columns grow with the square root', () => {
    expect([1, 2, 4, 5, 9, 10, 16, 17].map(galleryColumns)).toEqual([1, 2, 2, 3, 3, 4, 4, 5]);
  });
});
