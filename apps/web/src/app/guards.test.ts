import { describe, expect, it } from 'vitest';
import {
  afterAuthPath,
  afterSignInPath,
  guardRoute,
  loginPath,
  rootRedirect,
  verifyCodePath,
  type GuardAccount,
  type GuardInput,
} from './guards.ts';
import { safeRedirectTarget } from '../shared/routing/paths.ts';

const active: GuardAccount = {
  account_status: 'active',
  email: 'ann@example.com',
  phone_number: null,
};
const verifying: GuardAccount = { ...active, account_status: 'verifying' };
const protectedMeta = { requiresAuth: true, title: 'titles.conferences' };

function input(over: Partial<GuardInput>): GuardInput {
  return {
    meta: { requiresAuth: false },
    layout: 'main',
    location: { pathname: '/app' },
    session: { signedIn: false, account: null },
    ...over,
  };
}

describe('guardRoute', () => {
  it('sends a signed-out visitor of a protected route to login with the full original path', () => {
    const target = guardRoute(
      input({
        meta: protectedMeta,
        location: { pathname: '/app/conferences/42/edit', search: '?tab=speakers&x=1', hash: '#a' },
      }),
    );
    expect(target).toBe(
      '/login?redirect=%2Fapp%2Fconferences%2F42%2Fedit%3Ftab%3Dspeakers%26x%3D1%23a',
    );
    const redirect = new URL(target!, 'http://h').searchParams.get('redirect');
    expect(redirect).toBe('/app/conferences/42/edit?tab=speakers&x=1#a');
  });

  it('lets a signed-out visitor see routes without login requirement', () => {
    expect(guardRoute(input({ location: { pathname: '/app' } }))).toBeNull();
    expect(guardRoute(input({ layout: 'root', location: { pathname: '/j/abc' } }))).toBeNull();
    expect(
      guardRoute(input({ layout: 'auth', meta: { requiresAuth: false, guestOnly: true } })),
    ).toBeNull();
  });

  it('lets a signed-in active account through a protected route', () => {
    const session = { signedIn: true, account: active };
    expect(guardRoute(input({ meta: protectedMeta, session }))).toBeNull();
  });

  it('sends a verifying account to verify-code with its email', () => {
    const target = guardRoute(
      input({
        meta: protectedMeta,
        location: { pathname: '/app/wallet' },
        session: { signedIn: true, account: verifying },
      }),
    );
    const url = new URL(target!, 'http://h');
    expect(url.pathname).toBe('/verify-code');
    expect(url.searchParams.get('username')).toBe('ann@example.com');
    expect(url.searchParams.get('redirect')).toBe('/app/wallet');
  });

  it('uses the phone number when a verifying account has no email', () => {
    const account = { ...verifying, email: null, phone_number: '+84901234567' };
    const target = guardRoute(
      input({ location: { pathname: '/app' }, session: { signedIn: true, account } }),
    );
    expect(new URL(target!, 'http://h').searchParams.get('username')).toBe('+84901234567');
  });

  it('keeps auth pages reachable for a verifying account', () => {
    const session = { signedIn: true, account: verifying };
    const verifyMeta = { requiresAuth: false, name: 'verify_code' as const };
    expect(guardRoute(input({ layout: 'auth', meta: verifyMeta, session }))).toBeNull();
    expect(guardRoute(input({ layout: 'root', session }))).toBeNull();
  });

  it('moves a signed-in active account away from sign-in to its redirect target', () => {
    const target = guardRoute(
      input({
        layout: 'auth',
        meta: { requiresAuth: false, guestOnly: true, name: 'login' },
        location: { pathname: '/login', search: '?redirect=%2Fapp%2Fwallet' },
        session: { signedIn: true, account: active },
      }),
    );
    expect(target).toBe('/app/wallet');
  });

  it('does not bounce a signed-in person whose account could not be loaded', () => {
    const meta = { requiresAuth: false, guestOnly: true };
    expect(
      guardRoute(input({ layout: 'auth', meta, session: { signedIn: true, account: null } })),
    ).toBeNull();
  });
});

describe('rootRedirect', () => {
  it('goes to main when signed in and to login otherwise', () => {
    expect(rootRedirect({ signedIn: true })).toBe('/app');
    expect(rootRedirect({ signedIn: false })).toBe('/login');
  });
});

describe('redirect after sign-in', () => {
  it('returns to the original path', () => {
    const location = {
      pathname: '/login',
      search: `?redirect=${encodeURIComponent('/app/settings?a=1#x')}`,
    };
    expect(afterSignInPath(location)).toBe('/app/settings?a=1#x');
  });

  it('falls back to main without a redirect', () => {
    expect(afterSignInPath({ pathname: '/login' })).toBe('/app');
  });

  it.each([
    'https://evil.example/app',
    '//evil.example/app',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/app\u0000',
    ' /app',
    'app/settings',
    '/login?redirect=/app',
    '/signup',
  ])('refuses %j (SECURITY: no open redirect)', (raw) => {
    expect(safeRedirectTarget(raw)).toBe('/app');
    expect(
      afterSignInPath({ pathname: '/login', search: `?redirect=${encodeURIComponent(raw)}` }),
    ).toBe('/app');
  });

  it('builds login and verify-code paths that round-trip', () => {
    expect(loginPath()).toBe('/login');
    const path = verifyCodePath(active, '/app/x?y=1');
    const url = new URL(path, 'http://h');
    expect(url.searchParams.get('username')).toBe('ann@example.com');
    expect(afterSignInPath({ pathname: url.pathname, search: url.search })).toBe('/app/x?y=1');
  });
});

describe('afterAuthPath', () => {
  it('sends a verifying account to verify-code and keeps a safe redirect', () => {
    const path = afterAuthPath(verifying, {
      pathname: '/login',
      search: `?redirect=${encodeURIComponent('/app/wallet')}`,
    });
    const url = new URL(path, 'http://h');
    expect(url.pathname).toBe('/verify-code');
    expect(url.searchParams.get('username')).toBe('ann@example.com');
    expect(url.searchParams.get('redirect')).toBe('/app/wallet');
  });

  it('drops an unsafe redirect on the way to verify-code', () => {
    const path = afterAuthPath(verifying, {
      pathname: '/signup',
      search: '?redirect=//evil.example',
    });
    expect(new URL(path, 'http://h').searchParams.get('redirect')).toBe('/app');
  });

  it('sends an active account to its redirect target', () => {
    expect(
      afterAuthPath(active, { pathname: '/login', search: '?redirect=%2Fapp%2Fsettings' }),
    ).toBe('/app/settings');
  });
});
