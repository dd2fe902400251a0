import type { AccountDto } from '@podium/protocol';
import {
  afterSignInPath,
  fullPath,
  loginPath,
  NAMED_PATHS,
  verifyCodePath,
  type PathLocation,
} from '../shared/routing/paths.ts';
import type { LayoutName, RouteMeta } from '../shared/routing/types.ts';

export {
  afterAuthPath,
  afterSignInPath,
  loginPath,
  verifyCodePath,
} from '../shared/routing/paths.ts';

/** What the guards need to know about the account. */
export type GuardAccount = Pick<AccountDto, 'account_status' | 'email' | 'phone_number'> &
  Partial<Pick<AccountDto, 'username'>>;

export interface GuardSession {
  signedIn: boolean;
  /** The loaded account, or null when signed out or it could not be loaded. */
  account: GuardAccount | null;
}

export type GuardLocation = PathLocation;

export interface GuardInput {
  meta: RouteMeta;
  layout: LayoutName;
  location: GuardLocation;
  session: GuardSession;
}

/** Spec §2: the root path goes to main when signed in, otherwise to login. */
export function rootRedirect(session: Pick<GuardSession, 'signedIn'>): string {
  return session.signedIn ? NAMED_PATHS.main : NAMED_PATHS.login;
}

/**
 * Decides whether a visit may proceed. Returns the path to redirect to, or null to let it
 * through. Pure so every rule is unit tested (guards.test.ts).
 */
export function guardRoute({ meta, layout, location, session }: GuardInput): string | null {
  const here = fullPath(location);
  const { signedIn, account } = session;

  if (meta.requiresAuth && !signedIn) return loginPath(here);

  // An unconfirmed account may not use the app yet (spec §2); auth pages stay reachable.
  if (signedIn && account?.account_status === 'verifying') {
    return meta.requiresAuth || layout === 'main' ? verifyCodePath(account, here) : null;
  }

  const active = signedIn && account?.account_status === 'active';
  if (active && (meta.guestOnly || meta.name === 'verify_code')) {
    return afterSignInPath(location);
  }
  return null;
}
