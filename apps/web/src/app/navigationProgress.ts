import type { AppRouterState } from './router/appRouter.ts';

export interface ProgressBar {
  start(): void;
  complete(): void;
}

/** The part of router state the bar follows. */
export interface NavigationSnapshot {
  navigating: boolean;
  locationKey: string;
}

export type ProgressStep = 'start' | 'complete' | 'pulse' | null;

/**
 * Spec §2: the bar starts when a navigation starts and completes after it finishes. A
 * navigation with nothing to load changes the location without a loading phase; it still
 * gets a short pulse so every navigation shows.
 */
export function progressStep(prev: NavigationSnapshot, next: NavigationSnapshot): ProgressStep {
  if (!prev.navigating && next.navigating) return 'start';
  if (prev.navigating && !next.navigating) return 'complete';
  if (!next.navigating && prev.locationKey !== next.locationKey) return 'pulse';
  return null;
}

export function snapshot(
  state: Pick<AppRouterState, 'navigation' | 'location'>,
): NavigationSnapshot {
  return { navigating: state.navigation !== 'idle', locationKey: state.location.key };
}

interface Subscribable {
  state: AppRouterState;
  subscribe(fn: (state: AppRouterState) => void): () => void;
}

/** Drives the top loading bar from the router; returns the unsubscribe function. */
export function connectNavigationProgress(router: Subscribable, bar: ProgressBar): () => void {
  let prev = snapshot(router.state);
  return router.subscribe((state) => {
    const next = snapshot(state);
    const step = progressStep(prev, next);
    prev = next;
    if (step === 'start') bar.start();
    else if (step === 'complete') bar.complete();
    else if (step === 'pulse') {
      bar.start();
      bar.complete();
    }
  });
}
