import { renderInRoom, testParticipant } from '../../../../test/room.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { DEFAULT_STUDIO, type Language, type StudioState } from '@podium/protocol';
import { CallView } from '../../ui/CallView.tsx';
import { stageModeOf, studioSlice } from './state.ts';

afterEach(cleanup);

const TEXTS = {
  en: { studio: 'Studio', logo: 'Logo', badge: 'Name badge', layout: 'Video layout' },
  vi: { studio: 'Studio', logo: 'Logo', badge: 'Huy hiệu tên', layout: 'Bố cục video' },
} as const;

const LOGO = 'L'.repeat(32);
const branded: StudioState = {
  ...DEFAULT_STUDIO,
  badge: { enabled: true, style: 'bold', image: null },
  logo: { image: LOGO, position: 'top-right' },
  text: { ...DEFAULT_STUDIO.text, enabled: true, kind: 'banner', text: 'Hello Hà Nội' },
  layout: 2,
};

function show(language: Language, role: 'host' | 'guest') {
  const self = testParticipant('me', { name: 'Mai', role });
  const other = testParticipant('b', { name: 'Bao', role: role === 'host' ? 'guest' : 'host' });
  const session = renderInRoom(<CallView title="Launch" alias="launch" />, {
    self,
    participants: [self, other],
    language,
  });
  act(() => {
    session.store.getState().dispatch({ type: 'studio_state', studio: branded, by: 'b' });
  });
  return session;
}

describe('the studio slice', () => {
  it('follows studio_state and maps layouts 1/2/3 to stage modes', () => {
    const next = studioSlice.reduce?.(
      DEFAULT_STUDIO,
      { type: 'studio_state', studio: branded, by: 'x' },
      {} as never,
    );
    expect(next).toEqual(branded);
    expect(stageModeOf({ ...branded, layout: 1 })).toBe('single');
    expect(stageModeOf(branded)).toBe('side_by_side');
    expect(stageModeOf({ ...branded, layout: 3 })).toBe('featured');
    expect(stageModeOf(DEFAULT_STUDIO)).toBeNull();
  });
});

// A whole call view renders per test: slow on a loaded two-core machine.
describe.each(['en', 'vi'] as const)(
  'the studio in the call (%s)',
  { timeout: 30_000 },
  (language) => {
    const text = TEXTS[language];

    it('everyone’s stage draws the logo, the banner and name badges, side by side', () => {
      show(language, 'guest');
      const logo = document.querySelector('[data-studio-logo]');
      expect(logo?.getAttribute('data-position')).toBe('top-right');
      expect(screen.getByRole('img', { name: text.logo })).toBeTruthy();
      expect(document.querySelector('[data-studio-text="banner"]')?.textContent).toBe(
        'Hello Hà Nội',
      );
      expect(document.querySelectorAll('[data-studio-badge="bold"]')).toHaveLength(2);
      expect(document.querySelector('[data-stage-area]')?.getAttribute('data-arrangement')).toBe(
        'row',
      );
      // Guests are not offered the studio.
      expect(screen.queryByRole('button', { name: text.studio })).toBeNull();
    });

    it('hosts open the Studio panel with the spec’s modals', () => {
      show(language, 'host');
      fireEvent.click(screen.getByRole('button', { name: text.studio }));
      fireEvent.click(screen.getByRole('button', { name: text.layout }));
      expect(screen.getByRole('dialog', { name: text.layout })).toBeTruthy();
      expect(screen.getAllByRole('radio')).toHaveLength(4);
    });
  },
);
