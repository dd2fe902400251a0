import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { renderInRoom, testParticipant } from '../../../test/room.tsx';
import { Stage } from './Stage.tsx';

afterEach(cleanup);

const people = (n: number) =>
  Array.from({ length: n }, (_, i) => testParticipant(`p${i}`, { name: `Person ${i}` }));

function show(n: number, over: { sharing?: number } = {}) {
  const all = people(n).map((p, i) => (i === over.sharing ? { ...p, screen: true } : p));
  const session = renderInRoom(<Stage />, { self: all[0]!, participants: all });
  const stage = within(screen.getByRole('region', { name: 'Stage' }));
  return { session, stage };
}

const places = () => [...document.querySelectorAll<HTMLElement>('[data-tile-key]')];

/**
 * The stage component on its own (the recorder page renders it without controls): a tile per
 * person up to nine, then a "+N" place; a shared screen featured; avatars when no video.
 */
describe('stage', () => {
  it.each([2, 3, 5, 9])('shows all %i people, each with their initial', (n) => {
    const { stage } = show(n);
    expect(places()).toHaveLength(n);
    for (let i = 1; i < n; i++) {
      const tile = stage.getByRole('group', { name: `Person ${i}` });
      expect(tile.textContent).toContain('P');
      expect(tile.querySelector('video')).toBeNull();
    }
  });

  it('beyond nine, eight tiles and a "+N" place for the rest', () => {
    const { stage } = show(12);
    expect(places()).toHaveLength(8);
    expect(stage.getByRole('img', { name: '4 more people' }).textContent).toBe('+4');
  });

  it('features a shared screen, the cameras beside it, and nobody is lost', () => {
    const { stage } = show(3, { sharing: 1 });
    const screenTile = stage.getByRole('group', { name: 'Screen of Person 1' });
    const box = screenTile.parentElement!;
    const others = places().filter((p) => p !== box);
    expect(others).toHaveLength(3);
    for (const other of others) {
      expect(parseFloat(other.style.width)).toBeLessThan(parseFloat(box.style.width) / 3);
    }
  });

  it('tells the sharer they are presenting instead of showing their own screen', () => {
    const { session, stage } = show(2);
    act(() =>
      session.store
        .getState()
        .setMedia({ screen: { ...session.store.getState().media.screen, on: true } }),
    );
    expect(screen.getByRole('status').textContent).toContain('You are presenting');
    expect(screen.getByRole('button', { name: 'Stop presenting' })).toBeTruthy();
    expect(stage.queryByRole('group', { name: /^Screen of/ })).toBeNull();
    expect(places()).toHaveLength(2);
  });

  it('view only (the recorder page): tiles without buttons', () => {
    const all = people(2);
    renderInRoom(<Stage viewOnly />, { self: all[0]!, participants: all });
    expect(places()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Pin / })).toBeNull();
  });

  it('keeps every tile element when a pin changes the layout (no video restarts)', () => {
    const { session } = show(3);
    const before = new Map(places().map((p) => [p.dataset.tileKey, p]));
    act(() => session.pinLocally('p2'));
    const after = places();
    expect(after).toHaveLength(3);
    for (const place of after) expect(before.get(place.dataset.tileKey)).toBe(place);
  });
});
