import {
  matchRoutes,
  type Location,
  type NavigationType,
  type RouteMatch,
  type RouteObject,
  type UNSAFE_createBrowserHistory,
} from 'react-router';
import type { RouteHandle } from './routeHandle.ts';

/**
 * React Router's history (its `createBrowserHistory` / `createMemoryHistory`, the ones its own
 * `BrowserRouter` and `MemoryRouter` use; exported as UNSAFE_, outside semver, so the version is
 * pinned by package-lock and appRouter.test.ts drives it).
 */
export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

export type AppMatch = RouteMatch<string, RouteObject>;

export interface AppRouterState {
  /** The location the page shows: a navigation's location once its guard and modules are done. */
  location: Location;
  action: NavigationType;
  matches: AppMatch[];
  /**
   * 'loading' while a navigation waits for its guard and its page's modules (the loading bar);
   * the first location, before `ready`, is not a navigation.
   */
  navigation: 'idle' | 'loading';
  /** A page's or layout's module that failed to load, or a guard that failed (RouteError). */
  error: unknown;
  /** False until the first location is ready to show. */
  ready: boolean;
}

/**
 * The data router's part the app used, on React Router's declarative mode (issue 11: the data
 * router was 29 KB gzip of every first load; Routes, Link and the hooks are 11). A navigation
 * changes the history at once; the page keeps showing the previous location until the new one's
 * guard has let it through (or redirected it) and its layout's and page's modules are here, as a
 * data router's loaders and lazy routes did; a newer navigation makes an older one moot.
 */
export class AppRouter {
  readonly history: AppHistory;
  readonly routes: RouteObject[];
  state: AppRouterState;
  readonly #listeners = new Set<(state: AppRouterState) => void>();
  #idle: (() => void)[] = [];
  #navigation = 0;
  #stop: (() => void) | null = null;

  constructor(history: AppHistory, routes: RouteObject[]) {
    this.history = history;
    this.routes = routes;
    this.state = {
      location: history.location,
      action: history.action,
      matches: [],
      navigation: 'idle',
      error: null,
      ready: false,
    };
  }

  /** Follows the history from its current location; returns the function that stops it. */
  start(): () => void {
    if (!this.#stop) {
      const unlisten = this.history.listen(({ action, location }) => {
        void this.#resolve(action, location);
      });
      void this.#resolve(this.history.action, this.history.location);
      this.#stop = () => {
        unlisten();
        this.#navigation += 1;
        this.#stop = null;
      };
    }
    return this.#stop;
  }

  subscribe = (listener: (state: AppRouterState) => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Goes to `to` (an absolute path); resolves once the page shows it or where it redirected. */
  navigate(to: string, options: { replace?: boolean } = {}): Promise<void> {
    const settled = new Promise<void>((resolve) => this.#idle.push(resolve));
    if (options.replace) this.history.replace(to);
    else this.history.push(to);
    return settled;
  }

  #set(next: Partial<AppRouterState>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.#listeners) listener(this.state);
    if (this.state.navigation === 'idle') {
      const idle = this.#idle;
      this.#idle = [];
      for (const resolve of idle) resolve();
    }
  }

  async #resolve(action: NavigationType, location: Location) {
    const navigation = ++this.#navigation;
    if (this.state.ready && this.state.navigation !== 'loading')
      this.#set({ navigation: 'loading' });
    const matches = matchRoutes(this.routes, location) ?? [];
    const handles = matches.map((m) => m.route.handle as RouteHandle | undefined);
    // Modules load while the guard runs, as a data router's lazy routes beside their loaders.
    const modules = Promise.all(handles.map((h) => h?.part?.load()));
    modules.catch(() => undefined);
    const leaf = matches.at(-1);
    let error: unknown = null;
    try {
      const check = leaf && handles.at(-1)?.check;
      const target = check ? await check({ location, params: leaf.params }) : null;
      if (navigation !== this.#navigation) return;
      if (target) {
        // The listener resolves the target; this navigation's waiters settle with it.
        this.history.replace(target);
        return;
      }
      await modules;
    } catch (failed) {
      error = failed;
    }
    if (navigation !== this.#navigation) return;
    this.#set({ location, action, matches, navigation: 'idle', error, ready: true });
  }
}
