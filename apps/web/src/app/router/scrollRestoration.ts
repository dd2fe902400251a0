import { useEffect, useLayoutEffect, useRef } from 'react';
import { useAppRouterState } from './RouterView.tsx';

/** Where the positions wait across a reload (React Router's ScrollRestoration used this key). */
const STORAGE_KEY = 'react-router-scroll-positions';

function savedPositions(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof saved === 'object' && saved !== null ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The element a `#hash` names, if any (a malformed escape names none). */
function elementOf(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * What React Router's ScrollRestoration did: back and forward (and a reload) return to where the
 * page was scrolled, a link to a `#hash` scrolls to its element, any other navigation starts at
 * the top. Positions are kept per history entry (the location's key).
 */
export function useScrollRestoration() {
  const { location, action } = useAppRouterState();
  const positions = useRef<Record<string, number> | null>(null);
  const shown = useRef<string | null>(null);

  useEffect(() => {
    positions.current ??= savedPositions();
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      if (shown.current && positions.current) positions.current[shown.current] = window.scrollY;
    };
    const persist = () => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.history.scrollRestoration = 'auto';
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= savedPositions();
    const first = shown.current === null;
    shown.current = location.key;
    const saved = positions.current[location.key];
    if ((first || action === 'POP') && typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash ? elementOf(location.hash) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, action]);
}
