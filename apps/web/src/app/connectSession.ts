import { onLoggedOut, wireSessionExpiry } from '../shared/session/logout.ts';
import { fullPath, loginPath, NAMED_PATHS } from '../shared/routing/paths.ts';

export interface NavigableRouter {
  state: { location: { pathname: string; search: string; hash: string } };
  navigate(to: string, options?: { replace?: boolean }): Promise<void>;
}

/** 401/403 sign out (spec §4), and every logout lands on the login page. */
export function connectSession(router: NavigableRouter): () => void {
  const offExpiry = wireSessionExpiry();
  const offLoggedOut = onLoggedOut((reason) => {
    const here = router.state.location;
    // After an expired session, signing in again should come back to the same page.
    const target =
      reason === 'expired' && !here.pathname.startsWith(NAMED_PATHS.login)
        ? loginPath(fullPath(here))
        : NAMED_PATHS.login;
    void router.navigate(target, { replace: true });
  });
  return () => {
    offExpiry();
    offLoggedOut();
  };
}
