import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../shared/routing/types.ts';
import { placeholderRoutes } from './placeholderRoutes.ts';
import { collectRoutes, featureRoutes, namedRoute, routeTable } from './routeTable.ts';
import { shellRoutes } from './shellRoutes.ts';

/** Spec §2, path by path, with its layout and whether login is required. */
const SPEC: [string, AppRoute['layout'], boolean][] = [
  ['/j/:alias', 'root', false],
  ['/join/:alias', 'root', false],
  ['/c/:alias', 'root', false],
  ['/call/:alias', 'root', false],
  ['/loading', 'root', false],
  ['/draw', 'root', false],
  ['/review/qr-code', 'root', false],
  ['/gift', 'root', false],
  ['/gift/donation', 'root', false],
  ['/oauth/gg', 'oauth', false],
  ['/oauth/fb', 'oauth', false],
  ['/auth/google/callback', 'oauth', false],
  ['/login', 'auth', false],
  ['/signup', 'auth', false],
  ['/join', 'auth', false],
  ['/verify-code', 'auth', false],
  ['/forgot-password', 'auth', false],
  ['/success-forgot', 'auth', false],
  ['/domain', 'auth', false],
  ['/app', 'main', false],
  ['/app/conferences', 'main', true],
  ['/app/conferences/add', 'main', true],
  ['/app/conferences/:id/edit', 'main', true],
  ['/app/conferences/:id', 'main', true],
  // The owner's QR calls (agents, QR code): the spec names no route for it.
  ['/app/qr-calls', 'main', true],
  ['/app/settings', 'main', true],
  ['/app/change_name', 'main', true],
  ['/app/change_password', 'main', true],
  ['/app/set_password', 'main', true],
  ['/app/change_mode', 'main', true],
  ['/app/advanced_security', 'main', true],
  ['/app/wallet', 'main', true],
  ['/app/change_media_devices', 'main', false],
  ['/app/recording', 'main', false],
  ['/app/privacy', 'main', false],
  ['/app/customize_conference', 'main', false],
  ['/app/help_setting', 'main', false],
  ['/app/update', 'main', false],
  ['/app/language', 'main', false],
];

describe('route table', () => {
  it.each(SPEC)('%s exists once under the %s layout (login required: %s)', (path, layout, auth) => {
    const matches = routeTable.filter((r) => r.path === path);
    expect(matches).toHaveLength(1);
    expect(matches[0]?.layout).toBe(layout);
    expect(matches[0]?.meta.requiresAuth).toBe(auth);
  });

  it('requires login exactly where the spec says', () => {
    const required = routeTable.filter((r) => r.meta.requiresAuth).map((r) => r.path);
    expect(required.sort()).toEqual(
      SPEC.filter(([, , auth]) => auth)
        .map(([p]) => p)
        .sort(),
    );
  });

  it('names login, main and verify_code', () => {
    expect(namedRoute('login').path).toBe('/login');
    expect(namedRoute('main').path).toBe('/app');
    expect(namedRoute('verify_code').path).toBe('/verify-code');
  });

  it('keeps placeholders only for screens no feature builds yet', () => {
    // A placeholder whose path a real route claims is dead: collectRoutes drops it silently.
    const real = new Set([...shellRoutes, ...featureRoutes].map((r) => r.path));
    expect(placeholderRoutes.filter((p) => real.has(p.path)).map((p) => p.path)).toEqual([]);
  });

  it('lets a feature route replace a placeholder and refuses two real routes on one path', () => {
    const placeholder: AppRoute = {
      path: '/draw',
      layout: 'root',
      meta: { requiresAuth: false },
      placeholder: true,
    };
    const real: AppRoute = { ...placeholder, placeholder: false };
    expect(collectRoutes([real], [placeholder])).toEqual([real]);
    expect(collectRoutes([], [placeholder])).toEqual([placeholder]);
    expect(() => collectRoutes([real, real], [])).toThrow('Two routes claim /draw');
  });
});
