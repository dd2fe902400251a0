import '../../test/dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Outlet, UNSAFE_createMemoryHistory, type RouteObject } from 'react-router';
import { AppRouter } from './appRouter.ts';
import { RouterView } from './RouterView.tsx';
import { useScrollRestoration } from './scrollRestoration.ts';

function Frame() {
  useScrollRestoration();
  return <Outlet />;
}

const Page = () => <p>page</p>;
const routes: RouteObject[] = [
  {
    element: <Frame />,
    children: ['/a', '/b', '/c'].map((path) => ({ path, element: <Page /> })),
  },
];

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The page as scrolled to `y` by the reader: the position jsdom reports and its event. */
function scrollBy(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

/** A router at /a over `routes`, started and shown. */
function showRouter(shown: RouteObject[] = routes): AppRouter {
  const router = new AppRouter(
    UNSAFE_createMemoryHistory({ initialEntries: ['/a'], v5Compat: true }),
    shown,
  );
  router.start();
  render(
    <MantineProvider>
      <RouterView router={router} />
    </MantineProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('scroll restoration', () => {
  it('starts a new page at the top and returns to where the reader was on back and forward', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = showRouter();
    await act(settled);
    expect(router.state.ready).toBe(true);
    scrollBy(640);

    scrollTo.mockClear();
    await act(() => router.navigate('/b'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollBy(120);

    await act(async () => {
      router.history.go(-1);
      await settled();
    });
    expect(router.state.location.pathname).toBe('/a');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);

    await act(async () => {
      router.history.go(1);
      await settled();
    });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 120);
  });

  it('scrolls a link to a #hash to its element, and a malformed #hash to the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const intoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    const router = showRouter([
      { element: <Frame />, children: [{ path: '/a', element: <p id="part">part</p> }] },
    ]);
    await act(settled);
    await act(() => router.navigate('/a#part'));
    expect(intoView.mock.contexts.at(-1)).toBe(document.getElementById('part'));
    scrollTo.mockClear();
    await act(() => router.navigate('/a#%E0%A4%A'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('keeps the positions across a reload of the tab', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = showRouter();
    await act(() => router.navigate('/c'));
    scrollBy(300);
    window.dispatchEvent(new Event('pagehide'));
    const saved: unknown = JSON.parse(sessionStorage.getItem('react-router-scroll-positions')!);
    expect(saved).toMatchObject({ [router.state.location.key]: 300 });
  });
});
