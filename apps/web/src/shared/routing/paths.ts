import type { RouteName } from './types.ts';

/** Paths of the named routes (spec §2); use these instead of string literals. */
export const NAMED_PATHS: Record<RouteName, string> = {
  login: '/login',
  main: '/app',
  verify_code: '/verify-code',
};

export const SIGNUP_PATH = '/signup';
export const REDIRECT_PARAM = 'redirect';

const SAFE_BASE = 'http://podium.invalid';

/**
 * Where to go after sign-in. SECURITY: only a same-origin relative path is accepted — an
 * absolute URL, a protocol-relative `//host` or a backslash trick (`/\host`, which browsers
 * read as `//host`) would turn the login page into an open redirect. Auth pages are refused
 * too so a crafted link cannot loop the user back to sign in.
 */
export function safeRedirectTarget(
  raw: string | null | undefined,
  fallback: string = NAMED_PATHS.main,
): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, SAFE_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== SAFE_BASE) return fallback;
  if ([NAMED_PATHS.login, SIGNUP_PATH].includes(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function withRedirect(path: string, redirectTo: string | null | undefined): string {
  if (!redirectTo) return path;
  const params = new URLSearchParams({ [REDIRECT_PARAM]: redirectTo });
  return `${path}?${params.toString()}`;
}

/** What path builders need to know about an account. */
export interface AccountIdentity {
  email: string | null;
  phone_number: string | null;
  username?: string | null;
  account_status: 'verifying' | 'active' | 'disabled';
}

export interface PathLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

export function fullPath({ pathname, search = '', hash = '' }: PathLocation): string {
  return `${pathname}${search}${hash}`;
}

/** Spec §2: login with a redirect query holding the original full path. */
export function loginPath(redirectTo?: string): string {
  return withRedirect(NAMED_PATHS.login, redirectTo);
}

/** The identifier a verifying account confirms: its email, else its phone number (spec §2). */
export function verificationUsername(account: AccountIdentity): string {
  return account.email ?? account.phone_number ?? account.username ?? '';
}

export function verifyCodePath(account: AccountIdentity, redirectTo?: string | null): string {
  const params = new URLSearchParams({ username: verificationUsername(account) });
  if (redirectTo) params.set(REDIRECT_PARAM, redirectTo);
  return `${NAMED_PATHS.verify_code}?${params.toString()}`;
}

export function redirectParam(location: PathLocation): string | null {
  return new URLSearchParams(location.search ?? '').get(REDIRECT_PARAM);
}

/** Where a person goes after signing in (or verifying), from the current location's query. */
export function afterSignInPath(location: PathLocation): string {
  return safeRedirectTarget(redirectParam(location));
}

/**
 * After login or signup: an unconfirmed account confirms first (keeping where it was going),
 * everyone else goes back to the redirect target or main.
 */
export function afterAuthPath(account: AccountIdentity, location: PathLocation): string {
  if (account.account_status === 'verifying') {
    const target = redirectParam(location);
    return verifyCodePath(account, target ? safeRedirectTarget(target) : null);
  }
  return afterSignInPath(location);
}
