import { describe, expect, it } from 'vitest';
import { UNSAFE_createMemoryHistory, type RouteObject } from 'react-router';
import { AppRouter, type AppRouterState } from './appRouter.ts';
import { lazyPart, staticPart, type RouteHandle } from './routeHandle.ts';

const Page = () => null;

/** A module whose import the test settles. */
function deferredModule() {
  let settle!: { resolve: () => void; reject: (error: Error) => void };
  let imports = 0;
  const part = lazyPart(() => {
    imports += 1;
    return new Promise((resolve, reject) => {
      settle = { resolve: () => resolve({ Component: Page }), reject };
    });
  });
  return { part, settle: () => settle, imports: () => imports };
}

function route(path: string, handle: RouteHandle): RouteObject {
  return { path, handle };
}

function routerAt(path: string, routes: RouteObject[]) {
  const router = new AppRouter(
    UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }),
    [{ id: 'app', handle: { part: staticPart(Page) }, children: routes }],
  );
  const states: AppRouterState[] = [];
  router.subscribe((s) => states.push(s));
  router.start();
  return { router, states };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const shown = (router: AppRouter) => router.state.location.pathname;

describe('AppRouter', () => {
  it('keeps showing the page until the next one has loaded, with the loading state between', async () => {
    const slow = deferredModule();
    const { router, states } = routerAt('/a', [
      route('/a', { part: staticPart(Page) }),
      route('/b', { part: slow.part }),
    ]);
    await settled();
    expect(shown(router)).toBe('/a');
    expect(states.map((s) => s.navigation)).toEqual(['idle']);

    const done = router.navigate('/b');
    await settled();
    expect(router.history.location.pathname).toBe('/b');
    expect(shown(router)).toBe('/a');
    expect(router.state.navigation).toBe('loading');

    slow.settle().resolve();
    await done;
    expect(shown(router)).toBe('/b');
    expect(router.state.navigation).toBe('idle');
    expect(router.state.matches.map((m) => m.route.path)).toEqual([undefined, '/b']);
  });

  it('goes where the check sends a visit, in place of the visited entry', async () => {
    const { router } = routerAt('/start', [
      route('/start', { part: staticPart(Page) }),
      route('/private', { part: staticPart(Page), check: () => Promise.resolve('/login?r=1') }),
      route('/login', { part: staticPart(Page), check: () => Promise.resolve(null) }),
    ]);
    await settled();
    await router.navigate('/private');
    expect(shown(router)).toBe('/login');
    expect(router.state.location.search).toBe('?r=1');
    router.history.go(-1);
    await settled();
    expect(shown(router)).toBe('/start');
  });

  it('shows the latest navigation when an earlier one finishes later', async () => {
    const slow = deferredModule();
    const { router } = routerAt('/a', [
      route('/a', { part: staticPart(Page) }),
      route('/slow', { part: slow.part }),
      route('/fast', { part: staticPart(Page) }),
    ]);
    await settled();
    void router.navigate('/slow');
    await router.navigate('/fast');
    expect(shown(router)).toBe('/fast');
    slow.settle().resolve();
    await settled();
    expect(shown(router)).toBe('/fast');
  });

  it('reports a module that failed to load, and imports it again on the next visit', async () => {
    const flaky = deferredModule();
    const { router } = routerAt('/a', [
      route('/a', { part: staticPart(Page) }),
      route('/flaky', { part: flaky.part }),
    ]);
    await settled();
    const first = router.navigate('/flaky');
    flaky.settle().reject(new Error('chunk failed'));
    await first;
    expect(shown(router)).toBe('/flaky');
    expect(router.state.error).toBeInstanceOf(Error);

    await router.navigate('/a');
    expect(router.state.error).toBeNull();
    const second = router.navigate('/flaky');
    await settled();
    expect(flaky.imports()).toBe(2);
    flaky.settle().resolve();
    await second;
    expect(router.state.error).toBeNull();
    expect(flaky.part.current()?.Component).toBe(Page);
  });

  it('is not ready before the first location has loaded; that load is not a navigation', async () => {
    const slow = deferredModule();
    const { router, states } = routerAt('/slow', [route('/slow', { part: slow.part })]);
    await settled();
    expect(router.state.ready).toBe(false);
    expect(router.state.navigation).toBe('idle');
    slow.settle().resolve();
    await settled();
    expect(router.state.ready).toBe(true);
    expect(states.map((s) => s.navigation)).toEqual(['idle']);
  });
});
