import { renderInRoom, testParticipant } from '../../../test/room.tsx';
import { testAccount } from '../../../test/account.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import {
  DEFAULT_ACCOUNT_SETTINGS,
  type AccountDetailsDto,
  type AccountSettings,
} from '@podium/protocol';
import { createQueryClient } from '../../../shared/api/index.ts';
import { useSessionStore } from '../../../shared/session/store.ts';
import { SETTINGS_QUERY_KEY } from '../../settings/api.ts';
import { AccountCallSettings, antiCaptureCss } from './AccountCallSettings.tsx';
import { Stage } from './Stage.tsx';

afterEach(() => {
  cleanup();
  useSessionStore.getState().setSignedIn(false);
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
});

const person = (id: string, name: string) => testParticipant(id, { name, role: 'presenter' });

function show(settings: Partial<AccountSettings>) {
  const account: AccountDetailsDto = {
    ...testAccount({ username: 'ann', full_name: 'Ann <Lee>', referral_code: 'REF23456' }),
    settings: { ...DEFAULT_ACCOUNT_SETTINGS, ...settings },
  };

  const queryClient = createQueryClient();
  queryClient.setQueryData(SETTINGS_QUERY_KEY, account);
  useSessionStore.getState().setSignedIn(true);
  const me = person('me', 'Ann');
  return renderInRoom(
    <>
      <Stage />
      <AccountCallSettings />
    </>,
    { self: me, participants: [me, person('bao', 'Bao')], queryClient },
  );
}

const sheet = () => document.querySelector('style[data-anti-capture]')?.textContent ?? null;

describe('account settings in the call', () => {
  it('draws the viewer’s identity over other people’s tiles, and blurs while hidden', () => {
    show({ anti_screen_capture: true });
    const css = sheet();
    expect(css).not.toBeNull();
    // Escaped for the SVG, then encoded for the data URL.
    expect(decodeURIComponent(css!)).toContain('Ann &#60;Lee&#62; · ann@example.com');
    expect(css).not.toContain('blur(');
    expect(screen.getByRole('group', { name: 'Bao' }).hasAttribute('data-remote-tile')).toBe(true);
    expect(screen.getByRole('group', { name: 'Ann (you)' }).hasAttribute('data-remote-tile')).toBe(
      false,
    );

    act(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(sheet()).toContain('[data-remote-tile] video{filter:blur(28px)}');
    act(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(sheet()).not.toContain('blur(');
  });

  it('does nothing when the setting is off; opens in the chosen layout', () => {
    const session = show({ default_layout: 'center' });
    expect(sheet()).toBeNull();
    expect(session.store.getState().room.layout).toBe('center');
  });

  it('keeps the identity inside url("") whatever the name holds', () => {
    const css = antiCaptureCss('x") ; } body{display:none} "', false);
    expect(css.match(/url\("/g)).toHaveLength(1);
    expect(css).not.toContain('display:none}');
  });
});
