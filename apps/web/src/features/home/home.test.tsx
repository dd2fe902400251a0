import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../test/renderApp.tsx';
import { FLOW } from '../../test/app.ts';
import { queryClient } from '../../shared/api/queryClient.ts';
import { cookieTokenStore } from '../../shared/api/tokens.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { changeLanguage } from '../../shared/i18n/index.ts';

beforeEach(() => {
  cookieTokenStore.clear();
  useSessionStore.getState().setSignedIn(false);
  queryClient.clear();
});
afterEach(cleanup);

describe('home (signed out)', FLOW, () => {
  it('joins by a pasted link and refuses what is not one', async () => {
    const { router } = renderApp('/app');
    const field = await screen.findByLabelText('Event link or code', { exact: false });
    fireEvent.change(field, { target: { value: 'not a link at all' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    });
    expect(await screen.findByText('Invalid Conference link')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'https://podium.example/join/team-weekly' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/j/team-weekly'));
  });

  it('checks the field on leaving it, drops the message while typing, in the current language', async () => {
    const { i18n } = renderApp('/app');
    const field = await screen.findByLabelText('Event link or code', { exact: false });
    fireEvent.change(field, { target: { value: '???' } });
    expect(screen.queryByText('Invalid Conference link')).toBeNull();
    fireEvent.blur(field);
    expect(await screen.findByText('Invalid Conference link')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: '???!' } });
    expect(screen.queryByText('Invalid Conference link')).toBeNull();
    fireEvent.blur(field);
    expect(await screen.findByText('Invalid Conference link')).toBeTruthy();
    await act(() => changeLanguage('vi', i18n));
    expect(await screen.findByText('Liên kết không hợp lệ')).toBeTruthy();
  });

  it('sends start and schedule through sign-in, keeping where to come back', async () => {
    const { router } = renderApp('/app');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in to schedule an event' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/app/conferences/add',
    );
  });

  it('speaks Vietnamese: Liên kết không hợp lệ', async () => {
    renderApp('/app', { language: 'vi' });
    const field = await screen.findByLabelText('Liên kết hoặc mã sự kiện', { exact: false });
    fireEvent.change(field, { target: { value: '???' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Tham gia' }));
    });
    expect(await screen.findByText('Liên kết không hợp lệ')).toBeTruthy();
  });
});
