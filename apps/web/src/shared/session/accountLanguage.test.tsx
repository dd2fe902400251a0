import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_ACCOUNT_SETTINGS, type AccountDetailsDto, type Language } from '@podium/protocol';
import { queryClient } from '../api/index.ts';
import { changeLanguage } from '../i18n/index.ts';
import { appOverHttp, FLOW, resetAppState, testAccount } from '../../test/app.ts';

function details(language: Language | null): AccountDetailsDto {
  return { ...testAccount(), settings: { ...DEFAULT_ACCOUNT_SETTINGS, language } };
}

const app = appOverHttp();

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

afterEach(() => app.tearDown());

describe("the account's saved language", FLOW, () => {
  beforeEach(() => resetAppState({ signedIn: false }));

  it('signing in with an account whose language is vi shows the app in Vietnamese', async () => {
    await app.serve({
      // As the server answers a login: the account without its settings.
      'POST /api/v1/user/session/new': () => ({
        body: { authorization: 'tok', renewal_token: 'ren', account: testAccount() },
      }),
      'GET /api/account/details': () => ({ body: details('vi') }),
    });
    const rendered = app.render('/login', { language: 'en' });
    await screen.findByLabelText('Email, phone or username');
    type('Email, phone or username', 'ann@example.com');
    type('Password', 'right password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Chào mừng, Ann Lee' })).toBeTruthy();
    expect(rendered.i18n.language).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
    // Stored like a choice made here, so the next visit opens in Vietnamese at once.
    expect(localStorage.getItem('language')).toBe('vi');
  });
});

describe('details loading on another device', FLOW, () => {
  beforeEach(() => resetAppState({ signedIn: true }));

  it('switches to the saved language, and a later switch on this device stays', async () => {
    await app.serve({ 'GET /api/account/details': () => ({ body: details('vi') }) });
    const first = app.render('/app', { language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Chào mừng, Ann Lee' })).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('vi');

    // The person switches to English here; the next load of the same details leaves it so.
    await changeLanguage('en', first.i18n);
    await app.tearDown();
    queryClient.clear();
    await app.serve({ 'GET /api/account/details': () => ({ body: details('vi') }) });
    const second = app.render('/app', { language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann Lee' })).toBeTruthy();
    await waitFor(() =>
      expect(app.server.requests.some((r) => r.url === '/api/account/details')).toBe(true),
    );
    expect(second.i18n.language).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('leaves a Vietnamese browser alone when the account never chose (null)', async () => {
    await app.serve({ 'GET /api/account/details': () => ({ body: details(null) }) });
    const rendered = app.render('/app', { language: 'vi' });
    expect(await screen.findByRole('heading', { name: 'Chào mừng, Ann Lee' })).toBeTruthy();
    await waitFor(() =>
      expect(app.server.requests.some((r) => r.url === '/api/account/details')).toBe(true),
    );
    expect(rendered.i18n.language).toBe('vi');
    expect(localStorage.getItem('language-account')).toBeNull();
  });

  it('applies an account that chose English on a Vietnamese browser', async () => {
    await app.serve({ 'GET /api/account/details': () => ({ body: details('en') }) });
    const rendered = app.render('/app', { language: 'vi' });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann Lee' })).toBeTruthy();
    expect(rendered.i18n.language).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(localStorage.getItem('language-account')).toBe('acc-1:en');
  });
});
