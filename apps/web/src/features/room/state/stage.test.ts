import { describe, expect, it } from 'vitest';
import type { Layout, ParticipantView } from '@podium/protocol';
import { stageView, type StageInput } from './stage.ts';

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

  it('gallery shows everyone equal, backstage presenters hidden', () => {
    const noScreen = people.map((p) => ({ ...p, screen: false }));
    const view = stageView(input('gallery', noScreen));
    expect(view.arrangement).toBe('grid');
    expect(keys(view.main)).toEqual(['me:camera', 'a:camera', 'b:camera']);
    expect(view.strip).toEqual([]);
  });

  it('a gallery features a shared screen, with the cameras in the strip', () => {
    const view = stageView(input('gallery', people));
    expect(view.arrangement).toBe('featured');
    expect(keys(view.main)).toEqual(['b:screen']);
    expect(keys(view.strip)).toEqual(['me:camera', 'a:camera', 'b:camera']);
    expect(view.presenting).toBe(false);
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

  it('my own screen is no tile: the stage says I am presenting, as soon as I share', () => {
    const view = stageView(input('gallery', [person('me'), person('a')], { selfSharing: true }));
    expect(view.presenting).toBe(true);
    expect(view.arrangement).toBe('grid');
    expect(keys(view.main)).toEqual(['me:camera', 'a:camera']);
    const reported = stageView(input('center', [person('me', { screen: true }), person('a')]));
    expect(reported.presenting).toBe(true);
    expect(keys(reported.main)).toEqual(['a:camera']);
  });

  it("features a feature's content like a screen share, ahead of shared screens", () => {
    const contents = [{ featureId: 'board', contentId: 'b1', participantId: 'a' }];
    const gallery = stageView(input('gallery', people, { contents }));
    expect(gallery.arrangement).toBe('featured');
    expect(keys(gallery.main)).toEqual(['content:board:b1']);
    expect(keys(gallery.strip)).toEqual(['b:screen', 'me:camera', 'a:camera', 'b:camera']);
    expect(gallery.main[0]?.content).toEqual(contents[0]);
    // A pinned person still wins in the pin layout.
    const pinned = stageView(
      input('pin', people, {
        contents,
        room: { ...input('pin', people).room, localPin: 'a' },
      }),
    );
    expect(keys(pinned.main)).toEqual(['a:camera']);
  });
});

describe('a conference stage', () => {
  it('gives the audience no tiles, the presenters and oneself one each', () => {
    const people = [
      person('me', { role: 'participant', video: false }),
      person('host', { role: 'host' }),
      person('a1', { role: 'participant', video: false }),
      person('a2', { role: 'guest', video: false }),
      person('speaking', { role: 'participant', video: false, audio: true }),
    ];
    const view = input('gallery', people);
    view.room.mode = 'conference';
    expect(stageView(view).main.map((t) => t.participantId)).toEqual(['me', 'host', 'speaking']);
    view.room.mode = 'meeting';
    expect(stageView(view).main).toHaveLength(5);
  });
});
