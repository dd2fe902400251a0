import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Layout, ParticipantView } from '@podium/protocol';
import { stageView, type StageInput } from './stage.ts';
import { modeStageView, type StageMode } from './stageMode.ts';

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

function input(people: ParticipantView[], over: Partial<StageInput['room']> = {}): StageInput {
  return {
    room: {
      participants: Object.fromEntries(people.map((p) => [p.id, p])),
      order: people.map((p) => p.id),
      selfId: 'me',
      layout: 'gallery',
      localPin: null,
      pinnedForAll: null,
      ...over,
    },
    activeSpeaker: 'b',
    selfSharing: false,
  };
}

const keys = (tiles: { key: string }[]) => tiles.map((t) => t.key);
const people = [person('me'), person('a'), person('b'), person('c')];

describe('stage modes (the studio layout for everyone)', () => {
  it('no mode: the viewer’s own layout', () => {
    const room = input(people);
    expect(modeStageView(room, null)).toEqual(stageView(room));
  });

  it('single: the active speaker alone fills the stage', () => {
    const view = modeStageView(input(people), 'single');
    expect(view.arrangement).toBe('featured');
    expect(keys(view.main)).toEqual(['b:camera']);
    expect(view.strip).toEqual([]);
  });

  it('side by side: every tile in one row', () => {
    const view = modeStageView(input(people, { layout: 'center' }), 'side_by_side');
    expect(view.arrangement).toBe('row');
    expect(keys(view.main).sort()).toEqual(['a:camera', 'b:camera', 'c:camera', 'me:camera']);
    expect(view.strip).toEqual([]);
  });

  it('featured: the speaker large, the others in the strip', () => {
    const view = modeStageView(input(people), 'featured');
    expect(view.arrangement).toBe('featured');
    expect(keys(view.main)).toEqual(['b:camera']);
    expect(view.strip).toHaveLength(3);
  });

  it('a pin for everyone leads; a local pin gives way (everyone sees the same)', () => {
    expect(keys(modeStageView(input(people, { pinnedForAll: 'c' }), 'single').main)).toEqual([
      'c:camera',
    ]);
    const local = input(people, { layout: 'pin', localPin: 'a' });
    expect(keys(modeStageView(local, 'single').main)).toEqual(['b:camera']);
  });

  it('a shared screen is what a single stage shows', () => {
    const sharing = [...people.slice(0, 3), person('c', { screen: true })];
    expect(keys(modeStageView(input(sharing), 'single').main)).toEqual(['c:screen']);
  });

  it('property: every viewer gets the same tiles whatever their own layout and local pin', () => {
    const modes: StageMode[] = ['single', 'side_by_side', 'featured'];
    const layouts: Layout[] = ['gallery', 'center', 'pin'];
    fc.assert(
      fc.property(
        fc.constantFrom(...modes),
        fc.constantFrom(...layouts),
        fc.constantFrom(null, 'me', 'a', 'b', 'c'),
        fc.constantFrom(...layouts),
        (mode, layoutA, pinA, layoutB) => {
          const a = modeStageView(input(people, { layout: layoutA, localPin: pinA }), mode);
          const b = modeStageView(input(people, { layout: layoutB }), mode);
          expect(keys(a.main)).toEqual(keys(b.main));
          expect(keys(a.strip)).toEqual(keys(b.strip));
          expect(a.arrangement).toBe(b.arrangement);
          // Nobody is lost except on a single stage.
          const shown = a.main.length + a.strip.length;
          expect(shown).toBe(mode === 'single' ? 1 : people.length);
        },
      ),
    );
  });
});
