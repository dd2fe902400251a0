import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AccountDto } from '@podium/protocol';
import { renderApp } from '../test/renderApp.tsx';
import { FLOW, resetAppState, testAccount } from '../test/app.ts';
import { queryClient } from '../shared/api/queryClient.ts';
import { cookieTokenStore } from '../shared/api/tokens.ts';
import { ACCOUNT_QUERY_KEY } from '../shared/session/account.ts';
import { useSessionStore } from '../shared/session/store.ts';
import { COLOR_SCHEME_STORAGE_KEY } from '../shared/theme/theme.ts';

const account: AccountDto = testAccount({ username: 'ann' });

function signIn(as: AccountDto) {
  cookieTokenStore.save({ authorization: 'tok', renewal_token: 'ren' });
  useSessionStore.getState().setSignedIn(true);
  queryClient.setQueryData(ACCOUNT_QUERY_KEY, as);
}

beforeEach(() => resetAppState({ signedIn: false }));
afterEach(cleanup);

describe('app shell', FLOW, () => {
  it('sends a signed-out visitor of a protected route to login, keeping the full path', async () => {
    const { router } = renderApp('/app/wallet?tab=history');
    await screen.findByLabelText('Email, phone or username');
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/app/wallet?tab=history',
    );
    await waitFor(() => expect(document.title).toBe('Sign in | PODIUM'));
  });

  it('sends / to login when signed out and to /app when signed in', async () => {
    const out = renderApp('/');
    await waitFor(() => expect(out.router.state.location.pathname).toBe('/login'));
    cleanup();
    signIn(account);
    const signedIn = renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Ann Lee' });
    expect(signedIn.router.state.location.pathname).toBe('/app');
  });

  it('sends a verifying account to verify-code with its email', async () => {
    signIn({ ...account, account_status: 'verifying' });
    const { router } = renderApp('/app/settings');
    await screen.findByLabelText('Verification code');
    expect(router.state.location.pathname).toBe('/verify-code');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('username')).toBe('ann@example.com');
    expect(params.get('redirect')).toBe('/app/settings');
  });

  it('opens /draw, the personal board, signed out too', async () => {
    renderApp('/draw');
    expect(await screen.findByRole('heading', { name: 'My drawing' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Whiteboard | PODIUM'));
  });

  it('redirects /join/:alias and /call/:alias', async () => {
    const join = renderApp('/join/team-weekly?x=1');
    await waitFor(() => expect(join.router.state.location.pathname).toBe('/j/team-weekly'));
    expect(join.router.state.location.search).toBe('?x=1');
    cleanup();
    const call = renderApp('/call/front-desk');
    await waitFor(() => expect(call.router.state.location.pathname).toBe('/c/front-desk'));
  });

  it('has an accessible header: navigation, language, theme and account menu', async () => {
    signIn(account);
    renderApp('/app');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(nav.textContent).toContain('Home');
    expect(nav.textContent).toContain('My events');
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dark theme' })).toBeTruthy();
    // The menu's code loads after the page: pressed before, the button opens it once here, and
    // the focus it had moves to the menu's own button.
    const button = screen.getByRole('button', { name: 'Account menu' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    act(() => button.focus());
    fireEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeTruthy();
    const menuButton = screen.getByRole('button', { name: 'Account menu', hidden: true });
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
  });

  it('switches language and names the controls in Vietnamese', async () => {
    const { i18n } = renderApp('/login');
    const select = await screen.findByRole('combobox', { name: 'Language' });
    await act(async () => {
      fireEvent.change(select, { target: { value: 'vi' } });
    });
    expect(i18n.language).toBe('vi');
    expect(localStorage.getItem('language')).toBe('vi');
    expect(await screen.findByRole('combobox', { name: 'Ngôn ngữ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Giao diện tối' })).toBeTruthy();
    expect(screen.getByLabelText('Email, số điện thoại hoặc tên đăng nhập')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Đăng nhập' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Đăng nhập | PODIUM'));
  });

  it('toggles the dark theme and remembers it', async () => {
    renderApp('/login');
    const toggle = await screen.findByRole('button', { name: 'Dark theme' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    cleanup();
    renderApp('/login');
    const again = await screen.findByRole('button', { name: 'Dark theme' });
    expect(again.getAttribute('aria-pressed')).toBe('true');
  });
});
