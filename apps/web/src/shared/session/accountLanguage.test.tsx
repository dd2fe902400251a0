import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { queryClient } from '../api/queryClient.ts';
import { changeLanguage } from '../i18n/index.ts';
import { FLOW, resetAppState } from '../../test/app.ts';
import { appOverServer, SERVER_START_MS } from '../../test/appOverServer.ts';

/** The language saved on the account (settings on the real server) against this browser's. */
const real = appOverServer();

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeAll(() => real.start(), SERVER_START_MS);
afterAll(() => real.stop());
afterEach(() => real.tearDown());

describe("the account's saved language", FLOW, () => {
  beforeEach(() => resetAppState({ signedIn: false }));

  it('signing in with an account whose language is vi shows the app in Vietnamese', async () => {
    const person = await real.account();
    await real.saveSettings(person, { language: 'vi' });
    const rendered = real.render('/login', { language: 'en' });
    await screen.findByLabelText('Email, phone or username');
    type('Email, phone or username', person.email);
    type('Password', person.password);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Chào mừng, Ann Lee' })).toBeTruthy();
    expect(rendered.i18n.language).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
    // Stored like a choice made here, so the next visit opens in Vietnamese at once.
    expect(localStorage.getItem('language')).toBe('vi');
  });
});

describe('details loading on another device', FLOW, () => {
  beforeEach(() => resetAppState({ signedIn: false }));

  it('switches to the saved language, and a later switch on this device stays', async () => {
    const person = await real.account();
    await real.saveSettings(person, { language: 'vi' });
    real.signIn(person);
    const first = real.render('/app', { language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Chào mừng, Ann Lee' })).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('vi');

    // The person switches to English here; the next load of the same details leaves it so.
    await changeLanguage('en', first.i18n);
    real.tearDown();
    queryClient.clear();
    real.signIn(person);
    const second = real.render('/app', { language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann Lee' })).toBeTruthy();
    await waitFor(() =>
      expect(real.requests.some((r) => r.url === '/api/account/details')).toBe(true),
    );
    expect(second.i18n.language).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('leaves a Vietnamese browser alone when the account never chose (null)', async () => {
    real.signIn(await real.account());
    const rendered = real.render('/app', { language: 'vi' });
    expect(await screen.findByRole('heading', { name: 'Chào mừng, Ann Lee' })).toBeTruthy();
    await waitFor(() =>
      expect(real.requests.some((r) => r.url === '/api/account/details')).toBe(true),
    );
    expect(rendered.i18n.language).toBe('vi');
    expect(localStorage.getItem('language-account')).toBeNull();
  });

  it('applies an account that chose English on a Vietnamese browser', async () => {
    const person = await real.account();
    await real.saveSettings(person, { language: 'en' });
    real.signIn(person);
    const rendered = real.render('/app', { language: 'vi' });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann Lee' })).toBeTruthy();
    expect(rendered.i18n.language).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(localStorage.getItem('language-account')).toBe(`${person.id}:en`);
  });
});
